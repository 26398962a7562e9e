// The customer's profile and newsletter subscription, on REST and GraphQL: read, update (password rules,
// isolation, bad input), delete (account and tokens go, orders stay without the customer).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { invoke, must, VIAS } from "../support/invoke.ts";
import { placeTestOrder, testProduct } from "../support/orders.ts";
import {
  createCustomerNewsletterSubscription,
  customerNewsletterSubscription,
  deleteCustomerNewsletterSubscription,
  deleteCustomerProfile,
  readCustomerProfile,
  updateCustomerProfile,
} from "../../lib/profile/operations.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const login = (email: string, password: string) => call("POST", "/api/shop/customer/login", { email, password }, { key });

const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
});

/** Issue 28 item 4: a taken bearer token is not a taken account. */
describe.each(VIAS)("taking a token is not taking the account, over %s", (via) => {
  const mailsTo = async (email: string) => (await getDb()).mailMessage.findMany({ where: { to: email }, orderBy: { id: "asc" } });
  const row = async (id: number) => (await getDb()).customer.findUniqueOrThrow({ where: { id } });

  it("an email change without the current password is 422 on currentPassword, with a wrong one 403; nothing is written", async () => {
    const me = await customer(key);
    const before = await row(me.id);
    const newEmail = `${unique("new")}@example.com`;

    const missing = await invoke(via, updateCustomerProfile, { id: me.id, email: newEmail, firstName: "Mallory" }, { key, bearer: me.token });
    expect(missing.status).toBe(422);
    expect(missing.fields.currentPassword?.length).toBeGreaterThan(0);

    const wrong = await invoke(via, updateCustomerProfile, { id: me.id, email: newEmail, firstName: "Mallory", currentPassword: "Wrong-Guess-Lamp-42" }, { key, bearer: me.token });
    expect(wrong.status).toBe(403);
    expect(wrong.code).toBe("invalid_password");

    expect(await row(me.id)).toEqual(before);
    expect((await mailsTo(me.email)).map((m) => m.kind)).toEqual(["registration"]);
    expect(await mailsTo(newEmail)).toHaveLength(0);
    expect((await login(me.email, me.password)).status).toBe(200);
  });

  it("an email change with the current password takes effect and mails a notice to the old address", async () => {
    const me = await customer(key);
    const newEmail = `${unique("new")}@example.com`;
    const body = must(await invoke(via, updateCustomerProfile, { id: me.id, email: newEmail, currentPassword: me.password }, { key, bearer: me.token }));
    expect(body).toMatchObject({ id: me.id, email: newEmail });
    expect((await row(me.id)).email).toBe(newEmail);

    const notice = (await mailsTo(me.email)).find((m) => m.kind === "email_changed");
    expect(notice).toMatchObject({ to: me.email, subject: "The email address of your account was changed" });
    expect(notice!.text).toContain(newEmail);
    expect(await mailsTo(newEmail)).toHaveLength(0);
    expect((await login(newEmail, me.password)).status).toBe(200);
    expect((await login(me.email, me.password)).status).toBe(401);
  });

  it("giving the same email again is no change: no password needed, no notice", async () => {
    const me = await customer(key);
    must(await invoke(via, updateCustomerProfile, { id: me.id, email: me.email, firstName: "Same" }, { key, bearer: me.token }));
    expect(await row(me.id)).toMatchObject({ email: me.email, firstName: "Same" });
    expect((await mailsTo(me.email)).map((m) => m.kind)).toEqual(["registration"]);
  });

  it("password checks of the profile update and the deletion spend the login budget: 429 once it is used up", async () => {
    process.env.LOGIN_LIMIT_PER_ACCOUNT = "3";
    const me = await customer(key);
    const before = await row(me.id);
    const guess = (n: number) => `Wrong-Guess-Lamp-${n}0`;
    const newEmail = `${unique("thief")}@example.com`;

    expect((await invoke(via, updateCustomerProfile, { id: me.id, email: newEmail, currentPassword: guess(1) }, { key, bearer: me.token })).status).toBe(403);
    const pw = { password: "Thief-Chosen-Lamp-42", confirmPassword: "Thief-Chosen-Lamp-42" };
    expect((await invoke(via, updateCustomerProfile, { id: me.id, currentPassword: guess(2), ...pw }, { key, bearer: me.token })).status).toBe(422);
    expect((await invoke(via, deleteCustomerProfile, { password: guess(3) }, { key, bearer: me.token })).status).toBe(403);

    // The budget is used up: even the right password is refused now, and nothing is written.
    const limited = await invoke(via, updateCustomerProfile, { id: me.id, email: newEmail, currentPassword: me.password }, { key, bearer: me.token });
    expect(limited.status).toBe(429);
    expect(limited.code).toBe("rate_limit_exceeded");
    expect((await invoke(via, deleteCustomerProfile, { password: me.password }, { key, bearer: me.token })).status).toBe(429);
    expect((await login(me.email, me.password)).status).toBe(429);
    expect(await row(me.id)).toEqual(before);
    expect(await mailsTo(newEmail)).toHaveLength(0);
  });

  it("a right password gives the point back, as a login does", async () => {
    process.env.LOGIN_LIMIT_PER_ACCOUNT = "2";
    const me = await customer(key);
    for (let i = 0; i < 3; i++) {
      const email = `${unique("ok")}@example.com`;
      must(await invoke(via, updateCustomerProfile, { id: me.id, email, currentPassword: me.password }, { key, bearer: me.token }));
    }
    expect(must(await invoke(via, deleteCustomerProfile, { password: me.password }, { key, bearer: me.token }))).toMatchObject({ success: true });
    expect(await (await getDb()).customer.findUnique({ where: { id: me.id } })).toBeNull();
  });
});

