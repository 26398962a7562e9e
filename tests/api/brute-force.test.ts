// Issue 13 item 3: guessing has a price. Customer login, registration and forgotten-password requests (REST and
// GraphQL) and the panel sign-in have budgets per account and per client address (429 with Retry-After and the
// rate_limit_exceeded body); an unknown email is compared against a decoy hashed at the real BCRYPT_COST.
// Issue 28 item 5: nobody can lock out the owner. For login and panel sign-in the account's budget is per account
// AND address, and failures from anywhere only slow the account's next attempts down by a growing delay (seen here
// through attemptPause.sleep, never timed), which the right password resets.
// vitest.config.ts raises every attempt budget; each case here lowers the one it tests (they are read per attempt)
// and calls from addresses of its own (X-Forwarded-For, believed under the suite's TRUST_PROXY=1).
import { afterEach, describe, expect, it, vi } from "vitest";

// A cost other than the suite's 4, so a decoy hashed at a fixed 4 shows up. Set before any module reads it.
vi.hoisted(() => {
  process.env.BCRYPT_COST = "5";
});

import bcrypt from "bcryptjs";
import { customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { count, transportsOf, type Outcome } from "../support/gate-helpers.ts";
import { subAdmin } from "../support/admin.ts";
import { BCRYPT_COST, decoyHash } from "../../lib/customers/account.ts";
import { startSession } from "../../lib/admin-session/routes.ts";
import { attemptDelayMs, attemptPause, attemptRule, spendAttempt } from "../../lib/rate-limit/attempts.ts";

/** The delays served from now on, recorded instead of waited. */
function recordDelays(): number[] {
  const served: number[] = [];
  vi.spyOn(attemptPause, "sleep").mockImplementation(async (ms) => {
    served.push(ms);
  });
  return served;
}

const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  vi.restoreAllMocks();
});

let octet = 0;
/** An address no other case of this file uses. */
const address = () => `198.51.100.${++octet}`;
const from = (key: string, ip: string) => ({ key, headers: { "X-Forwarded-For": ip } });

function expectRateLimited(o: Outcome, transport: string) {
  expect(o.status, JSON.stringify(o.raw)).toBe(429);
  expect(o.code).toBe("rate_limit_exceeded");
  if (transport === "REST") {
    expect(o.raw).toEqual({ message: expect.any(String), error: "rate_limit_exceeded", retry_after: expect.any(Number) });
    expect(Number(o.headers.get("Retry-After"))).toBe(o.raw.retry_after);
    expect(o.raw.retry_after).toBeGreaterThanOrEqual(1);
  } else {
    expect(o.raw.errors[0].extensions).toMatchObject({ code: "rate_limit_exceeded", status: 429, retry_after: expect.any(Number) });
    expect(Number(o.headers.get("Retry-After"))).toBe(o.raw.errors[0].extensions.retry_after);
  }
}

const login = transportsOf("createCustomerLogin");
const register = transportsOf("createCustomer");
const forgot = transportsOf("createForgotPassword");

