// Issue 18 part 2: a forgotten password can be reset. The request answers alike for any email and mails a
// single-use link that expires; the reset (REST PUT /api/shop/customers/reset-password, GraphQL createResetPassword)
// sets the password and ends the account's tokens; a bad, used or expired token is 400, a mismatch or a weak
// password 422. The outbox keeps the mail sealed (issue 28): the link is read as the mail job hands it to the
// transport (lib/mail/sealed.ts); tests/api/mail-delivery.test.ts follows it through a real SMTP delivery.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { count, transportsOf } from "../support/gate-helpers.ts";
import { BASE } from "../support/app.ts";
import { sha256 } from "../../lib/auth/secrets.ts";
import { resolveCustomerToken } from "../../lib/customers/tokens.ts";
import { unsealMail } from "../../lib/mail/sealed.ts";

delete process.env.SMTP_URL;
const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
});

const reset = transportsOf("createResetPassword");
const NEW_PASSWORD = "Brand-new-Pass1!";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const LINK = /https?:\/\/\S+\/account\/reset-password\?\S+/;

/**
 * Asks for a reset over the family's REST path and reads the link from the newest reset mail to `email` as it is
 * sent: the outbox row unsealed, as the mail job does just before handing it to the transport.
 */
async function requestReset(email: string) {
  const res = await call("POST", "/api/shop/customers/forgot-password", { email }, { key });
  expect(res.status).toBe(200);
  const db = await getDb();
  const mail = await db.mailMessage.findFirstOrThrow({ where: { to: email, kind: "password_reset" }, orderBy: { id: "desc" } });
  const sent = (await unsealMail(db, mail))!;
  const link = new URL(LINK.exec(sent.text)![0]);
  return { mail, sent, link, token: link.searchParams.get("token")!, email: link.searchParams.get("email")! };
}

const loginStatus = async (email: string, password: string) => (await call("POST", "/api/shop/customer/login", { email, password }, { key })).status;

describe("forgot password on the family's path", () => {
  it("answers alike for a known and an unknown email; only the known one is mailed a link to the reset page", async () => {
    const shopper = await customer(key);
    const stranger = `${unique("nobody")}@example.com`;
    const known = await call("POST", "/api/shop/customers/forgot-password", { email: shopper.email }, { key });
    const unknown = await call("POST", "/api/shop/customers/forgot-password", { email: stranger }, { key });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ success: true, message: expect.any(String) });
    expect(await count("mailMessage", { to: stranger })).toBe(0);

    const { mail, sent, link, token, email } = await requestReset(shopper.email);
    expect(mail).toMatchObject({ to: shopper.email, transport: "none", sentAt: null, subject: "Reset your password" });
    expect(`${link.origin}${link.pathname}`).toBe(`${BASE}/account/reset-password`);
    expect(email).toBe(shopper.email);
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(sent.html).toContain(`href="${link.toString().replaceAll("&", "&amp;")}"`);
    expect(sent.text).toContain("60 minutes");
    // Only the hash is kept, and the outbox holds the link sealed: the reset's id where the token goes.
    const db = await getDb();
    const row = await db.passwordReset.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    expect(await db.passwordReset.count({ where: { tokenHash: token } })).toBe(0);
    const stored = await db.mailMessage.findUniqueOrThrow({ where: { id: mail.id } });
    for (const part of [stored.text, stored.html]) {
      expect(part).not.toContain(token);
      expect(part).toContain(`reset-password?token=sealed-reset-${row.id}&`);
    }
  });

  it("the token is made when the mail is sent, for the mail's own recipient only; a stale reference sends nothing", async () => {
    const shopper = await customer(key);
    const db = await getDb();
    const first = await requestReset(shopper.email);
    // Each send makes a new token and ends the one before: a retried mail leaves only its last link working.
    const again = (await unsealMail(db, first.mail))!;
    const retried = new URL(LINK.exec(again.text)![0]).searchParams.get("token")!;
    expect(retried).not.toBe(first.token);
    expect(await db.passwordReset.count({ where: { tokenHash: sha256(first.token) } })).toBe(0);
    expect(await db.passwordReset.count({ where: { tokenHash: sha256(retried) } })).toBe(1);

    // The same sealed text addressed to someone else issues nothing.
    expect(await unsealMail(db, { ...first.mail, to: (await customer(key)).email })).toBeNull();
    expect(await db.passwordReset.count({ where: { tokenHash: sha256(retried) } })).toBe(1);
    // Mail that is not a reset passes through as stored, even if it imitates a reference.
    expect(await unsealMail(db, { ...first.mail, kind: "registration" })).toEqual({ text: first.mail.text, html: first.mail.html });
    // A newer request replaces the reset: the older mail can no longer be sent with a working link.
    await requestReset(shopper.email);
    expect(await unsealMail(db, first.mail)).toBeNull();
  });

  it("PASSWORD_RESET_TTL_MINUTES sets how long the link works", async () => {
    process.env.PASSWORD_RESET_TTL_MINUTES = "15";
    const shopper = await customer(key);
    const { token, mail } = await requestReset(shopper.email);
    const row = await (await getDb()).passwordReset.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThan(15.1);
    expect(mail.text).toContain("15 minutes");
  });

  it("the old path keeps working and mails a link too", async () => {
    const shopper = await customer(key);
    expect((await call("POST", "/api/shop/forgot-passwords", { email: shopper.email }, { key })).status).toBe(200);
    expect(await count("mailMessage", { to: shopper.email, kind: "password_reset" })).toBe(1);
  });
});

