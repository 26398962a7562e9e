// The writes the storefront key alone may make (SPEC.md Shop, public; WIRE.md Other customer records, Cart):
// contact-us, newsletter subscription and guest cart tokens, on REST and GraphQL.
import { describe, expect, it } from "vitest";
import { BASE } from "../support/app.ts";
import { cartToken, customer, getDb, graphql, storefrontKey, unique } from "../support/client.ts";
import { count, expectNoServerError, transportsOf } from "../support/gate-helpers.ts";
import { sha256 } from "../../lib/auth/secrets.ts";
import { openGate } from "../../lib/http/context.ts";

const contactUs = transportsOf("createContactUs");
const newsletter = [
  ...transportsOf("createNewsletter").map((t) => ({ ...t, alias: false })),
  // WIRE.md: the alias some GraphQL clients call.
  ...transportsOf("createNewsletterSubscription").map((t) => ({ ...t, alias: true })),
];
const cartTokens = transportsOf("createCartToken");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const defaultChannelId = async () => (await (await getDb()).channel.findUniqueOrThrow({ where: { code: "default" } })).id;

describe.each(contactUs)("contact us ($name)", (transport) => {
  it("records the enquiry and thanks the sender", async () => {
    const key = await storefrontKey();
    const email = `${unique("Contact")}@Example.com`;
    const res = await transport.send({ name: "  Grace Hopper ", email, contact: "+1 555 0100", message: "Do you ship to Mars?" }, { key });

    expect(res.status, JSON.stringify(res.raw)).toBe(transport.success);
    expect(res.data).toEqual({ success: true, message: expect.any(String) });
    const rows = await (await getDb()).contactMessage.findMany({ where: { email: email.toLowerCase() } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Grace Hopper", email: email.toLowerCase(), contact: "+1 555 0100", message: "Do you ship to Mars?" });
  });

  it("the contact number is optional and stored as null", async () => {
    const key = await storefrontKey();
    const email = `${unique("contact")}@example.com`;
    expect((await transport.send({ name: "Alan", email, message: "Hello" }, { key })).status).toBe(transport.success);

    const row = await (await getDb()).contactMessage.findFirstOrThrow({ where: { email } });
    expect(row.contact).toBeNull();
  });

  const invalid: { name: string; input: (email: string) => Record<string, unknown>; field: string; graphqlStatus?: number }[] = [
    { name: "a malformed email", input: () => ({ name: "N", email: "grace@", message: "m" }), field: "email" },
    { name: "a missing message", input: (email) => ({ name: "N", email }), field: "message", graphqlStatus: 400 },
    { name: "a blank message", input: (email) => ({ name: "N", email, message: "   " }), field: "message" },
    { name: "a missing name", input: (email) => ({ email, message: "m" }), field: "name", graphqlStatus: 400 },
    { name: "a message over 5000 characters", input: (email) => ({ name: "N", email, message: "x".repeat(5001) }), field: "message" },
    { name: "a contact number over 40 characters", input: (email) => ({ name: "N", email, message: "m", contact: "1".repeat(41) }), field: "contact" },
  ];

  it.each(invalid)("$name: 422 on $field, nothing written", async ({ input, field, graphqlStatus }) => {
    const key = await storefrontKey();
    const email = `${unique("bad")}@example.com`;
    const res = await transport.send(input(email), { key });

    expect(res.status, JSON.stringify(res.raw)).toBe(transport.name === "GraphQL" && graphqlStatus ? graphqlStatus : 422);
    expectNoServerError(res);
    if (res.status === 422) expect(res.fields[field]?.length).toBeGreaterThan(0);
    expect(await count("contactMessage", { email: { in: [email, "grace@"] } })).toBe(0);
  });
});

describe.each(newsletter)("newsletter ($name)", (transport) => {
  it("subscribes a new email in the request's channel", async () => {
    const key = await storefrontKey();
    const email = `${unique("news")}@example.com`;
    const res = await transport.send({ customerEmail: email }, { key });

    expect(res.status, JSON.stringify(res.raw)).toBe(transport.success);
    expect(res.data).toEqual({ success: true, message: expect.any(String) });
    const rows = await (await getDb()).newsletterSubscriber.findMany({ where: { email } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channelId: await defaultChannelId(), customerId: null, isSubscribed: true });
    expect(rows[0].token.length).toBeGreaterThanOrEqual(20);
  });

  it("subscribing the same email twice is a 422 on customerEmail, and one row stays", async () => {
    const key = await storefrontKey();
    const email = `${unique("twice")}@example.com`;
    expect((await transport.send({ customerEmail: email }, { key })).status).toBe(transport.success);

    for (const again of [email, email.toUpperCase()]) {
      const res = await transport.send({ customerEmail: again }, { key });
      expect(res.status).toBe(422);
      expect(res.fields.customerEmail?.length).toBeGreaterThan(0);
    }
    expect(await count("newsletterSubscriber", { email })).toBe(1);
  });

  it("an email already subscribed over the other transport is refused too", async () => {
    const key = await storefrontKey();
    const email = `${unique("cross")}@example.com`;
    const other = newsletter.find((t) => t.name !== transport.name)!;
    expect((await other.send({ customerEmail: email }, { key })).status).toBe(other.success);

    expect((await transport.send({ customerEmail: email }, { key })).status).toBe(422);
    expect(await count("newsletterSubscriber", { email })).toBe(1);
  });

  it("one subscription per channel: the same email may subscribe in another channel", async () => {
    const key = await storefrontKey();
    const email = `${unique("chan")}@example.com`;
    expect((await transport.send({ customerEmail: email }, { key })).status).toBe(transport.success);
    expect((await transport.send({ customerEmail: email }, { key, headers: { "X-CHANNEL": "b2b" } })).status).toBe(transport.success);

    const channels = (await (await getDb()).newsletterSubscriber.findMany({ where: { email }, select: { channelId: true } })).map((r) => r.channelId);
    expect(new Set(channels).size).toBe(2);
  });

  it("with a customer bearer, the subscription is tied to that customer", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    expect((await transport.send({ customerEmail: shopper.email }, { key, bearer: shopper.token })).status).toBe(transport.success);

    const db = await getDb();
    expect(await db.newsletterSubscriber.findFirstOrThrow({ where: { email: shopper.email } })).toMatchObject({ customerId: shopper.id });
    expect((await db.customer.findUniqueOrThrow({ where: { id: shopper.id } })).subscribedToNewsletter).toBe(true);
  });

  it.each([
    { name: "a malformed email", input: { customerEmail: "news@@example.com" }, status: 422 },
    { name: "an empty email", input: { customerEmail: "" }, status: 422 },
    // GraphQL refuses a missing required field before the operation runs (400); the alias takes `customerEmail` or
    // `email`, so there the operation itself says one is required.
    { name: "no email", input: {}, status: 422, graphqlStatus: 400 },
  ])("$name: refused, nothing written", async ({ input, status, graphqlStatus }) => {
    const key = await storefrontKey();
    const res = await transport.send(input, { key });

    const typeChecked = transport.name === "GraphQL" && !transport.alias;
    expect(res.status).toBe(typeChecked && graphqlStatus ? graphqlStatus : status);
    expectNoServerError(res);
    expect(await count("newsletterSubscriber", { email: { in: ["news@@example.com", ""] } })).toBe(0);
  });
});

describe("newsletter (REST field spelling)", () => {
  it("accepts customer_email as well as customerEmail", async () => {
    const key = await storefrontKey();
    const email = `${unique("snake")}@example.com`;
    const res = await newsletter[0].send({ customer_email: email }, { key });

    expect(res.status).toBe(201);
    expect(await count("newsletterSubscriber", { email })).toBe(1);
  });
});

describe.each(cartTokens)("cart tokens ($name)", (transport) => {
  it("opens a guest cart whose token is a UUID stored only as a hash", async () => {
    const key = await storefrontKey();
    const res = await transport.send({}, { key });

    expect(res.status, JSON.stringify(res.raw)).toBe(transport.success);
    // The whole cart record as the family's create-cart answers it: an empty guest cart, its token also as sessionToken.
    expect(res.data).toMatchObject({ id: expect.any(Number), cartToken: expect.stringMatching(UUID), isGuest: true, success: true, message: expect.any(String) });
    expect(res.data).toMatchObject({ customerId: null, itemsCount: 0, itemsQty: 0, grandTotal: 0, sessionToken: res.data.cartToken });
    const token: string = res.data.cartToken;
    const row = await (await getDb()).cart.findUniqueOrThrow({ where: { id: res.data.id } });
    expect(row).toMatchObject({ isGuest: true, customerId: null, isActive: true, channelId: await defaultChannelId(), itemsCount: 0 });
    expect(row.tokenHash).toBe(sha256(token.toLowerCase()));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("the cart is opened in the request's currency, locale and channel", async () => {
    const key = await storefrontKey();
    const euro = await transport.send({}, { key, headers: { "X-CURRENCY": "EUR", "X-LOCALE": "fr" } });
    const b2b = await transport.send({}, { key, headers: { "X-CHANNEL": "b2b" } });

    const db = await getDb();
    expect(await db.cart.findUniqueOrThrow({ where: { id: euro.data.id } })).toMatchObject({ currencyCode: "EUR", locale: "fr", channelId: await defaultChannelId() });
    const b2bChannel = await db.channel.findUniqueOrThrow({ where: { code: "b2b" } });
    expect((await db.cart.findUniqueOrThrow({ where: { id: b2b.data.id } })).channelId).toBe(b2bChannel.id);
  });

  it("each call opens a new cart with a new token", async () => {
    const key = await storefrontKey();
    const [a, b] = [await transport.send({}, { key }), await transport.send({}, { key })];

    expect(a.data.cartToken).not.toBe(b.data.cartToken);
    expect(a.data.id).not.toBe(b.data.id);
  });

  it("the token is the guest's bearer for that cart", async () => {
    const key = await storefrontKey();
    const res = await transport.send({}, { key });
    const token: string = res.data.cartToken;

    // At the gate both transports share, the bearer names the guest cart ...
    const gate = await openGate(
      new Request(`${BASE}/api/shop/cart`, { method: "POST", headers: { "X-STOREFRONT-KEY": key, Authorization: `Bearer ${token}` } }),
      "shop",
    );
    expect(gate.ctx.principal).toMatchObject({ kind: "guestCart", cartId: res.data.id });
    // A UUID is case-insensitive: the upper-cased token names the same cart.
    const shouted = await openGate(
      new Request(`${BASE}/api/shop/cart`, { method: "POST", headers: { "X-STOREFRONT-KEY": key, Authorization: `Bearer ${token.toUpperCase()}` } }),
      "shop",
    );
    expect(shouted.ctx.principal).toMatchObject({ kind: "guestCart", cartId: res.data.id });
    // ... and a cart read made with it answers that cart.
    const read = await graphql("mutation { createReadCart(input: {}) { readCart { _id cartToken isGuest customerId } } }", {}, { key, bearer: token });
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.createReadCart.readCart).toEqual({ _id: res.data.id, cartToken: token, isGuest: true, customerId: null });
  });

  it("with a customer bearer, answers that customer's cart with cartToken null, the same one each time", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    const first = await transport.send({}, { key, bearer: shopper.token });
    const second = await transport.send({}, { key, bearer: shopper.token });

    expect(first.status).toBe(transport.success);
    expect(first.data).toMatchObject({ id: expect.any(Number), cartToken: null, isGuest: false, success: true, message: expect.any(String) });
    expect(first.data).toMatchObject({ customerId: shopper.id, sessionToken: null });
    expect(second.data.id).toBe(first.data.id);
    const carts = await (await getDb()).cart.findMany({ where: { customerId: shopper.id } });
    expect(carts).toHaveLength(1);
    expect(carts[0]).toMatchObject({ id: first.data.id, isGuest: false, tokenHash: null });
  });

  it("a guest cart token is not a customer: it opens another guest cart, never a customer's", async () => {
    const key = await storefrontKey();
    const guest = await cartToken(key);
    const res = await transport.send({}, { key, bearer: guest });

    expect(res.status).toBe(transport.success);
    expect(res.data.isGuest).toBe(true);
    expect(res.data.cartToken).toMatch(UUID);
    expect(res.data.cartToken).not.toBe(guest);
    expect((await (await getDb()).cart.findUniqueOrThrow({ where: { id: res.data.id } })).customerId).toBeNull();
  });
});
