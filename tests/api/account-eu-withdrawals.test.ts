// EU withdrawals on REST and GraphQL: a customer's for their own order, a guest's by order number and email,
// idempotent per order (the same uuid comes back); list and one for the customer; bad input and isolation.
// Issue 28 item 7: the guest form spends an attempt budget (per order number, per email, per address) and refuses an
// order placed with a customer account.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
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

  it("refuses the guest form for an order placed with an account (403 order_has_account), writing nothing; its customer withdraws signed in", async () => {
    const me = await customer(key);
    const order = await orderOf(me);
    const refused = await invoke(via, createGuestEuWithdrawal, { orderIncrementId: order.incrementId, email: me.email }, { key });
    expect(refused.status).toBe(403);
    expect(refused.code).toBe("order_has_account");
    expect(refused.message).toMatch(/customer account: sign in/);
    expect(await withdrawalsOf(order.id)).toEqual([]);
    expect(await (await getDb()).mailMessage.count({ where: { to: me.email, kind: { contains: "withdrawal" } } })).toBe(0);
    // A wrong email for the same order is the plain 404: the refusal reveals nothing to someone who does not know both.
    expect((await invoke(via, createGuestEuWithdrawal, { orderIncrementId: order.incrementId, email: "someone.else@example.com" }, { key })).status).toBe(404);

    const mine = must(await invoke(via, createEuWithdrawal, { orderId: order.id }, { key, bearer: me.token }));
    expect(mine).toMatchObject({ orderId: order.id, isGuest: false });
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

describe.each(VIAS)("the guest EU-withdrawal form's attempt budget over %s", (via) => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  });
  let octet = 0;
  const from = (ip = `198.18.${VIAS.indexOf(via)}.${++octet}`) => ({ key, headers: { "X-Forwarded-For": ip } });

  function expectRateLimited(r: Awaited<ReturnType<typeof invoke>>) {
    expect(r.status).toBe(429);
    expect(r.code).toBe("rate_limit_exceeded");
    expect(Number(r.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
  }

  it("per order number: guessing emails for one order from many addresses runs out, even for the right email; nothing is written", async () => {
    process.env.EU_WITHDRAWAL_LIMIT_PER_ACCOUNT = "3";
    const order = await orderOf(undefined, "guest@example.com");
    for (let i = 0; i < 3; i++) {
      expect((await invoke(via, createGuestEuWithdrawal, { orderIncrementId: order.incrementId, email: `guess${i}@example.com` }, from())).status).toBe(404);
    }
    expectRateLimited(await invoke(via, createGuestEuWithdrawal, { orderIncrementId: order.incrementId, email: "guest@example.com" }, from()));
    expect(await withdrawalsOf(order.id)).toEqual([]);
  });

  it("per email: guessing order numbers for one email runs out", async () => {
    process.env.EU_WITHDRAWAL_LIMIT_PER_ACCOUNT = "2";
    const email = `target.${via}@example.com`;
    const order = await orderOf(undefined, email);
    for (const n of [`000-guess-1-${via}`, `000-guess-2-${via}`]) {
      expect((await invoke(via, createGuestEuWithdrawal, { orderIncrementId: n, email: email.toUpperCase() }, from())).status).toBe(404);
    }
    expectRateLimited(await invoke(via, createGuestEuWithdrawal, { orderIncrementId: order.incrementId, email }, from()));
    expect(await withdrawalsOf(order.id)).toEqual([]);
  });

  it("per address: one address trying many orders runs out; another address is served", async () => {
    process.env.EU_WITHDRAWAL_LIMIT_PER_ADDRESS = "2";
    const ip = `198.18.9${VIAS.indexOf(via)}.1`;
    const order = await orderOf(undefined, "guest@example.com");
    for (const n of ["000-spray-1", "000-spray-2"]) {
      expect((await invoke(via, createGuestEuWithdrawal, { orderIncrementId: `${n}-${via}`, email: "guest@example.com" }, from(ip))).status).toBe(404);
    }
    expectRateLimited(await invoke(via, createGuestEuWithdrawal, { orderIncrementId: order.incrementId, email: "guest@example.com" }, from(ip)));
    expect(await withdrawalsOf(order.id)).toEqual([]);
    expect(must(await invoke(via, createGuestEuWithdrawal, { orderIncrementId: order.incrementId, email: "guest@example.com" }, from()))).toMatchObject({ orderId: order.id, isGuest: true });
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
