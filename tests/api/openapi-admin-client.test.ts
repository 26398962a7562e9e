// A client generated from the Admin OpenAPI document runs a connector: the committed types match what
// openapi-typescript makes of /api/admin/docs today, the connector (tests/support/openapi-admin-connector.ts)
// type-checks against them under the repo's strict options with no cast, and run with openapi-fetch over the
// in-process transport it lists changed orders, reprices a product and refunds an order line.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { BASE, dispatch } from "../support/app.ts";
import { getDb } from "../support/client.ts";
import { adminCall, adminToken, hiddenProduct, makeOrder } from "../support/admin.ts";
import { syncOnce } from "../support/openapi-admin-connector.ts";
import { ADMIN_TYPES_FILE, REGENERATE_COMMAND, adminDocument, adminTypes } from "../support/openapi-types.ts";
import type { paths } from "../generated/admin-api.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
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
import type { paths } from "../generated/admin-api.ts";
export type Paths = paths;
export const probe = (client: AdminClient) => ${call};
`;

/** Compiles the connector and the probes with tsconfig.json's options; the diagnostics per file. */
function compile(): { connector: readonly ts.Diagnostic[]; probes: (readonly ts.Diagnostic[])[]; source: ts.SourceFile } {
  const config = ts.readConfigFile(path.join(ROOT, "tsconfig.json"), (f) => ts.sys.readFile(f));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const compilerOptions = { ...options, incremental: false, noEmit: true };
  const virtual = new Map(Object.values(PROBES).map(({ call }, i) => [probeFile(i), probeSource(call)]));
  const host = ts.createCompilerHost(compilerOptions);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = ((exists) => (f: string) => virtual.has(f) || exists(f))(host.fileExists.bind(host));
  host.readFile = (f) => virtual.get(f) ?? readFile(f);
  host.getSourceFile = (f, lang, ...rest) => {
    const text = virtual.get(f);
    return text === undefined ? getSourceFile(f, lang, ...rest) : ts.createSourceFile(f, text, lang);
  };
  const program = ts.createProgram({ rootNames: [CONNECTOR, ...virtual.keys()], options: compilerOptions, host });
  const all = ts.getPreEmitDiagnostics(program);
  const source = program.getSourceFile(CONNECTOR);
  if (!source) throw new Error("the connector was not compiled");
  return {
    connector: all.filter((d) => !d.file || !virtual.has(d.file.fileName)),
    probes: [...virtual.keys()].map((f) => all.filter((d) => d.file?.fileName === f)),
    source,
  };
}

/** Ways to step around the generated types: `any`, casts, non-null assertions, ts-ignore comments, other imports. */
function escapes(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const at = (node: ts.Node) => `line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`any at ${at(node)}`);
    if (ts.isAsExpression(node) && node.type.getText(source) !== "const") found.push(`cast at ${at(node)}`);
    if (ts.isTypeAssertionExpression(node)) found.push(`cast at ${at(node)}`);
    if (ts.isNonNullExpression(node)) found.push(`non-null assertion at ${at(node)}`);
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (from !== "openapi-fetch" && from !== "../generated/admin-api.ts") found.push(`import of ${from}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (/@ts-(ignore|expect-error|nocheck)/.test(source.text)) found.push("a @ts- directive");
  return found;
}

describe("a client generated from the Admin OpenAPI document", () => {
  it("keeps the committed types equal to what openapi-typescript generates from /api/admin/docs", async () => {
    const generated = await adminTypes(await adminDocument());
    const committed = fs.readFileSync(ADMIN_TYPES_FILE, "utf8");
    expect(generated.includes('"/api/admin/sales/orders/{id}/refunds"')).toBe(true);
    const [want, got] = [generated.split("\n"), committed.split("\n")];
    const line = want.findIndex((l, i) => l !== got[i]);
    const where = line < 0 ? `it has ${got.length - want.length} extra lines` : `line ${line + 1} should be ${JSON.stringify(want[line])}, is ${JSON.stringify(got[line])}`;
    expect(committed === generated, `${path.relative(ROOT, ADMIN_TYPES_FILE)} is out of date (${where}): run \`${REGENERATE_COMMAND}\``).toBe(true);
  });

  it("type-checks the connector against the generated types, strictly and without escapes", () => {
    const { connector, probes, source } = compile();
    const format = (ds: readonly ts.Diagnostic[]) =>
      ts.formatDiagnostics(ds, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => "\n" });
    expect(format(connector)).toBe("");
    expect(escapes(source)).toEqual([]);
    // The types do constrain the client: each probe is a compile error, for the reason it was written.
    Object.entries(PROBES).forEach(([name, { refused }], i) => expect(format(probes[i]), `${name} compiled`).toContain(refused));
  }, 120_000);

  it("lists changed orders, reprices a product and refunds an order line with openapi-fetch", async () => {
    const token = await adminToken();
    const since = new Date(Date.now() - 1000).toISOString();
    const product = await hiddenProduct(12);
    const order = await makeOrder({ lines: [{ productId: product.id, qty: 2, price: 12 }] });
    expect((await adminCall(token, "POST", `/api/admin/sales/orders/${order.id}/invoices`, {})).status).toBe(201);

    const client = createClient<paths>({ baseUrl: BASE, fetch: dispatch, headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } });
    const run = await syncOnce(client, { since, productId: product.id, price: 15.5, orderId: order.id, orderItemId: order.itemIds[0] });

    expect(run.changed.map((o) => o.id)).toContain(order.id);
    expect(run.total).toBeGreaterThanOrEqual(1);
    expect(run.product).toMatchObject({ id: product.id, sku: product.sku, price: 15.5 });
    expect(run.refunded.id).toBe(order.id);
    const db = await getDb();
    expect(Number((await db.product.findUniqueOrThrow({ where: { id: product.id } })).price)).toBe(15.5);
    const refunds = await db.refund.findMany({ where: { orderId: order.id }, include: { items: true } });
    expect(refunds.flatMap((r) => r.items.map((i) => [i.orderItemId, i.qty]))).toEqual([[order.itemIds[0], 1]]);
  });

  it("refuses a sort value the list's enum does not have with a 422 naming the choices", async () => {
    const token = await adminToken();
    const res = await adminCall(token, "GET", "/api/admin/sales/orders?sort=popularity");
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: "validation_failed", errors: { sort: [expect.stringContaining("sort must be one of id, created_at")] } });
    expect((await adminCall(token, "GET", "/api/admin/sales/orders?sort=grand_total-desc&per_page=1")).status).toBe(200);
  });
});
