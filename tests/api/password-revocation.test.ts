// Issue 13, item 6: a password set by an admin ends the account's other credentials. An admin's own new password
// ends their other panel sessions and integration tokens (the credential making the change stays); a password an
// admin gives another admin or a customer ends all of that account's sessions and tokens. A customer deleting
// their account must give the current password: missing is 422, wrong is 403 `invalid_password`.
import { beforeAll, describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { call, customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { BASE, dispatch } from "../support/app.ts";
import { adminCall, adminCredential, adminToken, asAdmin } from "../support/admin.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { issueIntegrationToken } from "../../lib/integrations/tokens.ts";
import { currentSession, startSession } from "../../lib/admin-session/routes.ts";
import { deleteCustomerProfile, readCustomerProfile } from "../../lib/profile/operations.ts";

const PASSWORD = "Revoke-123!pass";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

/** A full-access admin with a known password and two integration tokens. */
async function admin() {
  const db = await getDb();
  const role = await db.adminRole.findUniqueOrThrow({ where: { name: "Administrator" } });
  const email = `${unique("rev")}@example.com`;
  const a = await db.adminUser.create({ data: { name: "Revoke", email, passwordHash: await bcrypt.hash(PASSWORD, 4), roleId: role.id, status: true, isOwner: false } });
  const [t1, t2] = [await issueIntegrationToken(db, { adminId: a.id, name: "one" }), await issueIntegrationToken(db, { adminId: a.id, name: "two" })];
  return { adminId: a.id, email, tokens: [t1, t2] };
}

async function panel(email: string) {
  const res = await startSession(new Request(`${BASE}/admin/api/session`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: PASSWORD }) }));
  expect(res.status).toBe(200);
  const cookie = res.headers.get("set-cookie")!.split(";")[0];
  const who = await (await currentSession(new Request(`${BASE}/admin/api/session`, { headers: { cookie } }))).json();
  return { cookie, csrf: who.csrfToken as string };
}

const signedIn = async (cookie: string) => (await (await currentSession(new Request(`${BASE}/admin/api/session`, { headers: { cookie } }))).json()).signedIn;
const tokenWorks = async (token: string) => (await adminCall(token, "GET", "/api/admin/settings/roles")).status === 200;

async function changePassword(via: Via, token: string, id: number, password: string) {
  return (await asAdmin(via, token, "updateAdminUser", { id, password })).status;
}

describe.each(VIAS)("admin passwords over %s", (transport) => {
  it("an admin's own new password ends their sessions and other tokens, not the token making the change", async () => {
    const me = await admin();
    const session = await panel(me.email);
    expect(await changePassword(transport, me.tokens[0].token, me.adminId, "Brand-new-123!")).toBe(200);
    expect(await tokenWorks(me.tokens[0].token)).toBe(true);
    expect(await tokenWorks(me.tokens[1].token)).toBe(false);
    expect(await signedIn(session.cookie)).toBe(false);
    const db = await getDb();
    expect(await db.adminSession.count({ where: { adminId: me.adminId } })).toBe(0);
    expect((await db.integrationToken.findUniqueOrThrow({ where: { id: me.tokens[1].id } })).revokedAt).not.toBeNull();
    expect((await db.integrationToken.findUniqueOrThrow({ where: { id: me.tokens[0].id } })).revokedAt).toBeNull();
  });

  it("an admin's own new password lifts a one-time password's demand; one set by another admin leaves it", async () => {
    const db = await getDb();
    const me = await admin();
    const other = await admin();
    await db.adminUser.updateMany({ where: { id: { in: [me.adminId, other.adminId] } }, data: { mustChangePassword: true } });
    expect(await changePassword(transport, me.tokens[0].token, me.adminId, "Chosen-by-me-123!")).toBe(200);
    expect(await changePassword(transport, me.tokens[0].token, other.adminId, "Handed-out-123!")).toBe(200);
    expect((await db.adminUser.findUniqueOrThrow({ where: { id: me.adminId } })).mustChangePassword).toBe(false);
    expect((await db.adminUser.findUniqueOrThrow({ where: { id: other.adminId } })).mustChangePassword).toBe(true);
  });

  it("a password set for another admin ends all their sessions and tokens", async () => {
    const owner = await adminCredential();
    const other = await admin();
    const session = await panel(other.email);
    expect(await changePassword(transport, owner.token, other.adminId, "Reset-by-owner-1!")).toBe(200);
    for (const t of other.tokens) expect(await tokenWorks(t.token)).toBe(false);
    expect(await signedIn(session.cookie)).toBe(false);
    expect(await tokenWorks(owner.token)).toBe(true);
  });

  it("a change that sets no password ends nothing", async () => {
    const me = await admin();
    const session = await panel(me.email);
    expect((await adminCall(me.tokens[0].token, "PATCH", `/api/admin/settings/users/${me.adminId}`, { name: "Only a name" })).status).toBe(200);
    expect(await tokenWorks(me.tokens[1].token)).toBe(true);
    expect(await signedIn(session.cookie)).toBe(true);
  });
});