describe.each(reset)("reset password ($name)", (transport) => {
  it("sets the password, ends every token of the account, and works once", async () => {
    const shopper = await customer(key);
    const db = await getDb();
    const { token, email } = await requestReset(shopper.email);

    const res = await transport.send({ token, email, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD }, { key });
    expect(res.status, JSON.stringify(res.raw)).toBe(200);
    expect(res.data).toEqual({ success: true, message: expect.any(String) });

    expect(await loginStatus(shopper.email, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(shopper.email, shopper.password)).toBe(401);
    expect(await resolveCustomerToken(db, shopper.token)).toBeNull();
    expect(await db.passwordReset.count({ where: { email: shopper.email } })).toBe(0);

    const again = await transport.send({ token, email, password: "Another-Pass2!", passwordConfirmation: "Another-Pass2!" }, { key });
    expect(again.status).toBe(400);
    expect(again.code).toBe("invalid_reset_token");
    expect(await loginStatus(shopper.email, NEW_PASSWORD)).toBe(200);
  });

  it("a new link ends the earlier one: only the latest mail works", async () => {
    const shopper = await customer(key);
    const first = await requestReset(shopper.email);
    const second = await requestReset(shopper.email);
    const stale = await transport.send({ token: first.token, email: first.email, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD }, { key });
    expect(stale.status).toBe(400);
    expect(await loginStatus(shopper.email, shopper.password)).toBe(200);
    expect((await transport.send({ token: second.token, email: second.email, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD }, { key })).status).toBe(200);
    expect(await loginStatus(shopper.email, NEW_PASSWORD)).toBe(200);
    expect(await count("passwordReset", { email: shopper.email })).toBe(0);
  });

  const refusals: { name: string; status: number; field?: string; change: (t: { token: string; email: string }) => Record<string, unknown> | Promise<Record<string, unknown>> }[] = [
    { name: "an unknown token", status: 400, change: (t) => ({ ...t, token: "not-a-token-we-issued" }) },
    { name: "another account's email", status: 400, change: async (t) => ({ ...t, email: (await customer(key)).email }) },
    {
      name: "an expired token",
      status: 400,
      change: async (t) => {
        await (await getDb()).passwordReset.update({ where: { tokenHash: sha256(t.token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
        return t;
      },
    },
    { name: "a mismatched confirmation", status: 422, field: "passwordConfirmation", change: (t) => ({ ...t, passwordConfirmation: "Something-else1!" }) },
    { name: "a weak password", status: 422, field: "password", change: (t) => ({ ...t, password: "short", passwordConfirmation: "short" }) },
  ];

  it.each(refusals)("$name: $status and the password stays", async ({ status, field, change }) => {
    const shopper = await customer(key);
    const link = await requestReset(shopper.email);
    const input = { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD, ...(await change({ token: link.token, email: link.email })) };

    const res = await transport.send(input, { key });
    expect(res.status, JSON.stringify(res.raw)).toBe(status);
    if (field) expect(res.fields[field]?.length).toBeGreaterThan(0);
    expect(await loginStatus(shopper.email, shopper.password)).toBe(200);
    expect(await resolveCustomerToken(await getDb(), shopper.token)).not.toBeNull();
    if (status === 422) {
      // The link was not spent on a refused password.
      const ok = await transport.send({ token: link.token, email: link.email, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD }, { key });
      expect(ok.status).toBe(200);
    }
  });

  it("attempts for one email are rate limited", async () => {
    process.env.RESET_PASSWORD_LIMIT_PER_ACCOUNT = "2";
    const shopper = await customer(key);
    const wrong = { token: "guess", email: shopper.email, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD };
    for (let i = 0; i < 2; i++) {
      expect((await transport.send(wrong, { key, headers: { "X-Forwarded-For": `203.0.113.${i + 10}` } })).status).toBe(400);
    }
    const limited = await transport.send(wrong, { key, headers: { "X-Forwarded-For": "203.0.113.50" } });
    expect(limited.status).toBe(429);
    expect(limited.code).toBe("rate_limit_exceeded");
  });
});