describe.each(login)("customer login ($name)", (transport) => {
  it("per account and address: wrong passwords from one address use up that pair's budget (429); the right password from another address still logs in", async () => {
    process.env.LOGIN_LIMIT_PER_ACCOUNT = "10";
    const key = await storefrontKey();
    const shopper = await customer(key);
    const tokens = () => count("customerToken", { customerId: shopper.id });
    const before = await tokens();
    const attacker = address();

    for (let i = 0; i < 10; i++) {
      expect((await transport.send({ email: shopper.email, password: "wrong-password" }, from(key, attacker))).status).toBe(401);
    }
    // The email is normalised: case and spaces do not make a new bucket.
    const refused = await transport.send({ email: ` ${shopper.email.toUpperCase()} `, password: "wrong-password" }, from(key, attacker));
    expectRateLimited(refused, transport.name);
    // Even the right password from the guessing address waits out the window.
    expectRateLimited(await transport.send({ email: shopper.email, password: shopper.password }, from(key, attacker)), transport.name);
    expect(await tokens()).toBe(before);

    const owner = await transport.send({ email: shopper.email, password: shopper.password }, from(key, address()));
    expect(owner.status, JSON.stringify(owner.raw)).toBe(transport.success);
    expect(await tokens()).toBe(before + 1);
  });

  it("per account: wrong passwords from many addresses never lock the owner out, they slow the account down; the right password resets the delay", async () => {
    process.env.LOGIN_DELAY_AFTER = "2";
    process.env.LOGIN_DELAY_BASE_MS = "250";
    process.env.LOGIN_DELAY_MAX_MS = "2000";
    const served = recordDelays();
    const key = await storefrontKey();
    const shopper = await customer(key);

    for (let i = 0; i < 7; i++) {
      expect((await transport.send({ email: shopper.email, password: "wrong-password" }, from(key, address()))).status).toBe(401);
    }
    expect(served).toEqual([250, 500, 1000, 2000, 2000]);

    const owner = await transport.send({ email: shopper.email, password: shopper.password }, from(key, address()));
    expect(owner.status, JSON.stringify(owner.raw)).toBe(transport.success);
    expect(served).toEqual([250, 500, 1000, 2000, 2000, 2000]);
    // A success starts the count again: the next attempts are answered at once.
    expect((await transport.send({ email: shopper.email, password: "wrong-password" }, from(key, address()))).status).toBe(401);
    expect(served).toHaveLength(6);
  });

  it("per account and address: a right password gives its point back, so a customer who logs in often is not refused", async () => {
    process.env.LOGIN_LIMIT_PER_ACCOUNT = "2";
    const key = await storefrontKey();
    const shopper = await customer(key);
    const ip = address();

    for (let i = 0; i < 4; i++) expect((await transport.send({ email: shopper.email, password: shopper.password }, from(key, ip))).status).toBe(transport.success);
    expect((await transport.send({ email: shopper.email, password: "wrong-password" }, from(key, ip))).status).toBe(401);
    expect((await transport.send({ email: shopper.email, password: shopper.password }, from(key, ip))).status).toBe(transport.success);
  });

  it("per address: one address spraying many accounts runs out; another address does not", async () => {
    process.env.LOGIN_LIMIT_PER_ADDRESS = "3";
    const key = await storefrontKey();
    const ip = address();
    for (let i = 0; i < 3; i++) {
      expect((await transport.send({ email: `${unique("spray")}@example.com`, password: "guess" }, from(key, ip))).status).toBe(401);
    }

    expectRateLimited(await transport.send({ email: `${unique("spray")}@example.com`, password: "guess" }, from(key, ip)), transport.name);
    expect((await transport.send({ email: `${unique("spray")}@example.com`, password: "guess" }, from(key, address()))).status).toBe(401);
  });
});

describe.each(register)("registration ($name)", (transport) => {
  const form = (email: string) => ({ firstName: "Brute", lastName: "Force", email, password: "Secret123!pass", confirmPassword: "Secret123!pass" });

  it("per address: the fourth registration from one address gets 429 and creates nothing", async () => {
    process.env.REGISTER_LIMIT_PER_ADDRESS = "3";
    const key = await storefrontKey();
    const ip = address();
    for (let i = 0; i < 3; i++) expect((await transport.send(form(`${unique("reg")}@example.com`), from(key, ip))).status).toBe(transport.success);
    const email = `${unique("reg")}@example.com`;

    expectRateLimited(await transport.send(form(email), from(key, ip)), transport.name);
    expect(await count("customer", { email })).toBe(0);
    expect((await transport.send(form(email), from(key, address()))).status).toBe(transport.success);
  });

  it("per account: probing one email for registration runs out", async () => {
    process.env.REGISTER_LIMIT_PER_ACCOUNT = "2";
    const key = await storefrontKey();
    const email = `${unique("reg")}@example.com`;
    expect((await transport.send(form(email), from(key, address()))).status).toBe(transport.success);
    expect((await transport.send(form(email), from(key, address()))).status).toBe(422);

    expectRateLimited(await transport.send(form(email), from(key, address())), transport.name);
  });
});

