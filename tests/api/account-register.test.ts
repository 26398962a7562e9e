// Customer registration (WIRE.md Customers): POST /api/shop/customers and GraphQL createCustomer.
import { describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { call, getDb, storefrontKey, unique } from "../support/client.ts";
import { count, expectFieldNamed, expectNoServerError, transportsOf } from "../support/gate-helpers.ts";
import { sha256 } from "../../lib/auth/secrets.ts";

const register = transportsOf("createCustomer");

const PASSWORD = "Str0ng!Password";

function registration(overrides: Record<string, unknown> = {}) {
  return { firstName: "Ada", lastName: "Lovelace", email: `${unique("reg")}@example.com`, password: PASSWORD, confirmPassword: PASSWORD, ...overrides };
}

describe("register (REST field spelling)", () => {
  it("accepts the snake_case spelling of every field", async () => {
    const key = await storefrontKey();
    const email = `${unique("snake")}@example.com`;
    const res = await call(
      "POST",
      "/api/shop/customers",
      { first_name: "Ada", last_name: "Byron", email, password: PASSWORD, confirm_password: PASSWORD, date_of_birth: "1815-12-10", subscribed_to_news_letter: "1" },
      { key },
    );

    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ firstName: "Ada", lastName: "Byron", dateOfBirth: "1815-12-10", subscribedToNewsLetter: true });
    const row = await (await getDb()).customer.findUniqueOrThrow({ where: { email } });
    expect(row).toMatchObject({ firstName: "Ada", lastName: "Byron", dateOfBirth: "1815-12-10", subscribedToNewsletter: true });
  });
});

