// Coupons, URL redirects, newsletter subscribers, GDPR requests and EU withdrawals over the Admin API.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { adminCall, adminToken, hiddenProduct, makeOrder, asAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";
import { newUuid } from "../../lib/auth/secrets.ts";

let token: string;
beforeAll(async () => {
  token = await adminToken();
});

const couponCreate = "createAdminCoupon";

describe.each(VIAS)("coupons and redirects over %s", (transport) => {
  it("creates a coupon the cart accepts, and refuses bad ones", async () => {
    const code = unique("SAVE").toUpperCase();
    const res = await asAdmin(transport, token, couponCreate, { code, name: "Spring", type: "percent", amount: 15, usageLimit: 10 });
    expect(res.status, JSON.stringify(res.raw)).toBe(201);
    expect(res.data).toMatchObject({ code, type: "percent", amount: 15, usageLimit: 10, status: true });
    const cases: [string, Record<string, unknown>, string][] = [
      ["duplicate", { code }, "code"],
      ["bad type", { type: "bogo" }, "type"],
      ["zero amount", { amount: 0 }, "amount"],
      ["percent over 100", { type: "percent", amount: 150 }, "amount"],
      ["ends before it starts", { startsAt: "2030-01-02T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" }, "endsAt"],
      ["bad code", { code: "no spaces" }, "code"],
    ];
    for (const [label, patch, field] of cases) {
      const c = unique("C").toUpperCase();
      const r = await asAdmin(transport, token, couponCreate, { code: c, name: "X", type: "fixed", amount: 5, ...patch });
      expect(r.status, label).toBe(422);
      expect(Object.keys(r.fields), label).toContain(field);
      expect(await (await getDb()).coupon.count({ where: { code: (patch.code as string) ?? c } }), label).toBe(label === "duplicate" ? 1 : 0);
    }
  });

  it("creates redirects; a path redirects once per locale and never to itself", async () => {
    const from = `/${unique("old")}`;
    const create = "createAdminUrlRedirect";
    const ok = await asAdmin(transport, token, create, { fromPath: from, toPath: "/new", statusCode: 302 });
    expect(ok.data).toMatchObject({ fromPath: from, toPath: "/new", statusCode: 302, locale: "" });
    expect((await asAdmin(transport, token, create, { fromPath: from, toPath: "/other" })).status).toBe(422);
    expect((await asAdmin(transport, token, create, { fromPath: "/same", toPath: "/same" })).status).toBe(422);
    expect((await asAdmin(transport, token, create, { fromPath: "no-slash", toPath: "/x" })).status).toBe(422);
    expect((await asAdmin(transport, token, create, { fromPath: `/${unique("p")}`, toPath: "/x", statusCode: 307 })).status).toBe(422);
    expect((await asAdmin(transport, token, create, { fromPath: from, toPath: "/fr", locale: "fr" })).status).toBe(201);
  });
});

describe("newsletter subscribers", () => {
  it("unsubscribes an address (and its customer's flag) and deletes it", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key, { subscribedToNewsLetter: true });
    const row = await (await getDb()).newsletterSubscriber.findFirst({ where: { email: shopper.email } });
    const sub = row ?? (await (await getDb()).newsletterSubscriber.create({ data: { email: shopper.email, channelId: 1, customerId: shopper.id, token: newUuid() } }));
    const listed = await adminCall(token, "GET", `/api/admin/marketing/newsletter-subscribers?email=${encodeURIComponent(shopper.email)}`);
    expect(listed.body.data.map((s: { id: number }) => s.id)).toEqual([sub.id]);
    const off = await adminCall(token, "PATCH", `/api/admin/marketing/newsletter-subscribers/${sub.id}`, { is_subscribed: false });
    expect(off.body.isSubscribed).toBe(false);
    if (sub.customerId) expect((await (await getDb()).customer.findUniqueOrThrow({ where: { id: sub.customerId } })).subscribedToNewsletter).toBe(false);
    expect((await adminCall(token, "PATCH", `/api/admin/marketing/newsletter-subscribers/${sub.id}`, { email: "x@y.z" })).status).toBe(422);
    expect((await adminCall(token, "DELETE", `/api/admin/marketing/newsletter-subscribers/${sub.id}`)).status).toBe(200);
    expect((await adminCall(token, "POST", "/api/admin/marketing/newsletter-subscribers", { email: "a@b.c" })).status).toBe(405);
  });
});

describe.each(VIAS)("GDPR requests and EU withdrawals over %s", (transport) => {
  it("moves a GDPR request pending → processing → completed; declining then is refused", async () => {
    const db = await getDb();
    const c = await db.customer.create({ data: { firstName: "G", lastName: "D", email: `${unique("gdpr")}@example.com`, passwordHash: "x", apiToken: unique("api") } });
    const r = await db.gdprRequest.create({ data: { customerId: c.id, email: c.email, type: "delete", message: "Please forget me" } });
    const act = (verb: string) => asAdmin(transport, token, `${verb}AdminGdprRequest`, { id: r.id, ...(verb === "decline" ? { reason: "Too late." } : {}) });
    expect((await act("complete")).status).toBe(409);
    expect((await act("process")).data.status).toBe("processing");
    expect((await act("complete")).data.status).toBe("completed");
    expect((await act("decline")).status).toBe(409);
    expect((await db.gdprRequest.findUniqueOrThrow({ where: { id: r.id } })).status).toBe("completed");
    const listed = await adminCall(token, "GET", `/api/admin/gdpr-requests?customer_id=${c.id}`);
    expect(listed.body.data).toHaveLength(1);
  });

  it("confirms, refunds and declines EU withdrawals through their allowed moves", async () => {
    const db = await getDb();
    const product = await hiddenProduct();
    const order = await makeOrder({ lines: [{ productId: product.id, qty: 1, price: 3 }] });
    const w = await db.euWithdrawal.create({ data: { uuid: newUuid(), orderId: order.id, orderIncrementId: order.incrementId, customerEmail: "buyer@example.com", isGuest: true } });
    const act = (verb: string) => asAdmin(transport, token, `${verb}AdminEuWithdrawal`, { id: w.id });
    expect((await act("refund")).status).toBe(409);
    expect((await act("confirm")).data.status).toBe("confirmed");
    expect((await act("refund")).data.status).toBe("refunded");
    expect((await act("decline")).status).toBe(409);
    const viewer = await adminToken({ scope: "custom", permissions: ["eu-withdrawals.view"] });
    expect((await adminCall(viewer, "GET", `/api/admin/eu-withdrawals/${w.id}`)).body.status).toBe("refunded");
    expect((await adminCall(viewer, "POST", `/api/admin/eu-withdrawals/${w.id}/decline`, {})).status).toBe(403);
    expect((await call("GET", `/api/admin/eu-withdrawals/${w.id}`)).status).toBe(401);
  });
});
