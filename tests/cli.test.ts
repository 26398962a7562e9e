// The operator command line (DESIGN.md Operating the service), run as operators run it: `npx tsx lib/cli/main.ts …`
// in a child process against the test database. Each spawn costs a second or two, so cases share spawns where
// they can and independent ones run side by side.
import { describe, expect, it } from "vitest";
import { cli, type Run } from "./support/cli.ts";
import bcrypt from "bcryptjs";
import { call, getDb, unique } from "./support/client.ts";
import { sha256 } from "../lib/auth/secrets.ts";
import { createStorefrontKey } from "../lib/storefront-keys/index.ts";
import { resolveIntegrationToken } from "../lib/integrations/tokens.ts";

const SLOW = 90_000;

const locales = (key: string, ip?: string) => call("GET", "/api/shop/locales", undefined, { key, headers: ip ? { "X-Forwarded-For": ip } : {} });
const idOf = (run: Run) => Number(/#(\d+)/.exec(run.stdout)?.[1]);

describe("storefront-key", () => {
  it(
    "create prints the key alone on its last line; it works from the allowed address, within its limit; list shows it without the secret",
    async () => {
      const name = unique("cli-key");
      const created = await cli("storefront-key", "create", "--name", name, "--rate-limit", "5", "--allowed-ips", "127.0.0.1/32");

      expect(created.code, created.stderr).toBe(0);
      const key = created.lastLine;
      expect(key).toMatch(/^pk_[\w-]{20,}$/);
      const id = idOf(created);
      const row = await (await getDb()).storefrontKey.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ name, status: "active", rateLimit: 5, allowedIps: "127.0.0.1/32", expiresAt: null, keyHash: sha256(key) });

      // Through the API: refused from elsewhere, then five answers from the allowed address and a 429.
      const elsewhere = await locales(key, "10.0.0.1");
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body.error).toBe("invalid_key");
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await locales(key, "127.0.0.1")).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

      const listed = await cli("storefront-key", "list");
      expect(listed.code, listed.stderr).toBe(0);
      const line = listed.stdout.split("\n").find((l) => l.startsWith(`#${id} `));
      expect(line).toBeDefined();
      expect(line).toContain(name);
      expect(line).toContain("active");
      expect(line).toContain("limit=5");
      expect(line).toContain("ips=127.0.0.1/32");
      expect(line).toContain(key.slice(0, 8));
      expect(listed.stdout).not.toContain(key);
      expect(listed.stdout).not.toContain(row.keyHash);
    },
    SLOW,
  );

  it(
    "deactivate <id> turns a working key into a 403 invalid_key",
    async () => {
      const issued = await createStorefrontKey(await getDb(), { name: unique("cli-off") });
      expect((await locales(issued.key)).status).toBe(200);

      const run = await cli("storefront-key", "deactivate", String(issued.id));

      expect(run.code, run.stderr).toBe(0);
      const res = await locales(issued.key);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: expect.any(String), error: "invalid_key" });
      expect((await (await getDb()).storefrontKey.findUniqueOrThrow({ where: { id: issued.id } })).status).toBe("inactive");
    },
    SLOW,
  );

  it(
    "rotate <id> prints a successor that works with the old key's settings while the old key gets 403",
    async () => {
      const old = await createStorefrontKey(await getDb(), { name: unique("cli-rot"), allowedIps: "10.1.0.0/16" });

      const run = await cli("storefront-key", "rotate", String(old.id));

      expect(run.code, run.stderr).toBe(0);
      const successor = run.lastLine;
      expect(successor).toMatch(/^pk_[\w-]{20,}$/);
      expect(successor).not.toBe(old.key);
      expect((await locales(old.key, "10.1.0.5")).status).toBe(403);
      expect((await locales(successor, "10.1.0.5")).status).toBe(200);
      expect((await locales(successor, "10.2.0.5")).status).toBe(403);
      const row = await (await getDb()).storefrontKey.findUniqueOrThrow({ where: { keyHash: sha256(successor) } });
      expect(row).toMatchObject({ rotatedFromId: old.id, status: "active", allowedIps: "10.1.0.0/16" });
      expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 364 * 86_400_000);
    },
    SLOW,
  );

  const refused: { name: string; args: (name: string) => string[]; says: RegExp }[] = [
    { name: "a rate limit that is not a number", args: (n) => ["create", "--name", n, "--rate-limit", "abc"], says: /--rate-limit/ },
    { name: "an allowlist that is no address", args: (n) => ["create", "--name", n, "--allowed-ips", "nonsense"], says: /nonsense/ },
    { name: "an expiry that is no date", args: (n) => ["create", "--name", n, "--expires-at", "soonish"], says: /--expires-at/ },
    { name: "no --name", args: () => ["create", "--rate-limit", "5"], says: /--name/ },
    { name: "rotate of a key that does not exist", args: () => ["rotate", "999999999"], says: /not found/i },
  ];

  it(
    "refuses bad flags with a non-zero exit, a message naming the problem, and no key",
    async () => {
      const names = refused.map(() => unique("cli-bad"));
      const runs = await Promise.all(refused.map((c, i) => cli("storefront-key", ...c.args(names[i]))));

      refused.forEach((c, i) => {
        const run = runs[i];
        expect(run.code, c.name).not.toBe(0);
        expect(run.stderr, c.name).toMatch(c.says);
        expect(run.stdout, c.name).not.toMatch(/pk_/);
      });
      expect(await (await getDb()).storefrontKey.count({ where: { name: { in: names } } })).toBe(0);
    },
    SLOW,
  );
});

describe("admin and integration tokens", () => {
  it(
    "admin create stores a bcrypt-hashed admin; integration-token create prints <id>|<secret> stored as a hash",
    async () => {
      const email = `${unique("cli-admin")}@example.com`;
      const password = "Admin!pass1234";
      const admin = await cli("admin", "create", "--email", email, "--password", password, "--name", "CLI Admin");

      expect(admin.code, admin.stderr).toBe(0);
      const db = await getDb();
      const row = await db.adminUser.findUniqueOrThrow({ where: { email } });
      expect(row.name).toBe("CLI Admin");
      expect(row.passwordHash).not.toContain(password);
      expect(await bcrypt.compare(password, row.passwordHash)).toBe(true);

      const [again, forNew, forDemo] = await Promise.all([
        cli("admin", "create", "--email", email, "--password", password),
        cli("integration-token", "create", "--admin", email, "--name", "cli"),
        cli("integration-token", "create", "--admin", "admin@example.com"),
      ]);

      expect(again.code).not.toBe(0);
      expect(again.stderr).toMatch(/exists/);
      expect(await db.adminUser.count({ where: { email } })).toBe(1);

      for (const [run, ownerEmail] of [[forNew, email], [forDemo, "admin@example.com"]] as const) {
        expect(run.code, run.stderr).toBe(0);
        const token = run.lastLine;
        expect(token).toMatch(/^\d+\|\S{20,}$/);
        const [id, secret] = token.split("|");
        const stored = await db.integrationToken.findUniqueOrThrow({ where: { id: Number(id) }, include: { admin: true } });
        expect(stored.admin.email).toBe(ownerEmail);
        expect(stored.secretHash).toBe(sha256(secret));
        expect(stored.secretHash).not.toContain(secret);
        const days = (stored.expiresAt!.getTime() - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(364);
        expect(days).toBeLessThan(366);
        const { principal } = await resolveIntegrationToken(db, token, null);
        expect(principal).toMatchObject({ kind: "admin", adminId: stored.adminId, tokenId: stored.id });
      }
    },
    SLOW,
  );
});
