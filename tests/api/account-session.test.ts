// Customer sessions (SPEC.md Customer login result, WIRE.md Customers): login, which bearer counts as a customer,
// logout, token verification and the forgotten-password request, on REST and GraphQL.
import { describe, expect, it } from "vitest";
import { cartToken, customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { count, demoCustomer, transportsOf } from "../support/gate-helpers.ts";
import { sha256 } from "../../lib/auth/secrets.ts";
import { resolveCartToken } from "../../lib/cart/token.ts";
import { getSql } from "../../lib/db/client.ts";
import { resolveCustomerToken } from "../../lib/customers/tokens.ts";
import { issueIntegrationToken } from "../../lib/integrations/tokens.ts";

const login = transportsOf("createCustomerLogin");
const logout = transportsOf("createLogout");
const verify = transportsOf("createVerifyToken");
const forgot = transportsOf("createForgotPassword");

const tokensOf = (customerId: number) => count("customerToken", { customerId });

describe.each(login)("login ($name)", (transport) => {
  it("answers id, _id, a working token, the legacy apiToken, a message and success", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    const before = await tokensOf(shopper.id);

    const res = await transport.send({ email: shopper.email, password: shopper.password }, { key });

    expect(res.status, JSON.stringify(res.raw)).toBe(200);
    const stored = await (await getDb()).customer.findUniqueOrThrow({ where: { id: shopper.id } });
    expect(res.data).toEqual({
      id: shopper.id,
      _id: shopper.id,
      token: expect.stringMatching(/^\d+\|.{20,}$/),
      apiToken: stored.apiToken,
      message: expect.any(String),
      success: true,
    });
    // A new token row, holding only the hash of the secret.
    expect(await tokensOf(shopper.id)).toBe(before + 1);
    const [id, secret] = res.data.token.split("|");
    const row = await (await getDb()).customerToken.findUniqueOrThrow({ where: { id: Number(id) } });
    expect(row).toMatchObject({ customerId: shopper.id, secretHash: sha256(secret) });
    expect(row.secretHash).not.toContain(secret);
  });

  it("logs the demo customer in, whatever the case of the email", async () => {
    const key = await storefrontKey();
    const res = await transport.send({ email: "Customer@Example.COM", password: demoCustomer.password }, { key });

    expect(res.status).toBe(200);
    expect(res.data.success).toBe(true);
    const row = await (await getDb()).customer.findUniqueOrThrow({ where: { email: demoCustomer.email } });
    expect(res.data._id).toBe(row.id);
  });

  const refused: { name: string; input: (email: string) => Record<string, unknown>; status: number; prepare?: (id: number) => Promise<unknown> }[] = [
    { name: "a wrong password", input: (email) => ({ email, password: "Wrong123!pass" }), status: 401 },
    { name: "the password in another case", input: (email) => ({ email, password: "SECRET123!PASS" }), status: 401 },
    { name: "an unknown email", input: () => ({ email: `${unique("nobody")}@example.com`, password: "Secret123!pass" }), status: 401 },
    {
      name: "a suspended account",
      input: (email) => ({ email, password: "Secret123!pass" }),
      status: 401,
      prepare: async (id) => (await getDb()).customer.update({ where: { id }, data: { isSuspended: true } }),
    },
    {
      name: "an inactive account",
      input: (email) => ({ email, password: "Secret123!pass" }),
      status: 401,
      prepare: async (id) => (await getDb()).customer.update({ where: { id }, data: { status: 0 } }),
    },
    { name: "an empty password", input: (email) => ({ email, password: "" }), status: 422 },
    { name: "a malformed email", input: () => ({ email: "not-an-email", password: "Secret123!pass" }), status: 422 },
  ];

  it.each(refused)("refuses $name with $status and issues no token", async ({ input, status, prepare }) => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    await prepare?.(shopper.id);
    const before = await tokensOf(shopper.id);

    const res = await transport.send(input(shopper.email), { key });

    expect(res.status, JSON.stringify(res.raw)).toBe(status);
    expect(res.data).toBeNull();
    expect(JSON.stringify(res.raw)).not.toMatch(/"token"/);
    expect(await tokensOf(shopper.id)).toBe(before);
  });

  it("says the same thing for an unknown email as for a wrong password", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    const wrongPassword = await transport.send({ email: shopper.email, password: "Wrong123!pass" }, { key });
    const unknownEmail = await transport.send({ email: `${unique("ghost")}@example.com`, password: "Wrong123!pass" }, { key });

    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.code).toBe(wrongPassword.code);
    expect(unknownEmail.message).toBe(wrongPassword.message);
  });
});

