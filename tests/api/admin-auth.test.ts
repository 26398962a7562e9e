// SPEC.md Authentication rules 4-7 and the admin side of Errors: who may call the Admin API, with what.
import { describe, expect, it } from "vitest";
import { call, customer, getDb, graphql, storefrontKey } from "../support/client.ts";
import { adminCall, adminCredential, adminGraphql, adminToken, gqlStatus, asAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";

const USERS_QUERY = { query: `{ adminUsers(first: 5) { totalCount edges { node { id _id email } } } }`, field: "adminUsers" };
const usersOn = (transport: (typeof VIAS)[number], token: string | null, headers?: Record<string, string>) =>
  transport === "rest"
    ? adminCall(token, "GET", "/api/admin/settings/users", undefined, { headers }).then((r) => ({ status: r.status, body: r.body, headers: r.headers }))
    : adminGraphql(token, USERS_QUERY.query, {}, { headers }).then((r) => ({ status: gqlStatus(r), body: r.body, headers: r.headers }));

describe.each(VIAS)("admin credentials over %s", (transport) => {
  it("rule 4: only an integration bearer opens the Admin API (401 unauthenticated otherwise)", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    const cases: [string, string | null][] = [
      ["no bearer", null],
      ["garbage bearer", "not-a-token"],
      ["wrong secret", "1|aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"],
      ["customer token", shopper.token],
    ];
    for (const [label, bearer] of cases) {
      const res = await usersOn(transport, bearer);
      expect(res.status, label).toBe(401);
      const code = transport === "rest" ? res.body.error : (res.body.error ?? res.body.errors?.[0]?.extensions?.code);
      expect(code, label).toBe("unauthenticated");
    }
    const ok = await usersOn(transport, await adminToken());
    expect(ok.status).toBe(200);
  });

  it("rule 5: a storefront key on an admin route is ignored, both with and without a token", async () => {
    const key = await storefrontKey();
    const withKeyOnly = await usersOn(transport, null, { "X-STOREFRONT-KEY": key });
    expect(withKeyOnly.status).toBe(401);
    const both = await usersOn(transport, await adminToken(), { "X-STOREFRONT-KEY": key });
    expect(both.status).toBe(200);
  });

  it("rule 6: a custom scope limits the token (403 on what it lacks)", async () => {
    const token = await adminToken({ scope: "custom", permissions: ["catalog.products.view"] });
    const res = await usersOn(transport, token);
    expect(res.status).toBe(403);
    const code = transport === "rest" ? res.body.error : res.body.errors[0].extensions.code;
    expect(code).toBe("forbidden");
    expect(transport === "rest" ? res.body.message : res.body.errors[0].message).toMatch(/settings\.users\.view/);
    expect((await usersOn(transport, await adminToken({ scope: "custom", permissions: ["settings.users.view"] }))).status).toBe(200);
  });

  it("rule 7: token scope ∩ role — widening the token does not add what the role lacks", async () => {
    const role = ["catalog.products.view"];
    const widened = await adminToken({ role, scope: "custom", permissions: ["catalog.products.view", "settings.users.view"] });
    expect((await usersOn(transport, widened)).status).toBe(403);
    const all = await adminToken({ role, scope: "all" });
    expect((await usersOn(transport, all)).status).toBe(403);
    const mirror = await adminToken({ role: ["settings.users.view"], scope: "role" });
    expect((await usersOn(transport, mirror)).status).toBe(200);
  });

  it("rule 6: revoked, expired, IP-blocked tokens and disabled owners answer 401", async () => {
    const db = await getDb();
    const revoked = await adminCredential();
    await db.integrationToken.update({ where: { id: revoked.tokenId }, data: { revokedAt: new Date() } });
    expect((await usersOn(transport, revoked.token)).status).toBe(401);

    const expired = await adminCredential({ expiresInDays: 1 });
    await db.integrationToken.update({ where: { id: expired.tokenId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await usersOn(transport, expired.token)).status).toBe(401);

    const fenced = await adminToken({ allowedIps: "10.1.0.0/16" });
    expect((await usersOn(transport, fenced, { "X-Forwarded-For": "192.168.1.9" })).status).toBe(401);
    expect((await usersOn(transport, fenced)).status).toBe(401); // no address at all
    expect((await usersOn(transport, fenced, { "X-Forwarded-For": "10.1.4.2" })).status).toBe(200);

    const disabled = await adminCredential({ role: "all" });
    await db.adminUser.update({ where: { id: disabled.adminId }, data: { status: false } });
    expect((await usersOn(transport, disabled.token)).status).toBe(401);
  });

  it("rule 6: a token's rate cap answers 429 rate_limit_exceeded with retry_after", async () => {
    const token = await adminToken({ rateLimit: 2 });
    expect((await usersOn(transport, token)).status).toBe(200);
    const second = await usersOn(transport, token);
    expect(second.status).toBe(200);
    expect(second.headers.get("X-RateLimit-Remaining")).toBe("0");
    const third = await usersOn(transport, token);
    expect(third.status).toBe(429);
    expect(third.body.error).toBe("rate_limit_exceeded");
    expect(Number.isInteger(third.body.retry_after) && third.body.retry_after > 0).toBe(true);
    expect(Number(third.headers.get("Retry-After"))).toBe(third.body.retry_after);
  });
});

describe("admin tokens on the Shop API", () => {
  it("rule 5: an admin token on a shop route still fails for the missing storefront key", async () => {
    const token = await adminToken();
    const rest = await call("GET", "/api/shop/products", undefined, { bearer: token });
    expect(rest.status).toBe(401);
    expect(rest.body.error).toBe("missing_key");
    const gql = await graphql(`{ products(first: 1) { totalCount } }`, {}, { bearer: token });
    expect(gql.status).toBe(401);
    expect((gql.body as { error?: string }).error).toBe("missing_key");
  });

  it("the shop never takes an admin token as a customer credential", async () => {
    const key = await storefrontKey();
    const token = await adminToken();
    const rest = await call("POST", "/api/shop/customer/logout", {}, { key, bearer: token });
    expect(rest.status).toBe(401);
    const gql = await graphql(`mutation { createLogout(input: {}) { logout { success } } }`, {}, { key, bearer: token });
    expect(gqlStatus(gql)).toBe(401);
  });

  it("an admin route never answers a shop-only credential mix (key + customer bearer)", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    const res = await call("GET", "/api/admin/settings/users", undefined, { key, bearer: shopper.token });
    expect(res.status).toBe(401);
  });
});

