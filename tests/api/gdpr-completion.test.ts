// Completing GDPR requests (issue 32, item 4). A `delete` request erases the customer: account details, sign-in,
// address book, carts, lists, newsletter and earlier mails go; orders stay, anonymised; the completion mail goes to
// the address held until then, and is the one record of it left. An `export` request gives the customer, and an
// admin with the GDPR permission, everything held about them as JSON. An `update` request's completion erases nothing.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { adminCall, adminToken, asAdmin } from "../support/admin.ts";
import { invoke, VIAS } from "../support/invoke.ts";
import { placeTestOrder } from "../support/orders.ts";
import { freshProduct } from "../support/checkout.ts";
import { runMailJobs } from "../support/jobs.ts";
import { smtpServer } from "../support/smtp.ts";

let key: string;
let admin: string;
beforeAll(async () => {
  [key, admin] = await Promise.all([storefrontKey(), adminToken()]);
});

/** A customer with an address, a wishlist entry, a review, a newsletter subscription and an order. */
async function fullCustomer() {
  const me = await customer(key, { phone: "555-0199" });
  const db = await getDb();
  const product = await freshProduct({ qty: 5, price: "12" });
  const auth = { key, bearer: me.token };
  expect((await call("POST", "/api/shop/customer-addresses", {
    firstName: "Erin", lastName: "Erase", address: ["9 Private Lane"], city: "Springfield", country: "US", state: "IL", postcode: "62701", phone: "555-0199", email: me.email,
  }, auth)).status).toBeLessThan(300);
  await db.wishlistItem.create({ data: { customerId: me.id, productId: product, channelId: 1 } });
  await db.productReview.create({ data: { productId: product, customerId: me.id, name: "Erin Erase", email: me.email, title: "Fine", comment: "Fine shirt.", rating: 4 } });
  await db.newsletterSubscriber.create({ data: { email: me.email, channelId: 1, customerId: me.id, token: `t-${me.id}-${Date.now()}` } });
  const order = await placeTestOrder({ customer: { id: me.id, email: me.email }, lines: [{ productId: product, qty: 1 }] });
  return { me, auth, order, product };
}

async function complete(via: (typeof VIAS)[number], id: number) {
  expect((await asAdmin(via, admin, "processAdminGdprRequest", { id })).status).toBe(200);
  const done = await asAdmin(via, admin, "completeAdminGdprRequest", { id });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

describe.each(VIAS)("a completed GDPR delete request over %s", (via) => {
  it("erases the customer, keeps their orders anonymised, and tells them once at the address it erased", async () => {
    const { me, auth, order } = await fullCustomer();
    const db = await getDb();
    const request = await invoke("rest", "createGdprRequest", { type: "delete", message: "Please erase me." }, auth);
    expect(request.status).toBe(201);
    const inbox = await smtpServer();
    vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${inbox.port}`);
    try {
      await complete(via, request.data.id);

      const erased = await db.customer.findUniqueOrThrow({ where: { id: me.id } });
      expect(erased).toMatchObject({ firstName: "Erased", lastName: "Erased", phone: null, subscribedToNewsletter: false, isSuspended: true });
      expect(erased.email).not.toBe(me.email);
      expect(await db.customer.count({ where: { email: me.email } })).toBe(0);
      expect(await db.customerToken.count({ where: { customerId: me.id } })).toBe(0);
      expect(await db.customerAddress.count({ where: { customerId: me.id } })).toBe(0);
      expect(await db.wishlistItem.count({ where: { customerId: me.id } })).toBe(0);
      expect(await db.newsletterSubscriber.count({ where: { OR: [{ customerId: me.id }, { email: me.email }] } })).toBe(0);
      expect(await db.productReview.findMany({ where: { customerId: me.id }, select: { name: true, email: true, comment: true } })).toEqual([{ name: "Anonymous", email: null, comment: "Fine shirt." }]);

      // The order stays for the books, without the person: no name, email, phone or street.
      const kept = await db.order.findUniqueOrThrow({ where: { id: order.id }, include: { addresses: true, items: true } });
      expect(kept.items).toHaveLength(1);
      expect(kept).toMatchObject({ customerFirstName: "Erased", customerLastName: "Erased" });
      expect(kept.customerEmail).not.toBe(me.email);
      for (const a of kept.addresses) expect(a).toMatchObject({ firstName: "Erased", lastName: "Erased", email: null, phone: null, address: "Erased", country: "US" });

      // One mail is left at the old address: the completion. Once it is sent, the address goes from it too.
      const [last] = await db.mailMessage.findMany({ where: { to: me.email } });
      expect((await db.mailMessage.findMany({ where: { to: me.email } })).map((m) => m.kind)).toEqual(["gdpr_completed"]);
      expect((await db.gdprRequest.findUniqueOrThrow({ where: { id: request.data.id } })).email).not.toBe(me.email);
      await runMailJobs(new Date(Date.now() + 1000));
      expect(inbox.mails.filter((m) => m.envelopeTo.includes(me.email)).map((m) => m.mail.text)).toEqual([expect.stringContaining(`#${request.data.id}`)]);
      expect(await db.mailMessage.count({ where: { to: me.email } })).toBe(0);
      expect(await db.mailMessage.findUniqueOrThrow({ where: { id: last.id } })).toMatchObject({ text: "", html: "", sentAt: expect.any(Date) });
    } finally {
      vi.unstubAllEnvs();
      await inbox.close();
    }

    // Signed out everywhere, and no way back in.
    expect((await call("GET", "/api/shop/customer-profile", undefined, auth)).status).toBeGreaterThanOrEqual(401);
    const login = await invoke(via, "createCustomerLogin", { email: me.email, password: me.password }, { key });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);
  });

  it("erases nothing when an update request is completed", async () => {
    const { me, auth } = await fullCustomer();
    const request = await invoke("rest", "createGdprRequest", { type: "update", message: "Fix my name." }, auth);
    await complete(via, request.data.id);
    const db = await getDb();
    expect((await db.customer.findUniqueOrThrow({ where: { id: me.id } })).email).toBe(me.email);
    expect(await db.customerAddress.count({ where: { customerId: me.id } })).toBe(1);
    expect((await call("GET", "/api/shop/customer-profile", undefined, auth)).status).toBe(200);
  });
});