describe.each(register)("register ($name)", (transport) => {
  it("creates the customer and answers with its fields, a bearer token and the legacy apiToken", async () => {
    const key = await storefrontKey();
    const input = registration({ phone: "+33 1 23 45 67 89", gender: "Female", dateOfBirth: "1990-12-10" });
    const res = await transport.send(input, { key });

    expect(res.status, JSON.stringify(res.raw)).toBe(transport.success);
    const customer = res.data;
    expect(customer).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      email: input.email,
      phone: "+33 1 23 45 67 89",
      gender: "Female",
      dateOfBirth: "1990-12-10",
      status: 1,
      isSuspended: false,
      subscribedToNewsLetter: false,
    });
    expect(typeof customer.isVerified).toBe("boolean");
    expect(customer.token).toMatch(/^\d+\|.{20,}$/);
    expect(typeof customer.apiToken).toBe("string");
    expect(customer.apiToken).not.toBe(customer.token);

    const db = await getDb();
    const row = await db.customer.findUniqueOrThrow({ where: { email: input.email }, include: { tokens: true } });
    expect(row.id).toBe(customer.id);
    // GraphQL answers the IRI as `id` and the number as `_id` (invoke reads the number as `id`, as REST has it).
    if (transport.name === "GraphQL") expect(res.raw.data.createCustomer.customer).toMatchObject({ id: `/api/shop/customers/${row.id}`, _id: row.id });

    // The password is stored as a bcrypt hash of itself, never in clear.
    expect(row.passwordHash).not.toContain(PASSWORD);
    expect(row.passwordHash).toMatch(/^\$2[aby]\$\d\d\$/);
    expect(await bcrypt.compare(PASSWORD, row.passwordHash)).toBe(true);

    // One token row, holding the SHA-256 of the secret half only.
    const [tokenId, secret] = customer.token.split("|");
    expect(row.tokens).toHaveLength(1);
    expect(row.tokens[0].id).toBe(Number(tokenId));
    expect(row.tokens[0].secretHash).not.toBe(secret);
    expect(row.tokens[0].secretHash).toBe(sha256(secret));

    // The token is a working customer bearer straight away.
    const verified = await call("POST", "/api/shop/verify-tokens", {}, { key, bearer: customer.token });
    expect(verified.body).toMatchObject({ isValid: true, id: row.id, email: input.email });
  });

  it("optional fields left out are null, and the email is stored lower-cased", async () => {
    const key = await storefrontKey();
    const email = `${unique("Mixed")}@Example.COM`;
    const res = await transport.send(registration({ email }), { key });

    expect(res.status).toBe(transport.success);
    expect(res.data).toMatchObject({ email: email.toLowerCase(), phone: null, gender: null, dateOfBirth: null });
    expect(await count("customer", { email: email.toLowerCase() })).toBe(1);
    expect(await count("customer", { email })).toBe(0);
  });

  it("subscribedToNewsLetter subscribes the new customer's email", async () => {
    const key = await storefrontKey();
    const input = registration({ subscribedToNewsLetter: true });
    const res = await transport.send(input, { key });

    expect(res.status).toBe(transport.success);
    expect(res.data.subscribedToNewsLetter).toBe(true);
    const db = await getDb();
    const row = await db.customer.findUniqueOrThrow({ where: { email: input.email } });
    expect(row.subscribedToNewsletter).toBe(true);
    const subscriber = await db.newsletterSubscriber.findFirstOrThrow({ where: { email: input.email } });
    expect(subscriber).toMatchObject({ customerId: row.id, isSubscribed: true });
  });

  it("an email already subscribed as a guest becomes the new customer's subscription", async () => {
    const key = await storefrontKey();
    const input = registration({ subscribedToNewsLetter: true });
    expect((await call("POST", "/api/shop/newsletters", { customerEmail: input.email }, { key })).status).toBe(201);

    const res = await transport.send(input, { key });

    expect(res.status).toBe(transport.success);
    const db = await getDb();
    const row = await db.customer.findUniqueOrThrow({ where: { email: input.email } });
    const subscribers = await db.newsletterSubscriber.findMany({ where: { email: input.email } });
    expect(subscribers).toHaveLength(1);
    expect(subscribers[0]).toMatchObject({ customerId: row.id, isSubscribed: true });
  });

  it("an email already registered is a 422 on email, and no second customer is written", async () => {
    const key = await storefrontKey();
    const first = registration();
    expect((await transport.send(first, { key })).status).toBe(transport.success);

    for (const email of [first.email, first.email.toUpperCase()]) {
      const again = await transport.send(registration({ email, firstName: "Second" }), { key });

      expect(again.status).toBe(422);
      expect(again.fields.email?.length).toBeGreaterThan(0);
      expect(again.data).toBeNull();
    }
    expect(await count("customer", { email: first.email })).toBe(1);
    expect(await count("customer", { email: first.email, firstName: "Second" })).toBe(0);
  });

  it("registering the demo customer's email again is refused", async () => {
    const key = await storefrontKey();
    const res = await transport.send(registration({ email: "customer@example.com" }), { key });

    expect(res.status).toBe(422);
    expect(res.fields.email?.length).toBeGreaterThan(0);
    expect(await count("customer", { email: "customer@example.com" })).toBe(1);
  });

  const invalid: { name: string; change: Record<string, unknown>; drop?: string[]; fields: string[]; graphqlStatus?: number; graphqlFields?: string[] }[] = [
    { name: "a password confirmation that differs", change: { confirmPassword: "Str0ng!Passw0rd" }, fields: ["confirmPassword"] },
    { name: "a password under 12 characters", change: { password: "Sh0rt-pass!", confirmPassword: "Sh0rt-pass!" }, fields: ["password"] },
    { name: "a common password", change: { password: "Password1234!", confirmPassword: "Password1234!" }, fields: ["password"] },
    { name: "a password made of the account's own name", change: { lastName: "Lovelace", password: "Ada.Lovelace1815", confirmPassword: "Ada.Lovelace1815" }, fields: ["password"] },
    { name: "a malformed email", change: { email: "ada.example.com" }, fields: ["email"] },
    { name: "an email with spaces inside", change: { email: "ada lovelace@example.com" }, fields: ["email"] },
    { name: "a gender outside Male|Female|Other", change: { gender: "Robot" }, fields: ["gender"] },
    { name: "a lower-case gender", change: { gender: "female" }, fields: ["gender"] },
    { name: "a dateOfBirth in another format", change: { dateOfBirth: "10/12/1990" }, fields: ["dateOfBirth"] },
    { name: "a dateOfBirth that is no calendar day", change: { dateOfBirth: "1990-13-45" }, fields: ["dateOfBirth"] },
    { name: "a blank first name", change: { firstName: "   " }, fields: ["firstName"] },
    { name: "a password over 128 characters", change: { password: "Aa1!".repeat(33), confirmPassword: "Aa1!".repeat(33) }, fields: ["password"] },
    {
      name: "missing names and passwords",
      change: {},
      drop: ["firstName", "lastName", "password", "confirmPassword"],
      fields: ["firstName", "lastName", "password", "confirmPassword"],
      graphqlStatus: 400, // GraphQL refuses the document itself: the input type marks them required
      // ...all but the confirmation, which either of two names gives (`confirmPassword`, `passwordConfirmation`).
      graphqlFields: ["firstName", "lastName", "password"],
    },
    { name: "a missing email", change: {}, drop: ["email"], fields: ["email"], graphqlStatus: 400 },
  ];

  it.each(invalid)("$name: 422 naming $fields, nothing written", async ({ change, drop = [], fields, graphqlStatus, graphqlFields }) => {
    const key = await storefrontKey();
    const marker = unique("Invalid");
    const input: Record<string, unknown> = registration({ lastName: marker, ...change });
    const email = input.email;
    for (const f of drop) delete input[f];

    const res = await transport.send(input, { key });

    expect(res.status, JSON.stringify(res.raw)).toBe(transport.name === "GraphQL" && graphqlStatus ? graphqlStatus : 422);
    expectNoServerError(res);
    expect(res.data).toBeNull();
    for (const field of transport.name === "GraphQL" && graphqlFields ? graphqlFields : fields) expectFieldNamed(res, field);
    expect(await count("customer", { OR: [{ email: String(email) }, { lastName: marker }] })).toBe(0);
    expect(await count("customerToken", { customer: { email: String(email) } })).toBe(0);
  });
});