describe.each(VIAS)("profile over %s", (via) => {
  it("reads the caller's own profile", async () => {
    const me = await customer(key, { phone: "555-0101" });
    const profile = must(await invoke(via, readCustomerProfile, {}, { key, bearer: me.token }));
    expect(profile).toMatchObject({ id: me.id, email: me.email, firstName: "Test", lastName: "Shopper", phone: "555-0101", subscribedToNewsLetter: false, success: true });
    expect(profile).toHaveProperty("image", null);
  });

  it.each([
    ["no bearer", undefined],
    ["the legacy apiToken", "apiToken"],
    ["a made-up token", "1|not-a-real-secret-at-all-xxxxxxxx"],
  ])("refuses %s with 401", async (_name, bearer) => {
    const me = await customer(key);
    const token = bearer === "apiToken" ? me.apiToken : bearer;
    expect((await invoke(via, readCustomerProfile, {}, { key, bearer: token })).status).toBe(401);
  });

  it("changes the fields given and nothing else", async () => {
    const me = await customer(key, { phone: "555-0102", gender: "Female" });
    const body = must(await invoke(via, updateCustomerProfile, { id: me.id, firstName: "Grace", dateOfBirth: "1990-12-09" }, { key, bearer: me.token }));
    expect(body).toMatchObject({ id: me.id, firstName: "Grace", lastName: "Shopper", phone: "555-0102", gender: "Female", dateOfBirth: "1990-12-09" });
    const row = await (await getDb()).customer.findUniqueOrThrow({ where: { id: me.id } });
    expect(row).toMatchObject({ firstName: "Grace", lastName: "Shopper", dateOfBirth: "1990-12-09" });
  });

  it("answers 404 for another customer's id and leaves that customer alone", async () => {
    const me = await customer(key);
    const other = await customer(key);
    const res = await invoke(via, updateCustomerProfile, { id: other.id, firstName: "Mallory" }, { key, bearer: me.token });
    expect(res.status).toBe(404);
    const rows = await (await getDb()).customer.findMany({ where: { id: { in: [me.id, other.id] } } });
    expect(rows.map((r) => r.firstName)).toEqual(["Test", "Test"]);
  });

  describe("refuses bad input with 422 and writes nothing", () => {
    it.each([
      ["a new password without the current one", { password: "NewSecret123!", confirmPassword: "NewSecret123!" }, "currentPassword"],
      ["a wrong current password", { currentPassword: "wrong-password", password: "NewSecret123!", confirmPassword: "NewSecret123!" }, "currentPassword"],
      ["a confirmation that differs", { currentPassword: "Secret123!pass", password: "NewSecret123!", confirmPassword: "Other123!" }, "confirmPassword"],
      ["a short password", { currentPassword: "Secret123!pass", password: "short", confirmPassword: "short" }, "password"],
      ["an invalid email", { email: "not-an-email" }, "email"],
      ["an unknown gender", { gender: "Robot" }, "gender"],
      ["a malformed date of birth", { dateOfBirth: "09/12/1990" }, "dateOfBirth"],
      ["an empty first name", { firstName: "  " }, "firstName"],
    ])("%s", async (_name, input, field) => {
      const me = await customer(key);
      const before = await (await getDb()).customer.findUniqueOrThrow({ where: { id: me.id } });
      const res = await invoke(via, updateCustomerProfile, { id: me.id, ...input }, { key, bearer: me.token });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).join(" ")).toContain(field);
      const after = await (await getDb()).customer.findUniqueOrThrow({ where: { id: me.id } });
      expect(after).toEqual(before);
    });

    it("an email another account has", async () => {
      const me = await customer(key);
      const other = await customer(key);
      const res = await invoke(via, updateCustomerProfile, { id: me.id, email: other.email, currentPassword: me.password }, { key, bearer: me.token });
      expect(res.status).toBe(422);
      expect(res.fields.email?.length).toBeGreaterThan(0);
      expect((await (await getDb()).customer.findUniqueOrThrow({ where: { id: me.id } })).email).toBe(me.email);
    });
  });

  it("changes the password with the right current one and signs other sessions out", async () => {
    const me = await customer(key);
    const second = (await login(me.email, me.password)).body.token as string;
    const input = { id: me.id, currentPassword: me.password, password: "Brand-new-pass1!", confirmPassword: "Brand-new-pass1!" };
    must(await invoke(via, updateCustomerProfile, input, { key, bearer: me.token }));
    expect((await login(me.email, me.password)).status).toBe(401);
    expect((await login(me.email, "Brand-new-pass1!")).status).toBe(200);
    expect((await invoke(via, readCustomerProfile, {}, { key, bearer: second })).status).toBe(401);
    expect((await invoke(via, readCustomerProfile, {}, { key, bearer: me.token })).status).toBe(200);
  });

  it("subscribes and unsubscribes through subscribedToNewsLetter", async () => {
    const me = await customer(key);
    const db = await getDb();
    expect(must(await invoke(via, updateCustomerProfile, { id: me.id, subscribedToNewsLetter: true }, { key, bearer: me.token })).subscribedToNewsLetter).toBe(true);
    expect(await db.newsletterSubscriber.findFirst({ where: { email: me.email } })).toMatchObject({ isSubscribed: true, customerId: me.id });
    expect(must(await invoke(via, updateCustomerProfile, { id: me.id, subscribedToNewsLetter: false }, { key, bearer: me.token })).subscribedToNewsLetter).toBe(false);
    expect(await db.newsletterSubscriber.findFirst({ where: { email: me.email } })).toMatchObject({ isSubscribed: false });
    expect((await db.customer.findUniqueOrThrow({ where: { id: me.id } })).subscribedToNewsletter).toBe(false);
  });

  it("deletes the account and its tokens and keeps its orders without the customer", async () => {
    const me = await customer(key);
    const product = await testProduct();
    const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 1 }] });
    const db = await getDb();
    expect((await invoke(via, deleteCustomerProfile, { password: "wrong-password" }, { key, bearer: me.token })).status).toBe(403);
    expect(await db.customer.findUnique({ where: { id: me.id } })).not.toBeNull();
    const body = must(await invoke(via, deleteCustomerProfile, { password: me.password }, { key, bearer: me.token }));
    expect(body).toMatchObject({ success: true });
    expect(await db.customer.findUnique({ where: { id: me.id } })).toBeNull();
    expect(await db.customerToken.count({ where: { customerId: me.id } })).toBe(0);
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ customerId: null, incrementId: order.incrementId });
    expect((await invoke(via, readCustomerProfile, {}, { key, bearer: me.token })).status).toBe(401);
    expect((await login(me.email, me.password)).status).toBe(401);
  });
});