describe.each(VIAS)("a completed GDPR export request over %s", (via) => {
  it("gives the customer and a GDPR admin everything held about the customer as JSON, and nobody else", async () => {
    const { me, auth, order } = await fullCustomer();
    const request = await invoke(via, "createGdprRequest", { type: "export", message: "What do you hold about me?" }, auth);
    expect(request.status, JSON.stringify(request.body)).toBe(201);
    expect(request.data.type).toBe("export");
    const id = request.data.id as number;
    const file = (bearer: string) => call("GET", `/api/shop/gdpr-requests/${id}/export`, undefined, { key, bearer });
    expect((await file(me.token)).status).toBe(409);
    await complete(via, id);

    const mine = await file(me.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toMatch(/^application\/json/);
    expect(mine.headers.get("content-disposition")).toMatch(/attachment/);
    const data = typeof mine.body === "string" ? JSON.parse(mine.body) : mine.body;
    expect(data).toMatchObject({ requestId: id, id: me.id, email: me.email, phone: "555-0199" });
    expect(data.addresses.map((a: { city: string }) => a.city)).toEqual(["Springfield"]);
    expect(data.orders.map((o: { incrementId: string; items: unknown[] }) => [o.incrementId, o.items.length])).toEqual([[order.incrementId, 1]]);
    expect(data.reviews.map((r: { comment: string }) => r.comment)).toEqual(["Fine shirt."]);
    expect(data.wishlistItems).toHaveLength(1);
    expect(data.gdprRequests.map((r: { type: string }) => r.type)).toEqual(["export"]);
    // No credentials: not the password's hash, not a token.
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/passwordHash|apiToken/);
    expect(text).not.toContain(me.token);

    const other = await customer(key);
    expect((await file(other.token)).status).toBe(404);
    expect((await adminCall(admin, "GET", `/api/admin/gdpr-requests/${id}/export`)).status).toBe(200);
    const narrow = await adminToken({ role: ["sales.orders"] });
    expect((await adminCall(narrow, "GET", `/api/admin/gdpr-requests/${id}/export`)).status).toBe(403);
  });

  it("has no file for another kind of request", async () => {
    const { auth } = await fullCustomer();
    const request = await invoke(via, "createGdprRequest", { type: "update", message: "Fix my name." }, auth);
    await complete(via, request.data.id);
    expect((await call("GET", `/api/shop/gdpr-requests/${request.data.id}/export`, undefined, auth)).status).toBe(409);
    expect((await adminCall(admin, "GET", `/api/admin/gdpr-requests/${request.data.id}/export`)).status).toBe(409);
  });
});
