// Issue 14 item 1: the admin panel calls the Admin API itself. Its session cookie is the Admin surface's second
// credential (lib/http/context.ts): taken when no Authorization header is sent, with the CSRF token and the
// same-origin check on writes, on REST and GraphQL alike; and no other origin can use it, whatever ADMIN_CORS_ORIGINS.
import { afterEach, describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { NextRequest } from "next/server";
import { call, getDb, graphql, unique } from "../support/client.ts";
import { BASE } from "../support/app.ts";
import { currentSession, startSession } from "../../lib/admin-session/routes.ts";
import { proxy } from "../../proxy.ts";

const PASSWORD = "Panel-gate-123!";

afterEach(() => {
  delete process.env.ADMIN_CORS_ORIGINS;
});

/** A signed-in admin whose role holds exactly `permissions`: the session cookie and its CSRF token. */
async function panelSession(permissions: string[]): Promise<{ cookie: string; csrf: string }> {
  const db = await getDb();
  const role = await db.adminRole.create({ data: { name: unique("role"), permissionType: "custom", permissions } });
  const email = `${unique("gate")}@example.com`;
  await db.adminUser.create({ data: { name: "Gate", email, passwordHash: await bcrypt.hash(PASSWORD, 4), roleId: role.id, status: true, isOwner: false } });
  const res = await startSession(new Request(`${BASE}/admin/api/session`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: PASSWORD }) }));
  expect(res.status).toBe(200);
  const cookie = res.headers.get("set-cookie")!.split(";")[0];
  const who = await (await currentSession(new Request(`${BASE}/admin/api/session`, { headers: { cookie } }))).json();
  return { cookie, csrf: who.csrfToken };
}

const ROLES = ["settings.roles.view", "settings.roles.create"];

describe("the panel session at the Admin API's gate", () => {
  it("reads and writes through the Admin API's REST routes with the session's role", async () => {
    const s = await panelSession(ROLES);
    const list = await call("GET", "/api/admin/settings/roles", undefined, { headers: { cookie: s.cookie } });
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ currentPage: 1 });
    // The role lacks the users permissions: refused as a token of that role would be.
    expect((await call("GET", "/api/admin/settings/users", undefined, { headers: { cookie: s.cookie } })).status).toBe(403);

    const name = unique("Panel role");
    const body = { name, permissionType: "custom", permissions: ["settings.roles.view"] };
    const noCsrf = await call("POST", "/api/admin/settings/roles", body, { headers: { cookie: s.cookie } });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error).toBe("csrf");
    const made = await call("POST", "/api/admin/settings/roles", body, { headers: { cookie: s.cookie, "X-CSRF-Token": s.csrf } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await (await getDb()).adminRole.count({ where: { name } })).toBe(1);
  });

  it("serves Admin GraphQL to the session; a POST carries the CSRF token", async () => {
    const s = await panelSession(ROLES);
    const endpoint = "/api/admin/graphql";
    const refused = await graphql("{ __typename }", undefined, { endpoint, headers: { cookie: s.cookie } });
    expect(refused.status).toBe(403);
    const ok = await graphql("{ __typename }", undefined, { endpoint, headers: { cookie: s.cookie, "X-CSRF-Token": s.csrf } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ __typename: "Query" });
  });

  it("takes the integration token whenever Authorization is sent, and says which credential is missing", async () => {
    const s = await panelSession(ROLES);
    const withBearer = await call("GET", "/api/admin/settings/roles", undefined, { bearer: "not-a-token", headers: { cookie: s.cookie } });
    expect(withBearer.status).toBe(401);
    expect(withBearer.body.message).toMatch(/integration token/);
    const none = await call("GET", "/api/admin/settings/roles");
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/integration token is required/);
    const ended = await call("GET", "/api/admin/settings/roles", undefined, { headers: { cookie: "commerce_admin=ended" } });
    expect(ended.status).toBe(401);
    expect(ended.body.message).toMatch(/session has ended/);
  });
});

describe("another origin and the panel session", () => {
  it("gets no credentialed CORS answer, no CSRF header in a preflight, and no write", async () => {
    process.env.ADMIN_CORS_ORIGINS = "*";
    const s = await panelSession(ROLES);
    const read = await call("GET", "/api/admin/settings/roles", undefined, { headers: { cookie: s.cookie, Origin: "https://evil.example" } });
    expect(read.headers.get("access-control-allow-credentials")).toBeNull();

    const preflight = await proxy(
      new NextRequest(`${BASE}/api/admin/settings/roles`, {
        method: "OPTIONS",
        headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type, x-csrf-token" },
      }),
    );
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    expect(preflight.headers.get("access-control-allow-headers")!.toLowerCase()).not.toContain("x-csrf-token");

    const name = unique("Cross role");
    const write = await call("POST", "/api/admin/settings/roles", { name, permissionType: "custom", permissions: [] }, {
      headers: { cookie: s.cookie, "X-CSRF-Token": s.csrf, Origin: "https://evil.example" },
    });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe("csrf");
    expect(await (await getDb()).adminRole.count({ where: { name } })).toBe(0);
  });
});
