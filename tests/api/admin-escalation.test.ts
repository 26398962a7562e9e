// Issue 13, item 1: no admin acts on a broader admin. Updating or deleting an admin user is refused (403, nothing
// written) unless the caller could grant every permission the target holds today; the same holds for roles. Each
// case runs on REST, Admin GraphQL and the admin panel's session API, in both directions and between equals.
import { describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { getDb, unique } from "../support/client.ts";
import { BASE, dispatch } from "../support/app.ts";
import { adminCall, adminGraphql } from "../support/admin.ts";
import { issueIntegrationToken, type TokenScope } from "../../lib/integrations/tokens.ts";
import { currentSession, startSession } from "../../lib/admin-session/routes.ts";

const PASSWORD = "Escalate-123!pass";
const USERS_ADMIN = ["settings.users.view", "settings.users.edit", "settings.users.delete", "catalog.products.view"];

interface Actor {
  adminId: number;
  roleId: number;
  email: string;
  token: string;
}

/** A new admin with a new role (`all` or exactly these permissions), a known password and a token. */
async function admin(role: "all" | string[], token: { scope?: TokenScope; permissions?: string[] } = {}): Promise<Actor> {
  const db = await getDb();
  const r = await db.adminRole.create({
    data: { name: unique("role"), permissionType: role === "all" ? "all" : "custom", permissions: role === "all" ? [] : role },
  });
  const email = `${unique("esc")}@example.com`;
  const a = await db.adminUser.create({
    data: { name: "Escalation", email, passwordHash: await bcrypt.hash(PASSWORD, 4), roleId: r.id, status: true, isOwner: false },
  });
  const issued = await issueIntegrationToken(db, { adminId: a.id, name: unique("t"), ...token });
  return { adminId: a.id, roleId: r.id, email, token: issued.token };
}

/** Signs the actor in to the panel: the session cookie and the CSRF token its writes echo. */
async function panelSession(actor: Actor): Promise<{ cookie: string; csrf: string }> {
  const res = await startSession(
    new Request(`${BASE}/admin/api/session`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: actor.email, password: PASSWORD }) }),
  );
  expect(res.status).toBe(200);
  const cookie = res.headers.get("set-cookie")!.split(";")[0];
  const who = await (await currentSession(new Request(`${BASE}/admin/api/session`, { headers: { cookie } }))).json();
  return { cookie, csrf: who.csrfToken };
}

type Transport = "REST" | "GraphQL" | "panel";
const TRANSPORTS: Transport[] = ["REST", "GraphQL", "panel"];

/** PATCH or DELETE on `settings/<what>/{id}`: the status it answers, whichever the transport. */
async function send(transport: Transport, actor: Actor, method: "PATCH" | "DELETE", what: "users" | "roles", id: number, body: Record<string, unknown> = {}): Promise<number> {
  if (transport === "REST") return (await adminCall(actor.token, method, `/api/admin/settings/${what}/${id}`, method === "PATCH" ? body : undefined)).status;
  if (transport === "panel") {
    const { cookie, csrf } = await panelSession(actor);
    const req = new Request(`${BASE}/api/admin/settings/${what}/${id}`, {
      method,
      headers: { cookie, "x-csrf-token": csrf, "Content-Type": "application/json" },
      body: method === "PATCH" ? JSON.stringify(body) : undefined,
    });
    return (await dispatch(req)).status;
  }
  const one = what === "users" ? "User" : "Role";
  const mutation = `${method === "PATCH" ? "update" : "delete"}Admin${one}`;
  const res = await adminGraphql(actor.token, `mutation Run($input: ${mutation}Input!) { ${mutation}(input: $input) { admin${one} { id } } }`, { input: { id, ...body } });
  return res.body?.errors?.[0]?.extensions?.status ?? res.status;
}

async function userRow(id: number) {
  return (await getDb()).adminUser.findUnique({ where: { id }, select: { name: true, email: true, passwordHash: true, status: true, roleId: true } });
}