describe("profile REST paths", () => {
  it("reads the profile on both SPEC.md paths", async () => {
    const me = await customer(key);
    for (const path of ["/api/shop/customers/get", "/api/shop/customer-profile"]) {
      const res = await call("GET", path, undefined, { key, bearer: me.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: me.id, _id: me.id, email: me.email });
    }
  });

  it("takes snake_case fields on update", async () => {
    const me = await customer(key);
    const res = await call("PUT", `/api/shop/customer-profile-updates/${me.id}`, { first_name: "Snake", date_of_birth: "1985-01-02" }, { key, bearer: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: "Snake", dateOfBirth: "1985-01-02" });
  });

  it("answers GraphQL profile ids as IRIs", async () => {
    const me = await customer(key);
    const res = await call("POST", "/api/graphql", { query: "{ readCustomerProfile { id _id email } }" }, { key, bearer: me.token });
    expect(res.body.data.readCustomerProfile).toEqual({ id: `/api/shop/customers/${me.id}`, _id: me.id, email: me.email });
  });
});

describe.each(VIAS)("newsletter for the customer over %s", (via) => {
  it("subscribes once, refuses a second time, unsubscribes once", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const db = await getDb();
    expect(must(await invoke(via, customerNewsletterSubscription, {}, auth))).toMatchObject({ email: me.email, isSubscribed: false });
    expect(must(await invoke(via, createCustomerNewsletterSubscription, {}, auth), 201)).toMatchObject({ isSubscribed: true });
    expect(await db.newsletterSubscriber.count({ where: { email: me.email, isSubscribed: true } })).toBe(1);
    expect((await invoke(via, createCustomerNewsletterSubscription, {}, auth)).status).toBe(422);
    expect(await db.newsletterSubscriber.count({ where: { email: me.email } })).toBe(1);
    expect(must(await invoke(via, deleteCustomerNewsletterSubscription, {}, auth))).toMatchObject({ isSubscribed: false });
    expect((await invoke(via, deleteCustomerNewsletterSubscription, {}, auth)).status).toBe(422);
    expect(await db.newsletterSubscriber.findFirst({ where: { email: me.email } })).toMatchObject({ isSubscribed: false });
    expect((await db.customer.findUniqueOrThrow({ where: { id: me.id } })).subscribedToNewsletter).toBe(false);
  });

  it("needs a customer", async () => {
    expect((await invoke(via, createCustomerNewsletterSubscription, {}, { key })).status).toBe(401);
  });
});
