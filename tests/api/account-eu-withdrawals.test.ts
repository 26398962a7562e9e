// EU withdrawals on REST and GraphQL: a customer's for their own order, a guest's by order number and email,
// idempotent per order (the same uuid comes back); list and one for the customer; bad input and isolation.
import { beforeAll, describe, expect, it } from "vitest";
import { customer, getDb, storefrontKey } from "../support/client.ts";
import { invoke, must, VIAS } from "../support/invoke.ts";
import { placeTestOrder, testProduct } from "../support/orders.ts";
import { createEuWithdrawal, createGuestEuWithdrawal, euWithdrawal, euWithdrawals } from "../../lib/eu-withdrawals/operations.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const withdrawalsOf = async (orderId: number) => (await getDb()).euWithdrawal.findMany({ where: { orderId } });

async function orderOf(owner?: { id: number; email: string }, guestEmail?: string) {
  const product = await testProduct();
  return placeTestOrder({ customer: owner, guestEmail, lines: [{ productId: product.id, qty: 1 }], status: "completed" });
}

describe.each(VIAS)("EU withdrawals over %s", (via) => {
  it("records a customer's withdrawal once and returns the same uuid when asked again", async () => {
    const me = await customer(key);
    const order = await orderOf(me);
    const auth = { key, bearer: me.token };
    const first = must(await invoke(via, createEuWithdrawal, { orderId: order.id, reasonText: "Changed my mind." }, auth));
    expect(first).toMatchObject({ orderId: order.id, orderIncrementId: order.incrementId, isGuest: false, customerEmail: me.email, status: "received", reasonText: "Changed my mind." });
    expect(first.uuid).toMatch(UUID);
    const again = must(await invoke(via, createEuWithdrawal, { orderId: order.id }, auth));
    expect(again).toMatchObject({ id: first.id, uuid: first.uuid, reasonText: "Changed my mind." });
    expect(await withdrawalsOf(order.id)).toHaveLength(1);
  });

  it("lists and shows the customer's withdrawals only", async () => {
    const me = await customer(key);
    const other = await customer(key);
    const mine = must(await invoke(via, createEuWithdrawal, { orderId: (await orderOf(me)).id }, { key, bearer: me.token }));
    const theirs = must(await invoke(via, createEuWithdrawal, { orderId: (await orderOf(other)).id }, { key, bearer: other.token }));
    const auth = { key, bearer: me.token };
    const list = await invoke(via, euWithdrawals, {}, auth);
    expect(must(list).map((w: { id: number }) => w.id)).toEqual([mine.id]);
    expect(list.total).toBe(1);
    expect(must(await invoke(via, euWithdrawal, { id: mine.id }, auth))).toMatchObject({ id: mine.id, uuid: mine.uuid });
    expect((await invoke(via, euWithdrawal, { id: theirs.id }, auth)).status).toBe(404);
  });

  it("answers 404 for another customer's order and writes nothing", async () => {
    const me = await customer(key);
    const other = await customer(key);
    const theirs = await orderOf(other);
    expect((await invoke(via, createEuWithdrawal, { orderId: theirs.id }, { key, bearer: me.token })).status).toBe(404);
    expect((await invoke(via, createEuWithdrawal, { orderId: 987654321 }, { key, bearer: me.token })).status).toBe(404);
    expect(await withdrawalsOf(theirs.id)).toEqual([]);
  });

  it("takes a guest's withdrawal by order number and email, idempotently", async () => {
    const order = await orderOf(undefined, "Guest.Buyer@example.com");
    const input = { orderIncrementId: order.incrementId, email: "guest.buyer@example.com", reasonText: "Too small." };
    const first = must(await invoke(via, createGuestEuWithdrawal, input, { key }));
    expect(first).toMatchObject({ orderId: order.id, isGuest: true, customerEmail: "Guest.Buyer@example.com", status: "received" });
    const again = must(await invoke(via, createGuestEuWithdrawal, { ...input, email: "GUEST.BUYER@example.com" }, { key }));
    expect(again.uuid).toBe(first.uuid);
    expect(await withdrawalsOf(order.id)).toHaveLength(1);
  });

  it("shows a withdrawal made through the guest form to the order's customer", async () => {
    const me = await customer(key);
    const order = await orderOf(me);
    const guest = must(await invoke(via, createGuestEuWithdrawal, { orderIncrementId: order.incrementId, email: me.email }, { key }));
    const mine = must(await invoke(via, createEuWithdrawal, { orderId: order.id }, { key, bearer: me.token }));
    expect(mine.uuid).toBe(guest.uuid);
    expect(must(await invoke(via, euWithdrawals, {}, { key, bearer: me.token })).map((w: { id: number }) => w.id)).toEqual([guest.id]);
  });

  it.each([
    ["a wrong email", (n: string) => ({ orderIncrementId: n, email: "someone.else@example.com" }), 404],
    ["an unknown order number", () => ({ orderIncrementId: "000-no-such-order", email: "guest@example.com" }), 404],
    ["an invalid email", (n: string) => ({ orderIncrementId: n, email: "not-an-email" }), 422],
    ["an empty order number", () => ({ orderIncrementId: " ", email: "guest@example.com" }), 422],
  ])("refuses a guest withdrawal with %s and writes nothing", async (_name, input, status) => {
    const order = await orderOf(undefined, "guest@example.com");
    expect((await invoke(via, createGuestEuWithdrawal, input(order.incrementId), { key })).status).toBe(status);
    expect(await withdrawalsOf(order.id)).toEqual([]);
  });

  it("needs a customer for the account form", async () => {
    const order = await orderOf(undefined, "guest@example.com");
    expect((await invoke(via, createEuWithdrawal, { orderId: order.id }, { key })).status).toBe(401);
    expect((await invoke(via, euWithdrawals, {}, { key })).status).toBe(401);
  });
});

describe("EU withdrawals under concurrency", () => {
  it("keeps one withdrawal per order when requests race", async () => {
    const me = await customer(key);
    const order = await orderOf(me);
    const answers = await Promise.all([1, 2, 3, 4].map(() => invoke("rest", createEuWithdrawal, { orderId: order.id }, { key, bearer: me.token })));
    expect(new Set(answers.map((a) => must(a).uuid)).size).toBe(1);
    expect(await withdrawalsOf(order.id)).toHaveLength(1);
  });
});
