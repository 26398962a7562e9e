// Issue 13, item 6: tokens cannot outgrow their maker. A token that issues, regenerates or changes an integration
// token gives it no wider IP allowlist, no later expiry and no higher (or absent) rate cap than its own, and cannot
// lift its own restrictions. Refusals are 403 `token_bounds` and write nothing.
import { describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { adminCredential, asAdmin } from "../support/admin.ts";
import { VIAS, type Via } from "../support/invoke.ts";
import { allowlistWithin } from "../../lib/auth/ip.ts";

const DAY = 86400_000;
/** Calls come from inside the caller's allowlist (the suite trusts one proxy: tests name the client here). */
const FROM = { headers: { "X-Forwarded-For": "10.9.8.7" } };

const issue = (via: Via, token: string, input: Record<string, unknown>) => asAdmin(via, token, "createAdminIntegrationToken", input, FROM);
const change = (via: Via, token: string, id: number, input: Record<string, unknown>) => asAdmin(via, token, "updateAdminIntegrationToken", { id, ...input }, FROM);
const regenerate = (via: Via, token: string, id: number, input: Record<string, unknown> = {}) =>
  asAdmin(via, token, "regenerateAdminIntegrationToken", { id, ...input }, FROM);

/** The store owner's token, fenced to 10.0.0.0/8, expiring in 30 days, capped at 100 calls. */
const restricted = () => adminCredential({ allowedIps: "10.0.0.0/8", expiresInDays: 30, rateLimit: 100 });

const row = async (id: number) =>
  (await getDb()).integrationToken.findUniqueOrThrow({ where: { id }, select: { allowedIps: true, rateLimit: true, expiresAt: true, secretHash: true, revokedAt: true } });

describe.each(VIAS)("issuing over %s", (transport) => {
  it("refuses a token wider than the caller in any restriction, and writes nothing", async () => {
    const caller = await restricted();
    const cases: [string, Record<string, unknown>][] = [
      ["allowlist of everything", { allowedIps: "0.0.0.0/0" }],
      ["one range outside", { allowedIps: ["10.1.0.0/16", "11.0.0.1"] }],
      ["a range containing the caller's", { allowedIps: ["10.0.0.0/7"] }],
      ["no allowlist", { allowedIps: null }],
      ["a later expiry", { expiresInDays: 365 }],
      ["no expiry", { expiresInDays: null }],
      ["a higher rate cap", { rateLimit: 1000 }],
      ["no rate cap", { rateLimit: null }],
    ];
    const db = await getDb();
    for (const [label, input] of cases) {
      const name = unique("wide");
      const res = await issue(transport, caller.token, { name, ...input });
      expect(res.status, label).toBe(403);
      expect(res.code, label).toBe("token_bounds");
      expect(await db.integrationToken.count({ where: { name } }), label).toBe(0);
    }
  });

  it("issues a token inside the caller's restrictions, and passes them on by default", async () => {
    const caller = await restricted();
    const own = await row(caller.tokenId);
    const inside = await issue(transport, caller.token, { name: unique("inside"), allowedIps: ["10.1.0.0/16", "::ffff:10.2.3.4"], expiresInDays: 10, rateLimit: 50 });
    expect(inside.status).toBe(201);
    expect(inside.data).toMatchObject({ allowedIps: ["10.1.0.0/16", "::ffff:10.2.3.4"], rateLimit: 50 });
    expect(Math.abs(Date.parse(inside.data.expiresAt) - (Date.now() + 10 * DAY))).toBeLessThan(60_000);

    const plain = await issue(transport, caller.token, { name: unique("plain") });
    expect(plain.status).toBe(201);
    const made = await row(plain.data.id);
    // The default lifetime (365 days) is cut to the caller's own expiry; allowlist and cap are inherited.
    expect(made).toMatchObject({ allowedIps: "10.0.0.0/8", rateLimit: 100, expiresAt: own.expiresAt });
  });

  it("an unrestricted token still issues unrestricted tokens", async () => {
    const owner = await adminCredential({ expiresInDays: null });
    const res = await issue(transport, owner.token, { name: unique("free"), expiresInDays: null });
    expect(res.status).toBe(201);
    expect(await row(res.data.id)).toMatchObject({ allowedIps: null, rateLimit: null, expiresAt: null });
  });
});

describe.each(VIAS)("changing and regenerating over %s", (transport) => {
  it("a token cannot lift its own restrictions, but may narrow them", async () => {
    const caller = await restricted();
    const before = await row(caller.tokenId);
    for (const input of [{ allowedIps: "0.0.0.0/0" }, { allowedIps: null }, { rateLimit: 101 }, { rateLimit: null }]) {
      const res = await change(transport, caller.token, caller.tokenId, input);
      expect(res.status, JSON.stringify(input)).toBe(403);
      expect(res.code).toBe("token_bounds");
    }
    expect(await row(caller.tokenId)).toEqual(before);
    const narrowed = await change(transport, caller.token, caller.tokenId, { allowedIps: ["10.9.0.0/16"], rateLimit: 60 });
    expect(narrowed.status).toBe(200);
    expect(await row(caller.tokenId)).toMatchObject({ allowedIps: "10.9.0.0/16", rateLimit: 60 });
    expect((await change(transport, caller.token, caller.tokenId, { allowedIps: ["10.0.0.0/8"] })).status).toBe(403);
  });

  it("a token cannot widen another token, nor regenerate (and so obtain) a wider one", async () => {
    const caller = await restricted();
    const other = await adminCredential();
    const before = await row(other.tokenId);
    expect((await change(transport, caller.token, other.tokenId, { allowedIps: "0.0.0.0/0" })).status).toBe(403);
    expect((await change(transport, caller.token, other.tokenId, { rateLimit: 5000 })).status).toBe(403);
    const regen = await regenerate(transport, caller.token, other.tokenId);
    expect(regen.status).toBe(403);
    expect(regen.code).toBe("token_bounds");
    expect(await row(other.tokenId)).toEqual(before);
    // A rename widens nothing.
    expect((await change(transport, caller.token, other.tokenId, { name: unique("renamed") })).status).toBe(200);
  });

  it("regenerating itself keeps its expiry; a later one is refused", async () => {
    const caller = await restricted();
    const before = await row(caller.tokenId);
    const later = await regenerate(transport, caller.token, caller.tokenId, { expiresInDays: 365 });
    expect(later.status).toBe(403);
    expect(await row(caller.tokenId)).toEqual(before);
    const res = await regenerate(transport, caller.token, caller.tokenId);
    expect(res.status).toBe(200);
    const after = await row(caller.tokenId);
    expect(after.secretHash).not.toBe(before.secretHash);
    expect(after.expiresAt).toEqual(before.expiresAt);
  });
});

describe("allowlist containment", () => {
  it("compares ranges of either family, IPv4 and IPv4-mapped alike", () => {
    expect(allowlistWithin("10.1.0.0/16,10.2.3.4", "10.0.0.0/8")).toBe(true);
    expect(allowlistWithin("::ffff:10.1.2.3", "10.0.0.0/8")).toBe(true);
    expect(allowlistWithin("10.0.0.0/8", "10.1.0.0/16")).toBe(false);
    expect(allowlistWithin("2001:db8:1::/48", "2001:db8::/32,10.0.0.0/8")).toBe(true);
    expect(allowlistWithin("2001:db9::1", "2001:db8::/32")).toBe(false);
    expect(allowlistWithin("0.0.0.0/0", "10.0.0.0/8")).toBe(false);
  });
});