describe.each(TRANSPORTS)("admin users over %s", (transport) => {
  it("a narrow admin cannot change or delete an Administrator: 403 and nothing written", async () => {
    const narrow = await admin(USERS_ADMIN);
    const target = await admin("all");
    const before = await userRow(target.adminId);
    const patches: Record<string, unknown>[] = [
      { password: "Taken-over-123!" },
      { email: `${unique("taken")}@example.com` },
      { status: false },
      { name: "Hijacked" },
      { roleId: narrow.roleId },
    ];
    for (const patch of patches) expect(await send(transport, narrow, "PATCH", "users", target.adminId, patch), JSON.stringify(patch)).toBe(403);
    expect(await send(transport, narrow, "DELETE", "users", target.adminId)).toBe(403);
    expect(await userRow(target.adminId)).toEqual(before);
  });

  it("a token narrower than its admin's role cannot act on an admin of the same role", async () => {
    // Both hold the full role; the caller's token is scoped to user management only.
    const scoped = await admin("all", { scope: "custom", permissions: ["settings.users.edit", "settings.users.view"] });
    const target = await admin("all");
    const before = await userRow(target.adminId);
    if (transport === "panel") {
      // The panel acts with the admin's role, not a token's scope: the same pair is equal there.
      expect(await send(transport, scoped, "PATCH", "users", target.adminId, { name: "Renamed by an equal" })).toBe(200);
      return;
    }
    expect(await send(transport, scoped, "PATCH", "users", target.adminId, { password: "Taken-over-123!" })).toBe(403);
    expect(await userRow(target.adminId)).toEqual(before);
  });

  it("an Administrator may change and delete a narrow admin", async () => {
    const administrator = await admin("all");
    const target = await admin(USERS_ADMIN);
    const before = await userRow(target.adminId);
    expect(await send(transport, administrator, "PATCH", "users", target.adminId, { password: "Reset-by-admin-1!", name: "Renamed" })).toBe(200);
    const after = await userRow(target.adminId);
    expect(after).toMatchObject({ name: "Renamed", email: before!.email });
    expect(after!.passwordHash).not.toBe(before!.passwordHash);
    expect(await bcrypt.compare("Reset-by-admin-1!", after!.passwordHash)).toBe(true);
    expect(await send(transport, administrator, "DELETE", "users", target.adminId)).toBe(200);
    expect(await userRow(target.adminId)).toBeNull();
  });

  it("admins holding the same permissions may act on each other", async () => {
    const a = await admin(USERS_ADMIN);
    const b = await admin(USERS_ADMIN);
    expect(await send(transport, a, "PATCH", "users", b.adminId, { name: "Equal change" })).toBe(200);
    expect((await userRow(b.adminId))!.name).toBe("Equal change");
    expect(await send(transport, b, "DELETE", "users", a.adminId)).toBe(200);
    expect(await userRow(a.adminId)).toBeNull();
  });
});

const ROLE_ADMIN = ["settings.roles.view", "settings.roles.edit", "settings.roles.delete", "catalog.products.view"];

describe.each(TRANSPORTS)("roles over %s", (transport) => {
  it("a narrow admin cannot edit or delete a role broader than itself, nor widen its own", async () => {
    const db = await getDb();
    const narrow = await admin(ROLE_ADMIN);
    const broad = await db.adminRole.create({ data: { name: unique("broad"), permissionType: "all", permissions: [] } });
    const wider = await db.adminRole.create({ data: { name: unique("wider"), permissionType: "custom", permissions: [...ROLE_ADMIN, "customers.view"] } });
    const rows = async () => db.adminRole.findMany({ where: { id: { in: [broad.id, wider.id, narrow.roleId] } }, orderBy: { id: "asc" } });
    const before = await rows();
    expect(await send(transport, narrow, "PATCH", "roles", broad.id, { name: unique("renamed") })).toBe(403);
    expect(await send(transport, narrow, "PATCH", "roles", broad.id, { permissionType: "custom", permissions: ["catalog.products.view"] })).toBe(403);
    expect(await send(transport, narrow, "PATCH", "roles", wider.id, { description: "mine now" })).toBe(403);
    expect(await send(transport, narrow, "DELETE", "roles", wider.id)).toBe(403);
    expect(await send(transport, narrow, "PATCH", "roles", narrow.roleId, { permissions: [...ROLE_ADMIN, "settings.users.edit"] })).toBe(403);
    expect(await send(transport, narrow, "PATCH", "roles", narrow.roleId, { permissionType: "all" })).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it("a role within the caller's own permissions can be edited and deleted", async () => {
    const db = await getDb();
    const narrow = await admin(ROLE_ADMIN);
    const smaller = await db.adminRole.create({ data: { name: unique("small"), permissionType: "custom", permissions: ["catalog.products.view"] } });
    expect(await send(transport, narrow, "PATCH", "roles", smaller.id, { permissions: ["catalog.products.view", "settings.roles.view"] })).toBe(200);
    expect((await db.adminRole.findUniqueOrThrow({ where: { id: smaller.id } })).permissions).toEqual(["catalog.products.view", "settings.roles.view"]);
    expect(await send(transport, narrow, "DELETE", "roles", smaller.id)).toBe(200);
    expect(await db.adminRole.count({ where: { id: smaller.id } })).toBe(0);
  });
});
