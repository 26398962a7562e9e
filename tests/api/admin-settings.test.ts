// Settings over the Admin API: integration tokens, admin users, roles and storefront keys, on REST and GraphQL.
import { describe, expect, it } from "vitest";
import { call, getDb, storefrontKey, unique } from "../support/client.ts";
import { sha256 } from "../../lib/auth/secrets.ts";
import { adminCall, adminCredential, adminToken, asAdmin, subAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";

const issue = "createAdminIntegrationToken";
const tokensNamed = async (name: string) => (await getDb()).integrationToken.count({ where: { name } });
const DAY = 86400_000;

describe.each(VIAS)("integration tokens over %s", (transport) => {
  it("issues a token for oneself: shown once, stored hashed, 365 days by default, and it works", async () => {
    const owner = await adminCredential();
    const name = unique("issued");
    const res = await asAdmin(transport, owner.token, issue, { name, allowedIps: ["127.0.0.1", "10.0.0.0/8"], rateLimit: 50 });
    expect(res.status, JSON.stringify(res.raw)).toBe(201);
    const id = res.data.id;
    expect(res.data).toMatchObject({ name, adminId: owner.adminId, scope: "all", permissions: [], allowedIps: ["127.0.0.1", "10.0.0.0/8"], rateLimit: 50, status: "active" });
    expect(res.data.token).toMatch(new RegExp(`^${id}\\|.{20,}$`));
    expect(Math.abs(Date.parse(res.data.expiresAt) - (Date.now() + 365 * DAY))).toBeLessThan(60_000);

    const row = await (await getDb()).integrationToken.findUniqueOrThrow({ where: { id } });
    expect(row.secretHash).not.toContain(res.data.token.split("|")[1]);
    const read = await adminCall(owner.token, "GET", `/api/admin/settings/integrations/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.token).toBeNull();
    const used = await adminCall(res.data.token, "GET", "/api/admin/settings/roles", undefined, { headers: { "X-Forwarded-For": "10.2.3.4" } });
    expect(used.status).toBe(200);
  });

  it("takes a custom lifetime, or none at all", async () => {
    // Only a token that never expires may issue one that never expires (tests/api/token-limits.test.ts).
    const token = await adminToken({ expiresInDays: null });
    const ten = await asAdmin(transport, token, issue, { name: unique("ten"), expiresInDays: 10 });
    expect(Math.abs(Date.parse(ten.data.expiresAt) - (Date.now() + 10 * DAY))).toBeLessThan(60_000);
    const never = await asAdmin(transport, token, issue, { name: unique("never"), expiresInDays: null });
    expect(never.data.expiresAt).toBeNull();
    const custom = await asAdmin(transport, token, issue, { name: unique("custom"), scope: "custom", permissions: ["customers.view"] });
    expect(custom.data).toMatchObject({ scope: "custom", permissions: ["customers.view"] });
  });

  it("refuses bad input with 422 and writes nothing", async () => {
    const token = await adminToken();
    const cases: [string, Record<string, unknown>, string][] = [
      ["missing name", { name: "" }, "name"],
      ["unknown scope", { scope: "everything" }, "scope"],
      ["custom without permissions", { scope: "custom" }, "permissions"],
      ["unknown permission", { scope: "custom", permissions: ["catalog.products.fly"] }, "permissions"],
      ["permissions without custom scope", { scope: "all", permissions: ["customers.view"] }, "permissions"],
      ["zero days", { expiresInDays: 0 }, "expiresInDays"],
      ["bad CIDR", { allowedIps: ["10.0.0.0/99"] }, "allowedIps"],
      ["zero rate", { rateLimit: 0 }, "rateLimit"],
      ["unknown admin", { adminId: 99999999 }, "adminId"],
    ];
    for (const [label, input, field] of cases) {
      const name = unique("bad");
      const res = await asAdmin(transport, token, issue, { name, ...input });
      expect(res.status, label).toBe(422);
      expect(Object.keys(res.fields), label).toContain(field);
      expect(await tokensNamed(name), label).toBe(0);
    }
  });

  it("lets only the store owner issue tokens for a sub-admin", async () => {
    const owner = await adminToken();
    const staff = await subAdmin(["catalog.products.view"]);
    const forStaff = await asAdmin(transport, owner, issue, { name: unique("staff"), adminId: staff.adminId, scope: "role" });
    expect(forStaff.status).toBe(201);
    expect(forStaff.data.adminId).toBe(staff.adminId);
    expect((await adminCall(forStaff.data.token, "GET", "/api/admin/settings/roles")).status).toBe(403);

    const manager = await adminCredential({ role: ["settings.integrations.view", "settings.integrations.create"] });
    const name = unique("sneaky");
    const refused = await asAdmin(transport, manager.token, issue, { name, adminId: staff.adminId });
    expect(refused.status).toBe(403);
    expect(await tokensNamed(name)).toBe(0);
    const own = await asAdmin(transport, manager.token, issue, { name: unique("own") });
    expect(own.data.adminId).toBe(manager.adminId);
  });

  it("does not let a narrow token mint a wider one", async () => {
    const narrow = await adminToken({ scope: "custom", permissions: ["settings.integrations.create"] });
    const name = unique("wider");
    const res = await asAdmin(transport, narrow, issue, { name, scope: "all" });
    expect(res.status).toBe(403);
    expect(await tokensNamed(name)).toBe(0);
    const same = await asAdmin(transport, narrow, issue, { name: unique("same"), scope: "custom", permissions: ["settings.integrations.create"] });
    expect(same.status).toBe(201);
  });

  it("revokes (then 401; revoking twice is 409) and regenerates (old secret 401, new one works)", async () => {
    const owner = await adminToken();
    const victim = await adminCredential();
    const revoked = await asAdmin(transport, owner, "revokeAdminIntegrationToken", { id: victim.tokenId });
    expect(revoked.status).toBe(200);
    expect(revoked.data.status).toBe("revoked");
    expect((await adminCall(victim.token, "GET", "/api/admin/settings/roles")).status).toBe(401);
    expect((await asAdmin(transport, owner, "revokeAdminIntegrationToken", { id: victim.tokenId })).status).toBe(409);
    expect((await asAdmin(transport, owner, "regenerateAdminIntegrationToken", { id: victim.tokenId })).status).toBe(409);

    const old = await adminCredential({ expiresInDays: 3 });
    const fresh = await asAdmin(transport, owner, "regenerateAdminIntegrationToken", { id: old.tokenId, expiresInDays: 30 });
    expect(fresh.status).toBe(200);
    expect(fresh.data.token).toMatch(new RegExp(`^${old.tokenId}\\|`));
    expect(Math.abs(Date.parse(fresh.data.expiresAt) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect((await adminCall(old.token, "GET", "/api/admin/settings/roles")).status).toBe(401);
    expect((await adminCall(fresh.data.token, "GET", "/api/admin/settings/roles")).status).toBe(200);
    expect((await asAdmin(transport, owner, "revokeAdminIntegrationToken", { id: 99999999 })).status).toBe(404);
  });
});

describe("integration token records", () => {
  it("a sub-admin sees only their own tokens; the owner sees all", async () => {
    const manager = await adminCredential({ role: ["settings.integrations.view", "settings.integrations.edit", "settings.integrations.delete"] });
    const ownerCred = await adminCredential();
    const mine = await adminCall(manager.token, "GET", "/api/admin/settings/integrations?per_page=50");
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((t: { id: number }) => t.id)).toContain(manager.tokenId);
    expect(mine.body.data.every((t: { adminId: number }) => t.adminId === manager.adminId)).toBe(true);
    expect((await adminCall(manager.token, "GET", `/api/admin/settings/integrations/${ownerCred.tokenId}`)).status).toBe(404);
    expect((await adminCall(manager.token, "DELETE", `/api/admin/settings/integrations/${ownerCred.tokenId}`)).status).toBe(404);
    const ownerView = await adminCall(ownerCred.token, "GET", `/api/admin/settings/integrations?admin_id=${manager.adminId}`);
    expect(ownerView.body.data.map((t: { id: number }) => t.id)).toContain(manager.tokenId);
  });

  it("PATCH renames and re-fences a token; DELETE removes it", async () => {
    const owner = await adminToken();
    const target = await adminCredential();
    const patched = await adminCall(owner, "PATCH", `/api/admin/settings/integrations/${target.tokenId}`, { name: "renamed", allowed_ips: "10.9.0.0/16", rate_limit: 7 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "renamed", allowedIps: ["10.9.0.0/16"], rateLimit: 7 });
    expect((await adminCall(owner, "PATCH", `/api/admin/settings/integrations/${target.tokenId}`, {})).status).toBe(422);
    expect((await adminCall(owner, "PATCH", `/api/admin/settings/integrations/${target.tokenId}`, { scope: "all" })).status).toBe(422);
    const gone = await adminCall(owner, "DELETE", `/api/admin/settings/integrations/${target.tokenId}`);
    expect(gone.status).toBe(200);
    expect(await (await getDb()).integrationToken.count({ where: { id: target.tokenId } })).toBe(0);
    expect((await adminCall(target.token, "GET", "/api/admin/settings/roles")).status).toBe(401);
  });
});

const createRole = "createAdminRole";
const createUser = "createAdminUser";

describe.each(VIAS)("roles and admin users over %s", (transport) => {
  it("creates a custom role and refuses bad ones", async () => {
    const token = await adminToken();
    const name = unique("Editors");
    const made = await asAdmin(transport, token, createRole, { name, permissionType: "custom", permissions: ["cms.pages.view", "cms.pages.edit"] });
    expect(made.status).toBe(201);
    expect(made.data).toMatchObject({ name, permissionType: "custom", permissions: ["cms.pages.view", "cms.pages.edit"], adminsCount: 0 });
    const cases: [string, Record<string, unknown>, string][] = [
      ["duplicate name", { name, permissionType: "all" }, "name"],
      ["unknown permission", { name: unique("r"), permissionType: "custom", permissions: ["cms.pages.fly"] }, "permissions"],
      ["custom without permissions", { name: unique("r"), permissionType: "custom", permissions: [] }, "permissions"],
      ["bad type", { name: unique("r"), permissionType: "some" }, "permissionType"],
    ];
    const before = await (await getDb()).adminRole.count();
    for (const [label, input, field] of cases) {
      const res = await asAdmin(transport, token, createRole, input);
      expect(res.status, label).toBe(422);
      expect(Object.keys(res.fields), label).toContain(field);
    }
    expect(await (await getDb()).adminRole.count()).toBe(before);
  });

  it("creates admin users and refuses duplicates, unknown roles and short passwords", async () => {
    const token = await adminToken();
    const staff = await subAdmin(["catalog.products.view"]);
    const email = `${unique("new")}@example.com`;
    const made = await asAdmin(transport, token, createUser, { name: "New Admin", email, password: "long-enough-1", roleId: staff.roleId });
    expect(made.status).toBe(201);
    expect(made.data).toMatchObject({ email, roleId: staff.roleId, status: true, isOwner: false });
    const row = await (await getDb()).adminUser.findUniqueOrThrow({ where: { email } });
    expect(row.passwordHash).not.toContain("long-enough-1");
    const cases: [string, Record<string, unknown>, string][] = [
      ["duplicate email", { email: email.toUpperCase() }, "email"],
      ["bad email", { email: "nope" }, "email"],
      ["short password", { password: "short" }, "password"],
      ["unknown role", { roleId: 99999999 }, "roleId"],
    ];
    for (const [label, patch, field] of cases) {
      const res = await asAdmin(transport, token, createUser, { name: "X", email: `${unique("x")}@example.com`, password: "long-enough-1", roleId: staff.roleId, ...patch });
      expect(res.status, label).toBe(422);
      expect(Object.keys(res.fields), label).toContain(field);
    }
  });

  it("keeps a sub-admin from handing out more than it holds", async () => {
    const manager = await adminToken({ role: ["settings.roles.create", "settings.users.create", "catalog.products.view"] });
    const name = unique("Everything");
    const res = await asAdmin(transport, manager, createRole, { name, permissionType: "all" });
    expect(res.status).toBe(403);
    const wide = await asAdmin(transport, manager, createRole, { name, permissionType: "custom", permissions: ["customers.delete"] });
    expect(wide.status).toBe(403);
    expect(await (await getDb()).adminRole.count({ where: { name } })).toBe(0);
    const administrator = await (await getDb()).adminRole.findUniqueOrThrow({ where: { name: "Administrator" } });
    const user = await asAdmin(transport, manager, createUser, { name: "X", email: `${unique("esc")}@example.com`, password: "long-enough-1", roleId: administrator.id });
    expect(user.status).toBe(403);
  });
});

describe("role and user rules", () => {
  it("a role in use cannot be deleted (409); an unused one can", async () => {
    const token = await adminToken();
    const used = await subAdmin(["catalog.products.view"]);
    const res = await adminCall(token, "DELETE", `/api/admin/settings/roles/${used.roleId}`);
    expect(res.status).toBe(409);
    const unused = (await (await getDb()).adminRole.create({ data: { name: unique("spare"), permissionType: "all", permissions: [] } })).id;
    expect((await adminCall(token, "DELETE", `/api/admin/settings/roles/${unused}`)).status).toBe(200);
    expect((await adminCall(token, "DELETE", `/api/admin/settings/roles/${unused}`)).status).toBe(404);
  });

  it("protects the owner and oneself; disabling a user shuts their tokens", async () => {
    const owner = await adminCredential();
    expect((await adminCall(owner.token, "DELETE", `/api/admin/settings/users/${owner.adminId}`)).status).toBe(409);
    expect((await adminCall(owner.token, "PATCH", `/api/admin/settings/users/${owner.adminId}`, { status: false })).status).toBe(409);
    const manager = await adminCredential({ role: ["settings.users.edit", "settings.users.delete", "settings.users.view"] });
    expect((await adminCall(manager.token, "PATCH", `/api/admin/settings/users/${owner.adminId}`, { name: "Hijacked" })).status).toBe(403);
    expect((await adminCall(manager.token, "DELETE", `/api/admin/settings/users/${manager.adminId}`)).status).toBe(409);

    const staff = await adminCredential({ role: ["settings.roles.view"] });
    expect((await adminCall(staff.token, "GET", "/api/admin/settings/roles")).status).toBe(200);
    const off = await adminCall(owner.token, "PATCH", `/api/admin/settings/users/${staff.adminId}`, { status: false });
    expect(off.status).toBe(200);
    expect(off.body.status).toBe(false);
    expect((await adminCall(staff.token, "GET", "/api/admin/settings/roles")).status).toBe(401);
    expect((await adminCall(owner.token, "DELETE", `/api/admin/settings/users/${staff.adminId}`)).status).toBe(200);
    expect(await (await getDb()).integrationToken.count({ where: { id: staff.tokenId } })).toBe(0);
  });
});


describe.each(VIAS)("storefront keys over %s", (transport) => {
  const create = "createAdminStorefrontKey";

  it("creates a key shown once; deactivates it; rotates to a successor valid 12 months", async () => {
    const token = await adminToken();
    const made = await asAdmin(transport, token, create, { name: unique("web"), rateLimit: 500 });
    expect(made.status).toBe(201);
    const id = made.data.id;
    expect(made.data.key).toMatch(/^pk_/);
    expect(made.data).toMatchObject({ status: "active", rateLimit: 500, keyPrefix: made.data.key.slice(0, 8) });
    expect((await call("GET", "/api/shop/locales", undefined, { key: made.data.key })).status).toBe(200);
    expect((await adminCall(token, "GET", `/api/admin/settings/storefront-keys/${id}`)).body.key).toBeNull();

    const rotated = await asAdmin(transport, token, "rotateAdminStorefrontKey", { id: id });
    expect(rotated.status).toBe(201);
    expect(rotated.data).toMatchObject({ status: "active", rotatedFromId: id, rateLimit: 500 });
    expect(Math.abs(Date.parse(rotated.data.expiresAt) - (Date.now() + 365 * DAY))).toBeLessThan(60_000);
    expect((await call("GET", "/api/shop/locales", undefined, { key: made.data.key })).status).toBe(403);
    expect((await call("GET", "/api/shop/locales", undefined, { key: rotated.data.key })).status).toBe(200);
    expect((await asAdmin(transport, token, "rotateAdminStorefrontKey", { id: id })).status).toBe(409);

    const nextId = rotated.data.id;
    const off = await asAdmin(transport, token, "deactivateAdminStorefrontKey", { id: nextId });
    expect(off.status).toBe(200);
    expect(off.data.status).toBe("inactive");
    const refused = await call("GET", "/api/shop/locales", undefined, { key: rotated.data.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("invalid_key");
  });

  it("refuses bad keys with 422 and writes nothing", async () => {
    const token = await adminToken();
    const cases: [string, Record<string, unknown>, string][] = [
      ["no name", { name: " " }, "name"],
      ["zero rate", { rateLimit: 0 }, "rateLimit"],
      ["bad ip", { allowedIps: "300.1.1.1" }, "allowedIps"],
      ["bad expiry", { expiresAt: "tomorrow" }, "expiresAt"],
    ];
    for (const [label, input, field] of cases) {
      const name = unique("badkey");
      const res = await asAdmin(transport, token, create, { name, ...input });
      expect(res.status, label).toBe(422);
      expect(Object.keys(res.fields), label).toContain(field);
      expect(await (await getDb()).storefrontKey.count({ where: { name } }), label).toBe(0);
    }
  });
});

describe("storefront key limits", () => {
  it("PATCH sets the rate limit and IP allowlist the shop gate then applies", async () => {
    const token = await adminToken();
    const key = await storefrontKey();
    const { id } = await (await getDb()).storefrontKey.findUniqueOrThrow({ where: { keyHash: sha256(key) } });
    const res = await adminCall(token, "PATCH", `/api/admin/settings/storefront-keys/${id}`, { allowed_ips: ["10.5.0.0/16"], rate_limit: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ allowedIps: ["10.5.0.0/16"], rateLimit: 3 });
    expect((await call("GET", "/api/shop/locales", undefined, { key, headers: { "X-Forwarded-For": "8.8.8.8" } })).status).toBe(403);
    expect((await call("GET", "/api/shop/locales", undefined, { key, headers: { "X-Forwarded-For": "10.5.1.1" } })).status).toBe(200);
    expect((await adminCall(token, "PATCH", `/api/admin/settings/storefront-keys/99999999`, { name: "x" })).status).toBe(404);
  });
});