describe("which bearer is a customer token", () => {
  /** Each returns the bearer to try and whether it must pass as a customer. */
  const bearers: { name: string; make: (key: string, shopper: Awaited<ReturnType<typeof customer>>) => Promise<string | null>; passes: boolean }[] = [
    { name: "the token from login", make: async (_k, s) => s.token, passes: true },
    { name: "the legacy apiToken", make: async (_k, s) => s.apiToken, passes: false },
    { name: "a guest cart token", make: async (key) => cartToken(key), passes: false },
    { name: "the token's id with another secret", make: async (_k, s) => `${s.token.split("|")[0]}|${"x".repeat(40)}`, passes: false },
    { name: "the secret alone", make: async (_k, s) => s.token.split("|")[1], passes: false },
    {
      name: "an admin's integration token",
      make: async () => {
        const db = await getDb();
        const admin = await db.adminUser.findUniqueOrThrow({ where: { email: "admin@example.com" } });
        return (await issueIntegrationToken(db, { adminId: admin.id, name: unique("it") })).token;
      },
      passes: false,
    },
    { name: "garbage", make: async () => "not-a-token", passes: false },
    { name: "no bearer", make: async () => null, passes: false },
    {
      name: "the token of a suspended customer",
      make: async (_k, s) => {
        await (await getDb()).customer.update({ where: { id: s.id }, data: { isSuspended: true } });
        return s.token;
      },
      passes: false,
    },
  ];

  describe.each(logout)("logout ($name)", (transport) => {
    it.each(bearers)("$name: passes = $passes", async ({ make, passes }) => {
      const key = await storefrontKey();
      const shopper = await customer(key);
      const bearer = await make(key, shopper);
      const tokenId = Number(shopper.token.split("|")[0]);

      const res = await transport.send({}, { key, bearer });

      if (passes) {
        expect(res.status).toBe(200);
        expect(res.data).toEqual({ success: true, message: expect.any(String) });
        expect(await count("customerToken", { id: tokenId })).toBe(0);
      } else {
        expect(res.status, JSON.stringify(res.raw)).toBe(401);
        expect(res.data).toBeNull();
        expect(await count("customerToken", { id: tokenId })).toBe(1);
      }
    });
  });

  it("a customer token never names a guest cart, and a cart token never names a customer", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    const guest = await cartToken(key);
    const db = await getDb();

    expect(await resolveCartToken(await getSql(), shopper.token)).toBeNull();
    expect(await resolveCustomerToken(db, guest)).toBeNull();
    expect(await resolveCartToken(await getSql(), guest)).not.toBeNull();
    expect(await resolveCustomerToken(db, shopper.token)).toMatchObject({ customerId: shopper.id });
  });
});

describe.each(logout)("logout ($name) revokes", (transport) => {
  it("the calling token only: it stops working, the customer's other sessions go on", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    const other = await login[0].send({ email: shopper.email, password: shopper.password }, { key });
    const tokenId = Number(shopper.token.split("|")[0]);

    expect((await transport.send({}, { key, bearer: shopper.token })).status).toBe(200);

    expect(await count("customerToken", { id: tokenId })).toBe(0);
    expect(await tokensOf(shopper.id)).toBe(1);
    expect((await transport.send({}, { key, bearer: shopper.token })).status).toBe(401);
    const stillIn = await verify[0].send({}, { key, bearer: other.data.token });
    expect(stillIn.data).toMatchObject({ isValid: true, id: shopper.id });
  });
});

describe.each(verify)("verify token ($name)", (transport) => {
  const cases: {
    name: string;
    send: (key: string, s: Awaited<ReturnType<typeof customer>>) => Promise<{ input: Record<string, unknown>; bearer?: string }>;
    valid: boolean;
  }[] = [
    { name: "a valid token in the body", send: async (_k, s) => ({ input: { token: s.token } }), valid: true },
    { name: "a valid token as the bearer", send: async (_k, s) => ({ input: {}, bearer: s.token }), valid: true },
    { name: "garbage in the body", send: async () => ({ input: { token: "garbage" } }), valid: false },
    { name: "garbage in the body beside a valid bearer (the body is what is checked)", send: async (_k, s) => ({ input: { token: "1|garbage-garbage-garbage-garbage" }, bearer: s.token }), valid: false },
    { name: "the legacy apiToken", send: async (_k, s) => ({ input: { token: s.apiToken } }), valid: false },
    { name: "a cart token", send: async (key) => ({ input: { token: await cartToken(key) } }), valid: false },
    {
      name: "a revoked token",
      send: async (key, s) => {
        await logout[0].send({}, { key, bearer: s.token });
        return { input: { token: s.token } };
      },
      valid: false,
    },
    { name: "nothing at all", send: async () => ({ input: {} }), valid: false },
  ];

  it.each(cases)("$name: isValid = $valid", async ({ send, valid }) => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    const { input, bearer } = await send(key, shopper);

    const res = await transport.send(input, { key, bearer });

    expect(res.status, JSON.stringify(res.raw)).toBe(200);
    expect(res.data).toEqual(
      valid
        ? { isValid: true, id: shopper.id, email: shopper.email, firstName: "Test", lastName: "Shopper", message: expect.any(String) }
        : { isValid: false, id: null, email: null, firstName: null, lastName: null, message: expect.any(String) },
    );
  });
});

describe.each(forgot)("forgot password ($name)", (transport) => {
  it("answers the same for a known and an unknown email; only the known one gets a reset row", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    const stranger = `${unique("stranger")}@example.com`;

    const known = await transport.send({ email: shopper.email.toUpperCase() }, { key });
    const unknown = await transport.send({ email: stranger }, { key });

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(known.data).toEqual({ success: true, message: expect.any(String) });
    expect(unknown.data).toEqual(known.data);

    const rows = await (await getDb()).passwordReset.findMany({ where: { email: shopper.email } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(await count("passwordReset", { email: stranger })).toBe(0);
  });

  it("refuses a malformed email with 422 and records nothing", async () => {
    const key = await storefrontKey();
    const res = await transport.send({ email: "nobody-at-example.com" }, { key });

    expect(res.status).toBe(422);
    expect(res.fields.email?.length).toBeGreaterThan(0);
    expect(await count("passwordReset", { email: "nobody-at-example.com" })).toBe(0);
  });
});