describe.each(forgot)("forgot password ($name)", (transport) => {
  it("per account: the third request for one email gets 429 and records no reset", async () => {
    process.env.FORGOT_PASSWORD_LIMIT_PER_ACCOUNT = "2";
    const key = await storefrontKey();
    const shopper = await customer(key);
    for (let i = 0; i < 2; i++) expect((await transport.send({ email: shopper.email }, from(key, address()))).status).toBe(200);
    // Each request ends the earlier link: one row, the second request's.
    const db = await getDb();
    const latest = await db.passwordReset.findFirstOrThrow({ where: { email: shopper.email } });
    expect(await count("passwordReset", { email: shopper.email })).toBe(1);

    expectRateLimited(await transport.send({ email: shopper.email }, from(key, address())), transport.name);
    expect(await db.passwordReset.findMany({ where: { email: shopper.email } })).toEqual([latest]);
  });

  it("per address: many emails from one address run out", async () => {
    process.env.FORGOT_PASSWORD_LIMIT_PER_ADDRESS = "2";
    const key = await storefrontKey();
    const ip = address();
    for (let i = 0; i < 2; i++) expect((await transport.send({ email: `${unique("fp")}@example.com` }, from(key, ip))).status).toBe(200);

    expectRateLimited(await transport.send({ email: `${unique("fp")}@example.com` }, from(key, ip)), transport.name);
  });
});

describe("a request with no known address", () => {
  it("counts in one bucket of its own", async () => {
    process.env.LOGIN_LIMIT_PER_ADDRESS = "2";
    process.env.TRUST_PROXY = "0"; // the forwarded header is not believed: the address is unknown
    const key = await storefrontKey();
    const [rest] = login;
    for (let i = 0; i < 2; i++) expect((await rest.send({ email: `${unique("nul")}@example.com`, password: "x" }, from(key, address()))).status).toBe(401);

    expectRateLimited(await rest.send({ email: `${unique("nul")}@example.com`, password: "x" }, { key }), "REST");
    process.env.TRUST_PROXY = "1";
    expect((await rest.send({ email: `${unique("nul")}@example.com`, password: "x" }, from(key, address()))).status).toBe(401);
  });
});

async function panelSignIn(email: string, password: string, ip: string) {
  const res = await startSession(
    new Request("http://shop.test/admin/api/session", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify({ email, password }),
    }),
  );
  return { status: res.status, headers: res.headers, body: await res.json() };
}

async function adminWithPassword(password: string) {
  const admin = await subAdmin("all");
  const db = await getDb();
  await db.adminUser.update({ where: { id: admin.adminId }, data: { passwordHash: await bcrypt.hash(password, BCRYPT_COST) } });
  return admin;
}

describe("panel sign-in", () => {
  it("per account and address: an email, known or not, runs out of attempts from one address; 429 with Retry-After", async () => {
    process.env.PANEL_SIGN_IN_LIMIT_PER_ACCOUNT = "3";
    const email = `${unique("nobody")}@example.com`;
    const ip = address();
    for (let i = 0; i < 3; i++) expect((await panelSignIn(email, "guess", ip)).status).toBe(401);

    const refused = await panelSignIn(email, "guess", ip);

    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: expect.any(String), error: "rate_limit_exceeded", retry_after: expect.any(Number) });
    expect(refused.headers.get("Retry-After")).toBe(String(refused.body.retry_after));
    expect((await panelSignIn(email, "guess", address())).status).toBe(401);
  });

  it("nobody can lock out the owner: wrong passwords from address A, then the right one from address B gets a session", async () => {
    process.env.PANEL_SIGN_IN_LIMIT_PER_ACCOUNT = "10";
    const admin = await adminWithPassword("Quiet-Harbor-Lamp-42");
    const attacker = address();
    for (let i = 0; i < 10; i++) expect((await panelSignIn(admin.email, "wrong-password", attacker)).status).toBe(401);
    expect((await panelSignIn(admin.email, "Quiet-Harbor-Lamp-42", attacker)).status).toBe(429);
    expect(await count("adminSession", { adminId: admin.adminId })).toBe(0);

    const owner = await panelSignIn(admin.email, "Quiet-Harbor-Lamp-42", address());

    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(await count("adminSession", { adminId: admin.adminId })).toBe(1);
  });

  it("parallel wrong passwords from many addresses all count towards the account's delay; the right password still gets in, and resets it", async () => {
    process.env.PANEL_SIGN_IN_DELAY_AFTER = "3";
    process.env.PANEL_SIGN_IN_DELAY_BASE_MS = "100";
    process.env.PANEL_SIGN_IN_DELAY_MAX_MS = "60000";
    const served = recordDelays();
    const admin = await adminWithPassword("Quiet-Harbor-Lamp-42");

    const answers = await Promise.all(Array.from({ length: 6 }, () => panelSignIn(admin.email, "wrong-password", address())));

    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(401));
    expect(served.sort((a, b) => a - b)).toEqual([100, 200, 400]);
    const owner = await panelSignIn(admin.email, "Quiet-Harbor-Lamp-42", address());
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(served).toContain(800);
    expect(await count("adminSession", { adminId: admin.adminId })).toBe(1);
    expect((await panelSignIn(admin.email, "wrong-password", address())).status).toBe(401);
    expect(served).toHaveLength(4);
  });

  it("per address: one address trying many emails runs out; no session is made past it", async () => {
    process.env.PANEL_SIGN_IN_LIMIT_PER_ADDRESS = "3";
    const admin = await adminWithPassword("Quiet-Harbor-Lamp-42");
    const ip = address();
    for (let i = 0; i < 3; i++) expect((await panelSignIn(`${unique("nobody")}@example.com`, "guess", ip)).status).toBe(401);

    expect((await panelSignIn(admin.email, "Quiet-Harbor-Lamp-42", ip)).status).toBe(429);
    expect(await count("adminSession", { adminId: admin.adminId })).toBe(0);
    expect((await panelSignIn(admin.email, "Quiet-Harbor-Lamp-42", address())).status).toBe(200);
    expect(await count("adminSession", { adminId: admin.adminId })).toBe(1);
  });
});

