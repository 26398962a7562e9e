// Issue 13 item 2: a production start seeds the demo catalog but no account with a known password. The owner gets
// a one-time password, printed once, and the panel does nothing but change it until it is changed.
// This file seeds its own throwaway database (a SQLite file, or a PostgreSQL database of its own on the
// PostgreSQL pass), as `npm run commerce -- db seed` does under NODE_ENV=production.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import bcrypt from "bcryptjs";
import { getDb, disconnectDb, type Db } from "../../lib/db/client.ts";
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemoStore } from "../../lib/seed/index.ts";
import { commands } from "../../lib/cli/commands.ts";
import * as sessionRoute from "../../app/admin/api/session/route.ts";
import * as passwordRoute from "../../app/admin/api/session/password/route.ts";
import { dispatch } from "../support/app.ts";

const suiteUrl = process.env.DATABASE_URL!;
const onPostgres = /^postgres(ql)?:\/\//.test(suiteUrl);
const tag = `prodseed_${process.pid}_${Date.now()}`;
let url = "";
// `db seed` writes the new demo storefront key here; the developer's own file is put back afterwards.
const KEY_FILE = path.join("data", "demo-storefront-key.txt");
let savedKeyFile: string | null = null;

async function pgAdmin(sql: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: suiteUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function removeSqlite(u: string) {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(path.resolve(u.slice("file:".length) + suffix), { force: true });
}

/** Runs a CLI command in process and answers what it printed. */
async function cli(name: string, values: Record<string, string> = {}): Promise<string> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
  try {
    await commands[name](values, []);
  } finally {
    spy.mockRestore();
  }
  return lines.join("\n");
}

const ORIGIN = "http://localhost:3000";

