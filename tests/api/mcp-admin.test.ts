// The Admin API as MCP tools (/api/admin/mcp), through the SDK's own client: a token sees and may call exactly the
// tools its permissions allow (the order tools need `sales.orders.view`), a refused call carries the refusal REST
// gives, bad input writes nothing, and the panel's session cookie is no credential here.
import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { adminToken, makeOrder } from "../support/admin.ts";
import { getDb, unique } from "../support/client.ts";
import { currentSession, startSession } from "../../lib/admin-session/routes.ts";
import { freshProduct } from "../support/checkout.ts";
import { BASE, dispatch } from "../support/app.ts";
import { allTools, mcpClient } from "../prod/support/mcp.ts";
import { adminOperations } from "../../lib/operations/admin.ts";

type ToolAnswer = { isError?: boolean; structuredContent?: any };
const use = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolAnswer;

const ORDER_TOOLS = ["adminOrders", "adminOrder"];

/** A signed-in panel admin with every permission: the session cookie and its CSRF token. */
async function panelSession(): Promise<{ cookie: string; csrf: string }> {
  const db = await getDb();
  const role = await db.adminRole.create({ data: { name: unique("role"), permissionType: "all", permissions: [] } });
  const email = `${unique("mcp")}@example.com`;
  const password = "Mcp-panel-123!";
  await db.adminUser.create({ data: { name: "Panel", email, passwordHash: await bcrypt.hash(password, 4), roleId: role.id, status: true, isOwner: false } });
  const res = await startSession(new Request(`${BASE}/admin/api/session`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) }));
  expect(res.status).toBe(200);
  const cookie = res.headers.get("set-cookie")!.split(";")[0];
  const who = await (await currentSession(new Request(`${BASE}/admin/api/session`, { headers: { cookie } }))).json();
  return { cookie, csrf: who.csrfToken };
}

describe("Admin MCP endpoint", () => {
  it("lists every tool to the owner, page by page, uploads and downloads left out", async () => {
    const client = await mcpClient("admin", { bearer: await adminToken() });
    const first = await client.listTools();
    expect(first.nextCursor).toEqual(expect.any(String));
    const names = (await allTools(client)).map((t) => t.name);
    const expected = adminOperations.filter((op) => !op.rest?.multipart && !op.rest?.download).map((op) => op.name);
    expect(names.sort()).toEqual(expected.sort());
    for (const left of ["createAdminImport", "uploadAdminProductImages", "exportAdminProductsReport"]) expect(names).not.toContain(left);
    await client.close();
  });

  it("hides the order tools from a token without sales.orders.view and refuses them with 403", async () => {
    const order = await makeOrder({ lines: [{ productId: await freshProduct(), qty: 1, price: 9 }] });
    const client = await mcpClient("admin", { bearer: await adminToken({ role: ["catalog.products.view"] }) });
    const names = (await allTools(client)).map((t) => t.name);
    expect(names).toContain("adminProducts");
    for (const tool of ORDER_TOOLS) expect(names).not.toContain(tool);
    expect(names).not.toContain("createAdminProduct");

    const list = await use(client, "adminOrders");
    expect(list.isError).toBe(true);
    expect(list.structuredContent).toMatchObject({ status: 403, error: "forbidden" });
    const one = await use(client, "adminOrder", { id: order.id });
    expect(one.structuredContent).toMatchObject({ status: 403, error: "forbidden" });
    expect(JSON.stringify(one.structuredContent)).not.toContain(order.incrementId);
    await client.close();
  });

  it("shows and serves the order tools to a token with sales.orders.view", async () => {
    const order = await makeOrder({ lines: [{ productId: await freshProduct(), qty: 2, price: 9 }] });
    const client = await mcpClient("admin", { bearer: await adminToken({ role: ["sales.orders.view"] }) });
    const names = (await allTools(client)).map((t) => t.name);
    for (const tool of ORDER_TOOLS) expect(names).toContain(tool);
    expect(names).not.toContain("cancelAdminOrder");

    const one = await use(client, "adminOrder", { id: order.id });
    expect(one.isError, JSON.stringify(one.structuredContent)).toBeFalsy();
    expect(one.structuredContent).toMatchObject({ id: order.id, incrementId: order.incrementId, status: "pending" });
    const list = await use(client, "adminOrders", { incrementId: order.incrementId, perPage: 5 });
    expect(list.structuredContent).toMatchObject({ total: 1, page: 1, perPage: 5, nextPage: null });
    expect(list.structuredContent.items[0]).toMatchObject({ id: order.id });

    const cancel = await use(client, "cancelAdminOrder", { id: order.id });
    expect(cancel.structuredContent).toMatchObject({ status: 403, error: "forbidden" });
    expect((await (await getDb()).order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("pending");
    await client.close();
  });

  it("refuses bad input with a 422-like tool error and writes nothing", async () => {
    const client = await mcpClient("admin", { bearer: await adminToken() });
    const db = await getDb();
    const before = await db.coupon.count();
    const answer = await use(client, "createAdminCoupon", { code: "", type: "nonsense", amount: "a lot" });
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toMatchObject({ status: 422, error: "validation_failed", errors: expect.any(Object) });
    expect(await db.coupon.count()).toBe(before);
    await client.close();
  });

  it("answers no token, a bad token or the panel's cookie alone with the gate's 401", async () => {
    const post = (headers: Record<string, string>) =>
      dispatch(new Request(`${BASE}/api/admin/mcp`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      }));
    const session = await panelSession();
    // The same session works on the REST twin: it is refused here because MCP takes tokens only.
    const rest = await dispatch(new Request(`${BASE}/api/admin/sales/orders`, { headers: { Accept: "application/json", Cookie: session.cookie } }));
    expect(rest.status).toBe(200);
    const panel = { Cookie: session.cookie, "X-CSRF-Token": session.csrf, Origin: BASE };
    for (const headers of [{}, { Authorization: "Bearer not-a-token" }, panel] as Record<string, string>[]) {
      const res = await post(headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(await res.json()).toMatchObject({ error: "unauthenticated" });
    }
    await expect(mcpClient("admin", {})).rejects.toThrow();
  });
});