describe("admin password through the panel", () => {
  it("keeps the session making the change and ends the admin's other sessions and all their tokens", async () => {
    const me = await admin();
    const here = await panel(me.email);
    const elsewhere = await panel(me.email);
    const req = new Request(`${BASE}/api/admin/settings/users/${me.adminId}`, {
      method: "PATCH",
      headers: { cookie: here.cookie, "x-csrf-token": here.csrf, "Content-Type": "application/json" },
      body: JSON.stringify({ password: "From-the-panel-1!" }),
    });
    expect((await dispatch(req)).status).toBe(200);
    expect(await signedIn(here.cookie)).toBe(true);
    expect(await signedIn(elsewhere.cookie)).toBe(false);
    for (const t of me.tokens) expect(await tokenWorks(t.token)).toBe(false);
  });
});

describe.each(VIAS)("customer password set by an admin over %s", (transport) => {
  it("signs the customer out of every token; the new password signs in", async () => {
    const owner = await adminToken();
    const shopper = await customer(key);
    const second = await call("POST", "/api/shop/customer/login", { email: shopper.email, password: shopper.password }, { key });
    expect(second.status).toBe(200);
    const db = await getDb();
    expect(await db.customerToken.count({ where: { customerId: shopper.id } })).toBe(2);
    const res = await asAdmin(transport, owner, "updateAdminCustomer", { id: shopper.id, password: "Set-by-admin-1!" });
    expect(res.status, JSON.stringify(res.raw)).toBe(200);
    expect(await db.customerToken.count({ where: { customerId: shopper.id } })).toBe(0);
    expect((await call("GET", "/api/shop/customer-profile", undefined, { key, bearer: shopper.token })).status).toBe(401);
    expect((await call("POST", "/api/shop/customer/login", { email: shopper.email, password: "Set-by-admin-1!" }, { key })).status).toBe(200);
  });

  it("a change without a password keeps the customer's tokens", async () => {
    const owner = await adminToken();
    const shopper = await customer(key);
    expect((await adminCall(owner, "PATCH", `/api/admin/customers/${shopper.id}`, { firstName: "Renamed" })).status).toBe(200);
    expect((await call("GET", "/api/shop/customer-profile", undefined, { key, bearer: shopper.token })).status).toBe(200);
  });
});

describe.each(VIAS)("account deletion over %s", (via) => {
  it("needs the current password: missing 422, wrong 403, right deletes", async () => {
    const me = await customer(key);
    const db = await getDb();
    const missing = await invoke(via, deleteCustomerProfile, {}, { key, bearer: me.token });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors ?? {}).join()).toMatch(/password/);
    const wrong = await invoke(via, deleteCustomerProfile, { password: "not-my-password" }, { key, bearer: me.token });
    expect(wrong.status).toBe(403);
    expect(via === "rest" ? wrong.body.error : wrong.body.extensions?.code).toBe("invalid_password");
    expect(await db.customer.count({ where: { id: me.id } })).toBe(1);
    expect((await invoke(via, readCustomerProfile, {}, { key, bearer: me.token })).status).toBe(200);
    const done = await invoke(via, deleteCustomerProfile, { password: me.password }, { key, bearer: me.token });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true });
    expect(await db.customer.count({ where: { id: me.id } })).toBe(0);
  });
});
