// A client generated from the Admin OpenAPI document runs a connector: the committed types match what
// openapi-typescript makes of /api/admin/docs today, the connector (tests/support/openapi-admin-connector.ts)
// type-checks against them under the repo's strict options with no cast, and run with openapi-fetch over the
// in-process transport it lists changed orders, reprices a product only if unchanged (If-Match), refunds an order line
// twice with one Idempotency-Key (one refund), upserts a product batch and finds a product by its external id.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { BASE, dispatch } from "../support/app.ts";
import { getDb } from "../support/client.ts";
import { adminCall, adminToken, hiddenProduct, makeOrder } from "../support/admin.ts";
import { syncOnce } from "../support/openapi-admin-connector.ts";
import { ADMIN_TYPES_FILE, REGENERATE_COMMAND, adminDocument, adminTypes } from "../support/openapi-types.ts";
import type { paths } from "../../lib/openapi/types/admin-api.ts";
import { compileWithProbes, escapes, firstDifference, formatDiagnostics, ROOT } from "../support/typed-client.ts";

const CONNECTOR = path.join(ROOT, "tests/support/openapi-admin-connector.ts");
// Files that only exist in the compiler's view: calls the document does not allow, which must not compile.
const PROBES: Record<string, { call: string; refused: string }> = {
  // The record id travels in the path, never in the body (an object literal of the body's own type: openapi-fetch's
  // generic call signature does not check excess properties).
  "id in the body": {
    call: `[client, { id: 1, price: 2 } satisfies NonNullable<paths["/api/admin/catalog/products/{id}"]["patch"]["requestBody"]>["content"]["application/json"]]`,
    refused: "'id' does not exist",
  },
  // A path id is a number.
  "a text path id": { call: `client.PATCH("/api/admin/catalog/products/{id}", { params: { path: { id: "1" } }, body: { price: 2 } })`, refused: "'number'" },
  // `sort` takes the list's fields only.
  "an unknown sort": { call: `client.GET("/api/admin/sales/orders", { params: { query: { sort: "popularity" } } })`, refused: '"popularity"' },
};
const probeFile = (i: number) => path.join(ROOT, `tests/support/openapi-admin-probe-${i}.ts`);
const probeSource = (call: string) => `import type { AdminClient } from "./openapi-admin-connector.ts";
import type { paths } from "../../lib/openapi/types/admin-api.ts";
import { compileWithProbes, escapes, firstDifference, formatDiagnostics, ROOT } from "../support/typed-client.ts";
export type Paths = paths;
export const probe = (client: AdminClient) => ${call};
`;

describe("a client generated from the Admin OpenAPI document", () => {
  it("keeps the committed types equal to what openapi-typescript generates from /api/admin/docs", async () => {
    const generated = await adminTypes(await adminDocument());
    const committed = fs.readFileSync(ADMIN_TYPES_FILE, "utf8");
    expect(generated.includes('"/api/admin/sales/orders/{id}/refunds"')).toBe(true);
    expect(committed === generated, `${path.relative(ROOT, ADMIN_TYPES_FILE)} is out of date (${firstDifference(generated, committed)}): run \`${REGENERATE_COMMAND}\``).toBe(true);
  });

  it("type-checks the connector against the generated types, strictly and without escapes", () => {
    const virtual = new Map(Object.values(PROBES).map(({ call }, i) => [probeFile(i), probeSource(call)]));
    const { module, probes, source } = compileWithProbes(CONNECTOR, virtual);
    expect(formatDiagnostics(module)).toBe("");
    expect(escapes(source, ["openapi-fetch", "../../lib/openapi/types/admin-api.ts"])).toEqual([]);
    // The types do constrain the client: each probe is a compile error, for the reason it was written.
    Object.entries(PROBES).forEach(([name, { refused }], i) => expect(formatDiagnostics(probes[i]), `${name} compiled`).toContain(refused));
  }, 120_000);

  it("lists changed orders, reprices a product and refunds an order line with openapi-fetch", async () => {
    const token = await adminToken();
    const since = new Date(Date.now() - 1000).toISOString();
    const product = await hiddenProduct(12);
    const order = await makeOrder({ lines: [{ productId: product.id, qty: 2, price: 12 }] });
    expect((await adminCall(token, "POST", `/api/admin/sales/orders/${order.id}/invoices`, {})).status).toBe(201);

    const client = createClient<paths>({ baseUrl: BASE, fetch: dispatch, headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } });
    const erpSku = `ERP-${order.id}-${Date.now()}`;
    const job = { since, productId: product.id, price: 15.5, orderId: order.id, orderItemId: order.itemIds[0], refundKey: randomUUID(), erpSku };
    const run = await syncOnce(client, job);

    expect(run.changed.map((o) => o.id)).toContain(order.id);
    expect(run.total).toBeGreaterThanOrEqual(1);
    expect(run.product).toMatchObject({ id: product.id, sku: product.sku, price: 15.5 });
    expect(run.refunded.id).toBe(order.id);
    const db = await getDb();
    expect(Number((await db.product.findUniqueOrThrow({ where: { id: product.id } })).price)).toBe(15.5);
    const refunds = await db.refund.findMany({ where: { orderId: order.id }, include: { items: true } });
    // The refund sent twice with one key is one refund, and the second answer is the first, replayed.
    expect(refunds.flatMap((r) => r.items.map((i) => [i.orderItemId, i.qty]))).toEqual([[order.itemIds[0], 1]]);
    expect(run.retried).toEqual(run.refunded);
    expect(run.replayed).toBe("true");
    expect(run.batch).toMatchObject({ created: 1, updated: 0, failed: 0, data: [{ index: 0, sku: erpSku, status: "created" }] });
    expect(run.found.map((p) => p.sku)).toEqual([erpSku]);
    expect(await db.product.findUniqueOrThrow({ where: { externalId: `erp-${erpSku}` } })).toMatchObject({ sku: erpSku });
  });

  it("refuses a sort value the list's enum does not have with a 422 naming the choices", async () => {
    const token = await adminToken();
    const res = await adminCall(token, "GET", "/api/admin/sales/orders?sort=popularity");
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: "validation_failed", errors: { sort: [expect.stringContaining("sort must be one of id, created_at")] } });
    expect((await adminCall(token, "GET", "/api/admin/sales/orders?sort=grand_total-desc&per_page=1")).status).toBe(200);
  });
});
