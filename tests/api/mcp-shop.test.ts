// The Shop API as MCP tools (/api/mcp), through the SDK's own client: the tools a caller sees, a product search, a
// whole guest checkout ending in an order in the database (placed once however often the tool is called), a
// customer's order history with the customer's bearer, bad input as a 422-like tool error that writes nothing, and
// the gate's HTTP refusals of a missing or wrong storefront key.
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { customer, getDb, storefrontKey } from "../support/client.ts";
import { ADDRESS, freshProduct, stock } from "../support/checkout.ts";
import { placeTestOrder, testProduct } from "../support/orders.ts";
import { BASE, dispatch } from "../support/app.ts";
import { allTools, mcpClient } from "../prod/support/mcp.ts";
import { shopOperations } from "../../lib/operations/shop.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

type ToolAnswer = { isError?: boolean; structuredContent?: any; content?: { type: string; text?: string }[] };

async function use(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  return (await client.callTool({ name, arguments: args })) as ToolAnswer;
}

/** A successful call's structured answer; a failed one fails the test with its error. */
async function must(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const answer = await use(client, name, args);
  expect(answer.isError, `${name}: ${JSON.stringify(answer.structuredContent)}`).toBeFalsy();
  return answer.structuredContent;
}

describe("Shop MCP endpoint", () => {
  it("lists one tool per declared operation the caller may use, in pages, uploads and downloads left out", async () => {
    const client = await mcpClient("shop", { key });
    const tools = await allTools(client);
    const names = tools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    const expected = shopOperations.filter((op) => op.access !== "customer" && !op.rest?.multipart && !op.rest?.download).map((op) => op.name);
    expect(names.sort()).toEqual([...expected].sort());
    expect(names).not.toContain("uploadCustomizableFile");
    expect(names).not.toContain("cartUpload");
    expect(names).not.toContain("customerOrders"); // needs a customer bearer

    const products = tools.find((t) => t.name === "products")!;
    expect(products.description).toContain("`product`");
    expect(products.inputSchema.properties).toHaveProperty("page");
    expect(products.inputSchema.properties).toHaveProperty("query");
    expect(products.annotations?.readOnlyHint).toBe(true);
    const place = tools.find((t) => t.name === "createCheckoutOrder")!;
    expect(place.description).toMatch(/retry/i);
    expect(place.annotations?.readOnlyHint).toBe(false);

    await expect(client.listTools({ cursor: "not-a-cursor" })).rejects.toThrow(/cursor/i);
    await client.close();
  });

  it("searches products and pages through them", async () => {
    const client = await mcpClient("shop", { key });
    const page = await must(client, "products", { perPage: 2 });
    expect(page.items).toHaveLength(2);
    expect(page).toMatchObject({ page: 1, perPage: 2, nextPage: 2 });
    expect(page.total).toBeGreaterThan(2);
    expect(page.items[0]).toHaveProperty("sku");
    const db = await getDb();
    const sku = (await db.product.findFirstOrThrow({ where: { id: page.items[0].id } })).sku;
    const found = await must(client, "products", { query: page.items[0].name });
    expect(found.items.map((p: { sku: string }) => p.sku)).toContain(sku);
    const one = await must(client, "product", { id: page.items[0].id });
    expect(one).toMatchObject({ id: page.items[0].id, sku });
    await client.close();
  });

  it("runs a whole guest checkout and places the order once", async () => {
    const productId = await freshProduct({ qty: 5, price: "30" });
    const client = await mcpClient("shop", { key });
    const { cartToken } = await must(client, "createCartToken");
    expect(cartToken).toEqual(expect.any(String));
    const added = await must(client, "createAddProductInCart", { cartToken, productId, quantity: 2 });
    expect(added.cart?.itemsQty ?? added.itemsQty).toBe(2);
    await must(client, "createCheckoutAddress", { cartToken, ...ADDRESS });
    const rates = await must(client, "collectionShippingRates", { cartToken });
    expect(rates.items.map((r: { code: string }) => r.code)).toContain("flatrate_flatrate");
    await must(client, "createCheckoutShippingMethod", { cartToken, shippingMethod: "flatrate_flatrate" });
    const methods = await must(client, "collectionPaymentMethods", { cartToken });
    expect(methods.items.map((m: { method: string }) => m.method)).toContain("cashondelivery");
    await must(client, "createCheckoutPaymentMethod", { cartToken, paymentMethod: "cashondelivery" });
    const placed = await must(client, "createCheckoutOrder", { cartToken });
    expect(placed).toMatchObject({ success: true, redirect: false, orderId: expect.any(Number) });

    const db = await getDb();
    const order = await db.order.findUniqueOrThrow({ where: { id: placed.orderId }, include: { items: true } });
    expect(order.incrementId).toBe(placed.orderIncrementId);
    expect(order.customerEmail).toBe(ADDRESS.billingEmail);
    expect(order.items.map((i) => [i.productId, i.qtyOrdered])).toEqual([[productId, 2]]);
    expect(await stock(productId)).toBe(3);

    // Calling the tool again (an agent retrying after a lost answer) finds the same order.
    const again = await must(client, "createCheckoutOrder", { cartToken });
    expect(again.orderId).toBe(placed.orderId);
    expect(await db.order.count({ where: { cartId: order.cartId } })).toBe(1);
    expect(await stock(productId)).toBe(3);
    await client.close();
  });

  it("shows a customer's order history with the customer's bearer", async () => {
    const me = await customer(key);
    const product = await testProduct({ price: "10" });
    const older = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 1 }], createdAt: new Date(Date.UTC(2024, 0, 1)) });
    const newer = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 2 }], createdAt: new Date(Date.UTC(2024, 0, 2)) });
    const stranger = await customer(key);
    const theirs = await placeTestOrder({ customer: stranger, lines: [{ productId: product.id, qty: 1 }] });

    const client = await mcpClient("shop", { key, bearer: me.token });
    // A customer may use every tool: more than one page of them.
    const first = await client.listTools();
    expect(first.nextCursor).toEqual(expect.any(String));
    const names = (await allTools(client)).map((t) => t.name);
    expect(names).toHaveLength(shopOperations.filter((op) => !op.rest?.multipart && !op.rest?.download).length);
    expect(names.slice(0, first.tools.length)).toEqual(first.tools.map((t) => t.name));
    expect(names).toContain("customerOrders");
    const history = await must(client, "customerOrders");
    expect(history.total).toBe(2);
    expect(history.items.map((o: { id: number }) => o.id)).toEqual([newer.id, older.id]);
    const detail = await must(client, "customerOrder", { id: older.id });
    expect(detail).toMatchObject({ id: older.id, incrementId: older.incrementId });
    const notMine = await use(client, "customerOrder", { id: theirs.id });
    expect(notMine.isError).toBe(true);
    expect(notMine.structuredContent).toMatchObject({ status: 404, error: "not_found" });
    await client.close();
  });

  it("answers a customer tool without a customer bearer with the refusal REST gives", async () => {
    const client = await mcpClient("shop", { key });
    const answer = await use(client, "customerOrders");
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toMatchObject({ status: 401, error: "unauthenticated" });
    expect(answer.content?.[0]?.text).toMatch(/^401 unauthenticated/);
    await client.close();
  });

  it("refuses bad input with a 422-like tool error and writes nothing", async () => {
    const client = await mcpClient("shop", { key });
    const db = await getDb();
    const before = await db.customer.count();
    const answer = await use(client, "createCustomer", { firstName: "", email: "not an email", password: "x" });
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toMatchObject({ status: 422, error: "validation_failed" });
    expect(Object.keys(answer.structuredContent.errors)).toEqual(expect.arrayContaining(["email"]));
    expect(await db.customer.count()).toBe(before);

    const badPage = await use(client, "products", { page: 0 });
    expect(badPage.structuredContent).toMatchObject({ status: 422, errors: { page: [expect.any(String)] } });
    await expect(client.callTool({ name: "noSuchTool", arguments: {} })).rejects.toThrow(/Unknown tool/);
    await expect(client.callTool({ name: "uploadCustomizableFile", arguments: {} })).rejects.toThrow(/Unknown tool/);
    await client.close();
  });

  it("answers a missing or wrong storefront key with the gate's HTTP refusal", async () => {
    const initialize = {
      jsonrpc: "2.0", id: 1, method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const post = (headers: Record<string, string>) =>
      dispatch(new Request(`${BASE}/api/mcp`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify(initialize),
      }));
    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: "missing_key" });
    const wrong = await post({ "X-STOREFRONT-KEY": "pk_wrong_key_000000" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: "invalid_key" });
    const ok = await post({ "X-STOREFRONT-KEY": key });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("X-RateLimit-Remaining")).toMatch(/^\d+$/);
    expect((await ok.json()).result.serverInfo.name).toBe("shop-api");

    await expect(mcpClient("shop", {})).rejects.toThrow(/401|missing_key|X-STOREFRONT-KEY/);
  });

  it("is stateless: GET has no event stream to open", async () => {
    const res = await dispatch(new Request(`${BASE}/api/mcp`, { headers: { Accept: "text/event-stream", "X-STOREFRONT-KEY": key } }));
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });

  it("keeps the body cap of the other transports", async () => {
    const res = await dispatch(new Request(`${BASE}/api/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "X-STOREFRONT-KEY": key },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "products", arguments: { query: "x".repeat(1_100_000) } } }),
    }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: "payload_too_large" });
  });
});
