// No request issues one query per row (issue 9). Every list operation of the Shop and Admin APIs, on both
// transports, is asked for one row and for a full page; the SQL statements each request sends are counted
// through the observed driver adapter (lib/db/observe.ts). A request may send at most MAX_STATEMENTS, and a full
// page no more than a page of one row. Caches start cold for every counted request, so the count is the work a
// request does when nothing is cached.
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { AnyOperation } from "../../lib/operations/define.ts";
import { shopOperations } from "../../lib/operations/shop.ts";
import { adminOperations } from "../../lib/operations/admin.ts";
import { onStatement } from "../../lib/db/observe.ts";
import { forgetCatalogReads } from "../../lib/catalog/cache.ts";
import { forgetVerifiedKeys } from "../../lib/storefront-keys/index.ts";
import { invoke, must, VIAS, flatten, type InvokeOptions, type Result, type Via } from "../support/account.ts";
import { call, cartToken, getDb, graphql } from "../support/client.ts";
import { unwrap } from "../../lib/operations/project.ts";
import { metaOf } from "../../lib/graphql/zod-types.ts";
import { ADDRESS, freshProduct } from "../support/checkout.ts";
import { placedOrder, raise, shopper, type Shopper } from "../support/returns.ts";
import { adminToken } from "../support/admin.ts";

/** Statements one list request may send, whatever the page size: credentials, settings, count, page, relations. */
const MAX_STATEMENTS = 20;

const isList = (op: AnyOperation) => op.list !== undefined && op.kind === "query";
const paged = (op: AnyOperation) => op.list !== undefined && op.list !== "all";

let who: Shopper;
let cart: string;
let admin: string;
/** Inputs of the operations that require some, filled once the fixtures exist. */
const inputs: Record<string, Record<string, unknown>> = {};

async function fixtures(): Promise<void> {
  who = await shopper();
  const auth = { key: who.key, bearer: who.token };
  const products = await Promise.all([1, 2, 3].map(() => freshProduct({ qty: 100 })));
  for (const [i, productId] of products.entries()) {
    must(await invoke("rest", op("createAddUpdateCustomerAddress"), { ...addressOf(i) }, auth));
    must(await invoke("rest", op("toggleWishlist"), { productId }, auth));
    must(await invoke("rest", op("createCompareItem"), { productId }, auth));
    must(await invoke("rest", op("createProductReview"), { productId: products[0], title: `Review ${i}`, comment: "Fine.", rating: 4 }, auth));
  }
  const orders = [];
  for (let i = 0; i < 3; i++) orders.push(await placedOrder(who, [{ qty: 2 }, { qty: 1 }, { qty: 1 }]));
  const returned = await raise("rest", who, orders[0].lines[0].id, 1);
  await raise("rest", who, orders[0].lines[1].id, 1);
  for (let i = 0; i < 3; i++) must(await invoke("rest", op("sendCustomerReturnMessage"), { id: returned.id, message: `Message ${i}` }, auth));
  must(await invoke("rest", op("createEuWithdrawal"), { orderId: orders[1].id }, auth));
  must(await invoke("rest", op("createEuWithdrawal"), { orderId: orders[2].id }, auth));
  must(await invoke("rest", op("createGdprRequest"), { type: "update", message: "Please fix my name." }, auth));

  cart = await cartToken(who.key);
  for (const productId of products) must(await invoke("rest", op("createAddProductInCart"), { productId, quantity: 1 }, { key: who.key, bearer: cart }));
  const address = await call("POST", "/api/shop/checkout/set-billing-address", ADDRESS, { key: who.key, bearer: cart });
  expect(address.status).toBe(200);

  admin = await adminToken();
  const db = await getDb();
  const country = await db.country.findFirstOrThrow({ where: { states: { some: {} } }, select: { id: true } });
  inputs.countryStates = { countryId: String(country.id) };
  inputs.productReviews = { productId: products[0] };
  inputs.returnableItems = { orderId: orders[1].id };
  inputs.customerReturnMessages = { id: returned.id };
}

function op(name: string): AnyOperation {
  const found = [...shopOperations, ...adminOperations].find((o) => o.name === name);
  if (!found) throw new Error(`no operation ${name}`);
  return found;
}

function addressOf(i: number) {
  return { firstName: "Ada", lastName: `Lovelace ${i}`, address: `${i} Analytical Street`, country: "US", state: "CA", city: "San Francisco", postcode: "94107", phone: "555-0100", email: "ada@example.com" };
}