describe("admin lists", () => {
  it("answer the { data, meta } envelope; per_page is capped at 50; page past the end is empty", async () => {
    const token = await adminToken();
    const big = await adminCall(token, "GET", "/api/admin/settings/roles?per_page=500");
    expect(big.status).toBe(200);
    expect(big.body.meta).toMatchObject({ currentPage: 1, perPage: 50 });
    expect(big.body.meta.total).toBeGreaterThanOrEqual(2);
    const far = await adminCall(token, "GET", "/api/admin/settings/roles?page=999");
    expect(far.body.data).toEqual([]);
    expect(far.body.meta.currentPage).toBe(999);
    const gql = await asAdmin("graphql", token, "adminRoles", {}, { perPage: 1 });
    expect(gql.status).toBe(200);
    expect(gql.data).toHaveLength(1);
    const node = gql.raw.data.adminRoles.edges[0].node;
    expect(node.id).toBe(`/api/admin/settings/roles/${node._id}`);
  });

  it("refuse an unknown sort field or order with 422", async () => {
    const token = await adminToken();
    for (const q of ["sort=password", "sort=name&order=sideways"]) {
      const res = await adminCall(token, "GET", `/api/admin/settings/users?${q}`);
      expect(res.status, q).toBe(422);
    }
    const sorted = await adminCall(token, "GET", "/api/admin/settings/roles?sort=-name");
    const names = sorted.body.data.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)));
  });
});
