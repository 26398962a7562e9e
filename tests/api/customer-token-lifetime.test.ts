// Issue 28 item 4: a customer token has a server-side lifetime, 30 days by default (CUSTOMER_TOKEN_LIFETIME_DAYS),
// sliding: a use pushes the expiry to now + lifetime, written at most once an hour per token. An expired token is
// refused as an unknown one (401 where a customer is required); 0 gives tokens no expiry.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { transportsOf } from "../support/gate-helpers.ts";
import { SLIDE_STEP_MS } from "../../lib/customers/tokens.ts";

const DAY = 86_400_000;
const profile = transportsOf("readCustomerProfile");
const verify = transportsOf("createVerifyToken");

const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
});

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const tokenRow = async (token: string) => (await getDb()).customerToken.findUniqueOrThrow({ where: { id: Number(token.split("|")[0]) } });
const setExpiry = async (token: string, expiresAt: Date | null) =>
  (await getDb()).customerToken.update({ where: { id: Number(token.split("|")[0]) }, data: { expiresAt, lastUsedAt: null } });
const near = (d: Date | null, ms: number) => expect(Math.abs(d!.getTime() - (Date.now() + ms))).toBeLessThan(60_000);

describe.each(profile)("customer token lifetime ($name)", (transport) => {
  it("a new token expires 30 days out by default", async () => {
    delete process.env.CUSTOMER_TOKEN_LIFETIME_DAYS;
    const me = await customer(key);
    near((await tokenRow(me.token)).expiresAt, 30 * DAY);
    const login = await call("POST", "/api/shop/customer/login", { email: me.email, password: me.password }, { key });
    near((await tokenRow(login.body.token)).expiresAt, 30 * DAY);
  });

  it("a token used after its expiry is refused as an unknown one, and verify calls it invalid", async () => {
    const me = await customer(key);
    expect((await transport.send({}, { key, bearer: me.token })).status).toBe(200);
    await setExpiry(me.token, new Date(Date.now() - 1000));

    const res = await transport.send({}, { key, bearer: me.token });
    expect(res.status).toBe(401);
    expect(res.code).toBe("unauthenticated");
    const unknown = await transport.send({}, { key, bearer: "999999|not-a-real-secret-at-all-xxxxxxxx" });
    expect({ status: res.status, code: res.code, message: res.message }).toEqual({ status: unknown.status, code: unknown.code, message: unknown.message });
    for (const v of verify) expect((await v.send({ token: me.token }, { key })).data).toMatchObject({ isValid: false, id: null });
    // Refusing it did not revive it.
    expect((await tokenRow(me.token)).expiresAt!.getTime()).toBeLessThan(Date.now());
  });

  it("a use slides the expiry to now + lifetime once it has fallen an hour behind, and not on every request", async () => {
    const me = await customer(key);
    await setExpiry(me.token, new Date(Date.now() + DAY));
    expect((await transport.send({}, { key, bearer: me.token })).status).toBe(200);
    const slid = await tokenRow(me.token);
    near(slid.expiresAt, 30 * DAY);
    expect(slid.lastUsedAt).not.toBeNull();

    // Less than the step behind: the read writes nothing.
    const recent = new Date(Date.now() + 30 * DAY - SLIDE_STEP_MS / 2);
    await setExpiry(me.token, recent);
    expect((await transport.send({}, { key, bearer: me.token })).status).toBe(200);
    expect(await tokenRow(me.token)).toMatchObject({ expiresAt: recent, lastUsedAt: null });
  });

  it("CUSTOMER_TOKEN_LIFETIME_DAYS sets the lifetime; a token from before a lifetime was set gets one when used", async () => {
    process.env.CUSTOMER_TOKEN_LIFETIME_DAYS = "7";
    const me = await customer(key);
    near((await tokenRow(me.token)).expiresAt, 7 * DAY);
    await setExpiry(me.token, null);
    expect((await transport.send({}, { key, bearer: me.token })).status).toBe(200);
    near((await tokenRow(me.token)).expiresAt, 7 * DAY);
  });

  it("CUSTOMER_TOKEN_LIFETIME_DAYS=0 gives tokens no expiry, and using them writes none", async () => {
    process.env.CUSTOMER_TOKEN_LIFETIME_DAYS = "0";
    const me = await customer(key);
    expect((await tokenRow(me.token)).expiresAt).toBeNull();
    expect((await transport.send({}, { key, bearer: me.token })).status).toBe(200);
    expect(await tokenRow(me.token)).toMatchObject({ expiresAt: null, lastUsedAt: null });
  });
});
