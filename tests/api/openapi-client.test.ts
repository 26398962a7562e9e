// A client generated from the Shop OpenAPI document completes a guest checkout: the committed types match what
// openapi-typescript makes of /api/shop/docs today, the checkout client type-checks against them under the repo's
// strict options, and run with openapi-fetch over the in-process transport it places a real order.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { BASE, dispatch } from "../support/app.ts";
import { getDb, storefrontKey } from "../support/client.ts";
import { ADDRESS } from "../support/checkout.ts";
import { guestCheckout } from "../support/openapi-checkout.ts";
import { REGENERATE_COMMAND, SHOP_TYPES_FILE, shopDocument, shopTypes } from "../support/openapi-types.ts";
import type { paths } from "../generated/shop-api.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CHECKOUT_MODULE = path.join(ROOT, "tests/support/openapi-checkout.ts");
// A file that only exists in the compiler's view: a body the document does not allow, which must not compile.
const PROBE = path.join(ROOT, "tests/support/openapi-probe.ts");
const PROBE_SOURCE = `import type { ShopClient } from "./openapi-checkout.ts";
export const probe = (client: ShopClient) => client.POST("/api/shop/checkout/set-shipping-method", { body: { shippingCode: "flatrate_flatrate" } });
`;

/** Compiles the checkout module (and the probe) with tsconfig.json's options; the diagnostics per file. */
function compile(): { checkout: readonly ts.Diagnostic[]; probe: readonly ts.Diagnostic[]; source: ts.SourceFile } {
  const config = ts.readConfigFile(path.join(ROOT, "tsconfig.json"), (f) => ts.sys.readFile(f));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const compilerOptions = { ...options, incremental: false, noEmit: true };
  const host = ts.createCompilerHost(compilerOptions);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = ((exists) => (f: string) => f === PROBE || exists(f))(host.fileExists.bind(host));
  host.readFile = (f) => (f === PROBE ? PROBE_SOURCE : readFile(f));
  host.getSourceFile = (f, lang, ...rest) => (f === PROBE ? ts.createSourceFile(f, PROBE_SOURCE, lang) : getSourceFile(f, lang, ...rest));
  const program = ts.createProgram({ rootNames: [CHECKOUT_MODULE, PROBE], options: compilerOptions, host });
  const all = ts.getPreEmitDiagnostics(program);
  const source = program.getSourceFile(CHECKOUT_MODULE);
  if (!source) throw new Error("the checkout module was not compiled");
  return { checkout: all.filter((d) => d.file?.fileName !== PROBE), probe: all.filter((d) => d.file?.fileName === PROBE), source };
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
      if (from !== "openapi-fetch" && from !== "../generated/shop-api.ts") found.push(`import of ${from}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (/@ts-(ignore|expect-error|nocheck)/.test(source.text)) found.push("a @ts- directive");
  return found;
}

describe("a client generated from the Shop OpenAPI document", () => {
  it("keeps the committed types equal to what openapi-typescript generates from /api/shop/docs", async () => {
    const generated = await shopTypes(await shopDocument());
    const committed = fs.readFileSync(SHOP_TYPES_FILE, "utf8");
    expect(generated.includes('"/api/shop/checkout/place-order"')).toBe(true);
    // The whole file is too long for a readable diff: name the first line that differs.
    const [want, got] = [generated.split("\n"), committed.split("\n")];
    const line = want.findIndex((l, i) => l !== got[i]);
    const where = line < 0 ? `it has ${got.length - want.length} extra lines` : `line ${line + 1} should be ${JSON.stringify(want[line])}, is ${JSON.stringify(got[line])}`;
    expect(committed === generated, `${path.relative(ROOT, SHOP_TYPES_FILE)} is out of date (${where}): run \`${REGENERATE_COMMAND}\``).toBe(true);
  });

  it("type-checks the checkout client against the generated types, strictly and without escapes", () => {
    const { checkout, probe, source } = compile();
    const format = (ds: readonly ts.Diagnostic[]) =>
      ts.formatDiagnostics(ds, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => "\n" });
    expect(format(checkout)).toBe("");
    expect(escapes(source)).toEqual([]);
    // The types do constrain the client: a body field the document does not have is a compile error.
    expect(format(probe)).toContain("shippingCode");
  }, 120_000);

  it("completes a guest checkout with openapi-fetch over the generated types", async () => {
    const key = await storefrontKey();
    const client = createClient<paths>({ baseUrl: BASE, fetch: dispatch, headers: { "X-STOREFRONT-KEY": key, Accept: "application/json" } });

    const run = await guestCheckout(client, ADDRESS);

    expect(run.product).toMatchObject({ type: "simple", inStock: true });
    expect(run.cart).toMatchObject({ cartToken: run.cartToken, isGuest: true, itemsCount: 1, itemsQty: 1 });
    expect(run.cart.items.map((i) => [i.productId, i.quantity])).toEqual([[run.product.id, 1]]);
    expect(run.address).toMatchObject({ success: true, cartToken: run.cartToken });
    expect(run.address.cart.billingAddress).toMatchObject({ firstName: ADDRESS.billingFirstName, country: ADDRESS.billingCountry });
    expect(run.rates.map((r) => r.code)).toContain("flatrate_flatrate");
    expect(run.shipping).toMatchObject({ success: true, shippingMethod: run.rates[0].code });
    expect(run.payments.map((m) => m.method)).toContain("cashondelivery");
    expect(run.payment).toMatchObject({ success: true, paymentMethod: "cashondelivery", paymentGatewayUrl: null });
    expect(run.order).toMatchObject({ success: true, redirect: false, redirectUrl: null });
    expect(run.order.orderId).toEqual(expect.any(Number));

    const db = await getDb();
    const order = await db.order.findUniqueOrThrow({ where: { id: run.order.orderId ?? -1 }, include: { items: true, payment: true } });
    expect(order).toMatchObject({ isGuest: true, customerEmail: ADDRESS.billingEmail, incrementId: run.order.orderIncrementId, shippingMethod: run.shipping.shippingMethod });
    expect(order.items.map((i) => ({ productId: i.productId, sku: i.sku, qtyOrdered: i.qtyOrdered }))).toEqual([{ productId: run.product.id, sku: run.product.sku, qtyOrdered: 1 }]);
    expect(order.payment?.method).toBe("cashondelivery");
  });
});