/** A panel call: `session…` to the panel's session routes, any other path to the Admin API the panel calls. */
function request(p: string, init: { method?: string; body?: unknown; cookie?: string; csrf?: string } = {}): Request {
  return new Request(`${ORIGIN}${/^session(\/|$)/.test(p) ? "/admin/api" : "/api/admin"}/${p}`, {
    method: init.method ?? "GET",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      Host: "localhost:3000",
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...(init.csrf ? { "X-CSRF-Token": init.csrf } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function read(res: Response) {
   
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function signIn(email: string, password: string) {
  const res = await sessionRoute.POST(request("session", { method: "POST", body: { email, password } }));
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
  const { status, body } = await read(res);
  if (status !== 200) return { status, body, cookie: "", csrf: "" };
  const session = await read(await sessionRoute.GET(request("session", { cookie })));
  return { status, body: session.body, cookie, csrf: session.body.csrfToken as string };
}

const panel = (p: string, init: { method?: string; body?: unknown; cookie?: string; csrf?: string } = {}) => dispatch(request(p, init)).then(read);

const changePassword = (s: { cookie: string; csrf: string }, body: unknown) =>
  passwordRoute.POST(request("session/password", { method: "POST", cookie: s.cookie, csrf: s.csrf, body })).then(read);

let db: Db;
let printed = "";
let oneTimePassword = "";

beforeAll(async () => {
  url = onPostgres ? suiteUrl.replace(/\/[^/?]+(\?|$)/, `/${tag}$1`) : `file:./data/${tag}.db`;
  if (onPostgres) await pgAdmin(`CREATE DATABASE "${tag}"`);
  savedKeyFile = fs.existsSync(KEY_FILE) ? fs.readFileSync(KEY_FILE, "utf8") : null;
  await disconnectDb();
  vi.stubEnv("DATABASE_URL", url);
  // The CLI decides from NODE_ENV; only this process (a fork of its own) sees the change, and only during the seed.
  vi.stubEnv("NODE_ENV", "production");
  try {
    printed = await cli("db seed");
  } finally {
    vi.stubEnv("NODE_ENV", "test");
    if (savedKeyFile === null) fs.rmSync(KEY_FILE, { force: true });
    else fs.writeFileSync(KEY_FILE, savedKeyFile);
  }
  oneTimePassword = /One-time password, shown only now: (\S+)/.exec(printed)?.[1] ?? "";
  db = await getDb();
}, 120_000);

afterAll(async () => {
  await disconnectDb();
  vi.unstubAllEnvs();
  if (onPostgres) await pgAdmin(`DROP DATABASE IF EXISTS "${tag}" WITH (FORCE)`);
  else removeSqlite(url);
});

describe("production seed", () => {
  it("seeds the catalog, no demo customer, and an owner with a printed one-time password that must be changed", async () => {
    expect(printed).toContain("Seeded the demo store");
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(20);
    expect(oneTimePassword).not.toBe(DEMO_ADMIN.password);
    expect(printed).not.toContain(DEMO_ADMIN.password);
    expect(printed).not.toContain(DEMO_CUSTOMER.password);

    expect(await db.product.count()).toBeGreaterThanOrEqual(60);
    expect(await db.customer.count()).toBe(0);
    expect(await db.productReview.count({ where: { customerId: { not: null } } })).toBe(0);
    const owner = await db.adminUser.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
    expect(owner.isOwner).toBe(true);
    expect(owner.mustChangePassword).toBe(true);
    expect(await bcrypt.compare(DEMO_ADMIN.password, owner.passwordHash)).toBe(false);
    expect(await bcrypt.compare(oneTimePassword, owner.passwordHash)).toBe(true);
    expect(await db.adminUser.count()).toBe(1);
  });

  it("a seed outside production keeps the demo logins (explicit option)", async () => {
    // The option, not the environment: the same call a test or the quick start makes.
    const other = onPostgres ? null : `file:./data/${tag}-demo.db`;
    if (!other) return; // the quick-start path is covered on SQLite; PostgreSQL runs the rest of this file
    await disconnectDb();
    vi.stubEnv("DATABASE_URL", other);
    try {
      await (await import("../../lib/db/migrate.ts")).migrate({ ...process.env, DATABASE_URL: other });
      const demoDb = await getDb();
      const summary = await seedDemoStore(demoDb, { production: false });
      expect(summary.logins.admin).toEqual({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, mustChangePassword: false });
      expect(summary.logins.customer).toEqual({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
      expect(await demoDb.customer.count({ where: { email: DEMO_CUSTOMER.email } })).toBe(1);
      const owner = await demoDb.adminUser.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
      expect(owner.mustChangePassword).toBe(false);
      expect(await bcrypt.compare(DEMO_ADMIN.password, owner.passwordHash)).toBe(true);
    } finally {
      await disconnectDb();
      vi.stubEnv("DATABASE_URL", url);
      removeSqlite(other);
      db = await getDb();
    }
  });

  it("the demo password does not sign in; the printed one does, and the panel answers password_change_required until it is changed", async () => {
    expect((await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(401);
    const s = await signIn(DEMO_ADMIN.email, oneTimePassword);
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ signedIn: true, admin: { email: DEMO_ADMIN.email, isOwner: true, mustChangePassword: true } });

    for (const [method, p, body] of [
      ["GET", "settings/storefront-keys", undefined],
      ["GET", "settings/users", undefined],
      ["POST", "settings/integrations", { name: "sneaky", scope: "all" }],
      ["POST", "settings/users", { name: "Second", email: "second@example.com", password: "Second-Passw0rd!", roleId: 1 }],
    ] as const) {
      const res = await panel(p, { method, cookie: s.cookie, csrf: s.csrf, body });
      expect(res.status, `${method} ${p}`).toBe(403);
      expect(res.body.error, `${method} ${p}`).toBe("password_change_required");
    }
    expect(await db.integrationToken.count()).toBe(0);
    expect(await db.adminUser.count()).toBe(1);

    // The change itself: wrong current password, too short, a published demo password, the same one: all 422.
    const wrong = await changePassword(s, { currentPassword: "not-it", newPassword: "Brand-new-passw0rd!" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.currentPassword).toBeDefined();
    const short = await changePassword(s, { currentPassword: oneTimePassword, newPassword: "Short1!" });
    expect(short.status).toBe(422);
    expect(short.body.errors.newPassword).toBeDefined();
    const known = await changePassword(s, { currentPassword: oneTimePassword, newPassword: DEMO_ADMIN.password });
    expect(known.status).toBe(422);
    expect(known.body.errors.newPassword).toBeDefined();
    const same = await changePassword(s, { currentPassword: oneTimePassword, newPassword: oneTimePassword });
    expect(same.status).toBe(422);
    expect(same.body.errors.newPassword).toBeDefined();
    expect((await changePassword({ cookie: s.cookie, csrf: "" }, { currentPassword: oneTimePassword, newPassword: "Brand-new-passw0rd!" })).status).toBe(403);
    expect((await db.adminUser.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } })).mustChangePassword).toBe(true);

    const ok = await changePassword(s, { currentPassword: oneTimePassword, newPassword: "Brand-new-passw0rd!" });
    expect(ok).toEqual({ status: 200, body: { changed: true } });
    const owner = await db.adminUser.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
    expect(owner.mustChangePassword).toBe(false);
    expect(await bcrypt.compare("Brand-new-passw0rd!", owner.passwordHash)).toBe(true);

    // The same session now works, and the session answer says so.
    const me = await read(await sessionRoute.GET(request("session", { cookie: s.cookie })));
    expect(me.body.admin.mustChangePassword).toBe(false);
    const keys = await panel("settings/storefront-keys", { cookie: s.cookie });
    expect(keys.status).toBe(200);
    expect(keys.body.data.length).toBe(1);
    const made = await panel("settings/storefront-keys", { method: "POST", cookie: s.cookie, csrf: s.csrf, body: { name: "Kiosk" } });
    expect(made.status).toBe(201);
    expect(await db.storefrontKey.count()).toBe(2);

    expect((await signIn(DEMO_ADMIN.email, oneTimePassword)).status).toBe(401);
    expect((await signIn(DEMO_ADMIN.email, "Brand-new-passw0rd!")).status).toBe(200);
  });

  it("admin reset-password prints a new one-time password, ends the sessions and flags the account again", async () => {
    const before = await signIn(DEMO_ADMIN.email, "Brand-new-passw0rd!");
    expect((await panel("settings/users", { cookie: before.cookie })).status).toBe(200);
    const out = await cli("admin reset-password", { email: DEMO_ADMIN.email });
    const password = out.trim().split("\n").at(-1)!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await panel("settings/users", { cookie: before.cookie })).status).toBe(401);
    expect(await db.adminSession.count({ where: { admin: { email: DEMO_ADMIN.email } } })).toBe(0);

    const s = await signIn(DEMO_ADMIN.email, password);
    expect(s.status).toBe(200);
    expect(s.body.admin.mustChangePassword).toBe(true);
    expect((await panel("settings/users", { cookie: s.cookie })).body.error).toBe("password_change_required");
    // Signing out is allowed while the change is pending.
    const out2 = await read(await sessionRoute.DELETE(request("session", { method: "DELETE", cookie: s.cookie, csrf: s.csrf })));
    expect(out2.status).toBe(200);
  });

  it("admin create: an operator-chosen password needs no change", async () => {
    await cli("admin create", { email: "ops@example.com", password: "Operator-chose-this-1" });
    expect((await db.adminUser.findUniqueOrThrow({ where: { email: "ops@example.com" } })).mustChangePassword).toBe(false);
    const s = await signIn("ops@example.com", "Operator-chose-this-1");
    expect(s.body.admin.mustChangePassword).toBe(false);
    expect((await panel("settings/users", { cookie: s.cookie })).status).toBe(200);
  });
});