function credentials(o: AnyOperation): InvokeOptions {
  if (o.surface === "admin") return { bearer: admin, endpoint: "/api/admin/graphql" } as InvokeOptions;
  if (o.access === "customer") return { key: who.key, bearer: who.token };
  if (o.access === "cart") return { key: who.key, bearer: cart };
  return { key: who.key };
}

/** The GraphQL selection of an output schema, cut at a depth (category trees are recursive). */
function selection(schema: z.ZodType, depth = 0): string {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodArray) {
    const sub = selection(inner.element as z.ZodType, depth);
    return sub && (metaOf(schema).connection || metaOf(inner).connection) ? `{ totalCount edges { node ${sub} } }` : sub;
  }
  if (!(inner instanceof z.ZodObject) || depth > 3) return "";
  const iri = metaOf(inner).iri;
  const fields = Object.entries(inner.shape)
    .map(([k, s]) => {
      const sub = selection(s as z.ZodType, depth + 1);
      const nested = unwrap(s as z.ZodType);
      if (!sub && (nested instanceof z.ZodObject || (nested instanceof z.ZodArray && unwrap(nested.element as z.ZodType) instanceof z.ZodObject))) return "";
      return k === "id" && iri ? "id _id" : `${k} ${sub}`.trim();
    })
    .filter(Boolean);
  return `{ ${fields.join(" ")} }`;
}

/** A list query over either transport; GraphQL selects every field of the output. */
async function ask(via: Via, o: AnyOperation, input: Record<string, unknown>, opts: InvokeOptions, perPage?: number): Promise<Result> {
  if (via === "rest") return invoke(via, o, input, perPage === undefined ? opts : { ...opts, perPage });
  const args = { ...input, ...(perPage === undefined ? {} : { first: perPage }) };
  const argText = Object.keys(args).length ? `(${Object.entries(args).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(", ")})` : "";
  const sub = selection(o.output);
  const res = await graphql(`{ ${o.name}${argText} ${paged(o) ? `{ totalCount edges { node ${sub} } }` : sub} }`, undefined, opts);
  const error = res.body?.errors?.[0];
  if (error) return { status: error.extensions?.status ?? 400, ok: false, body: error };
  return { status: 200, ok: true, body: flatten(res.body.data[o.name]) };
}

/** Statements sent while `request` runs, every cache cold. */
async function counted(request: () => Promise<Result>): Promise<{ statements: string[]; result: Result }> {
  forgetCatalogReads();
  forgetVerifiedKeys();
  const statements: string[] = [];
  const stop = onStatement((sql) => statements.push(sql));
  try {
    return { statements, result: await request() };
  } finally {
    stop();
  }
}

const settle = () => new Promise((r) => setTimeout(r, 30)); // "last used" stamps are written off the request path

const lists = [...shopOperations, ...adminOperations].filter(isList);
const cases = lists.flatMap((o) => VIAS.filter((via) => via === "rest" ? !!o.rest : o.graphql !== false).map((via) => [o.surface, o.name, via] as const));

describe("queries per list request", () => {
  beforeAll(fixtures, 180_000);

  it("covers every list operation of both APIs", () => {
    expect(lists.length).toBeGreaterThan(20);
    const required = (o: AnyOperation) =>
      o.input instanceof z.ZodObject ? Object.entries(o.input.shape).filter(([, s]) => !(s as z.ZodType).safeParse(undefined).success) : [];
    const missing = lists.filter((o) => required(o).length && !inputs[o.name]).map((o) => o.name);
    expect(missing, "list operations whose required input this test does not supply").toEqual([]);
  });

  it.each(cases)("%s %s over %s: a fixed number of statements, whatever the page size", async (_surface, name, via: Via) => {
    const o = op(name);
    const opts = credentials(o);
    const input = inputs[name] ?? {};
    const one = () => ask(via, o, input, opts, paged(o) ? 1 : undefined);
    must(await one()); // warm: schema, settings, "last used" stamps
    await settle();
    const small = await counted(one);
    must(small.result);
    await settle();
    expect(small.statements.length, `${name} sent:\n${small.statements.join("\n")}`).toBeLessThanOrEqual(MAX_STATEMENTS);
    if (!paged(o)) return;
    const full = await counted(() => ask(via, o, input, opts, (o.list as { maxPerPage: number }).maxPerPage));
    const body = must(full.result);
    const rows = Array.isArray(body) ? body.length : Array.isArray(body?.data) ? body.data.length : 0;
    expect(full.statements.length, `${name} (${rows} rows) sent:\n${full.statements.join("\n")}`).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(full.statements.length, `${name}: ${rows} rows cost more statements than one`).toBeLessThanOrEqual(small.statements.length);
  });
});