describe("timing decoy", () => {
  it("is hashed at the real BCRYPT_COST", async () => {
    expect(BCRYPT_COST).toBe(5);
    expect(bcrypt.getRounds(await decoyHash())).toBe(BCRYPT_COST);
  });

  it("an unknown email is compared against it, at the cost of a real password, on customer login and panel sign-in", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    const stored = await (await getDb()).customer.findUniqueOrThrow({ where: { id: shopper.id } });
    const compare = vi.spyOn(bcrypt, "compare");

    expect((await login[0].send({ email: `${unique("ghost")}@example.com`, password: "guess" }, from(key, address()))).status).toBe(401);
    expect((await panelSignIn(`${unique("ghost")}@example.com`, "guess", address())).status).toBe(401);

    const hashes = compare.mock.calls.map((c) => c[1]);
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) {
      expect(hash).toBe(await decoyHash());
      expect(bcrypt.getRounds(hash)).toBe(bcrypt.getRounds(stored.passwordHash));
    }
  });
});

describe("the delay and the budgets, computed", () => {
  it("doubles from the base past the free failures, up to the cap", () => {
    const rule = { after: 3, baseMs: 250, maxMs: 4000 };
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 50, 5000].map((f) => attemptDelayMs(rule, f))).toEqual([0, 0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000, 4000]);
    expect(attemptDelayMs({ after: 0, baseMs: 0, maxMs: 4000 }, 10)).toBe(0);
  });

  it("defaults to five free failures, then 250 ms doubling up to 4 s, for login and panel sign-in only; env overrides each", () => {
    for (const name of Object.keys(process.env)) if (/^(LOGIN|PANEL_SIGN_IN|REGISTER)_/.test(name)) delete process.env[name];
    expect(attemptRule("login")).toEqual({ perAccount: 10, perAddress: 100, windowSeconds: 900, slowDown: { after: 5, baseMs: 250, maxMs: 4000 } });
    expect(attemptRule("panelSignIn").slowDown).toEqual({ after: 5, baseMs: 250, maxMs: 4000 });
    expect(attemptRule("register").slowDown).toBeNull();
    process.env.PANEL_SIGN_IN_DELAY_AFTER = "0";
    process.env.PANEL_SIGN_IN_DELAY_BASE_MS = "500";
    process.env.PANEL_SIGN_IN_DELAY_MAX_MS = "nonsense";
    expect(attemptRule("panelSignIn").slowDown).toEqual({ after: 0, baseMs: 500, maxMs: 4000 });
  });

  it("a refused attempt spends nothing: the account and address budgets it did not exceed keep their points", async () => {
    process.env.REGISTER_LIMIT_PER_ADDRESS = "1";
    process.env.REGISTER_LIMIT_PER_ACCOUNT = "2";
    const email = `${unique("refund")}@example.com`;
    const ip = address();
    await spendAttempt("register", `${unique("other")}@example.com`, ip);
    for (let i = 0; i < 5; i++) await expect(spendAttempt("register", email, ip)).rejects.toMatchObject({ status: 429 });
    // Five refusals from the spent address took none of the account's two points.
    await spendAttempt("register", email, address());
    await spendAttempt("register", email, address());
    await expect(spendAttempt("register", email, address())).rejects.toMatchObject({ status: 429 });
  });
});
