// Returns in one line per step: a customer's order placed through the API and then shipped or delivered the way
// a store would record it, return operations on either transport, and the store's side (accept, decline, …)
// through its domain functions so tests can drive a return into every state.
import { call, customer, getDb, storefrontKey } from "./client.ts";
import { getSql } from "../../lib/db/client.ts";
import { ADDRESS, freshProduct, readyToPlace } from "./checkout.ts";
import { invoke, must, type InvokeOptions, type Result, type Via } from "./invoke.ts";
import { BASE } from "./app.ts";
import type { RequestContext } from "../../lib/context.ts";
import { resolveScope, storeSettings } from "../../lib/store/settings.ts";
import * as ops from "../../lib/returns/operations.ts";
import * as store from "../../lib/returns/store-actions.ts";

export { must, type Result, type Via };
export const VIAS: Via[] = ["rest", "graphql"];

export interface Shopper {
  key: string;
  id: number;
  token: string;
}

export async function shopper(key?: string): Promise<Shopper> {
  const k = key ?? (await storefrontKey());
  const me = await customer(k);
  return { key: k, id: me.id, token: me.token };
}

export interface LineSpec {
  qty: number;
  /** Units shipped (default all). */
  shipped?: number;
  /** The product's own return window in days; absent: the store's (30). */
  period?: number;
}

export interface PlacedOrder {
  id: number;
  incrementId: string;
  lines: { id: number; productId: number; qty: number }[];
}

/**
 * An order the shopper places through the API (customer cart, address, flat rate, cash on delivery), then
 * recorded as the store would: `status` (default delivered), shipped and invoiced units, and an order date
 * `ageDays` back.
 */
export async function placedOrder(who: Shopper, lines: LineSpec[], opts: { status?: string; ageDays?: number } = {}): Promise<PlacedOrder> {
  const db = await getDb();
  const auth = { key: who.key, bearer: who.token };
  const productIds: number[] = [];
  for (const line of lines) {
    const productId = await freshProduct({ qty: line.qty + 10, price: "12.50" });
    if (line.period !== undefined) await db.product.update({ where: { id: productId }, data: { rmaReturnPeriod: line.period } });
    const added = await call("POST", "/api/shop/cart/add-to-cart", { productId, quantity: line.qty }, auth);
    if (added.status !== 200) throw new Error(`add failed: ${added.status} ${JSON.stringify(added.body)}`);
    productIds.push(productId);
  }
  const address = await call("POST", "/api/shop/checkout/set-billing-address", ADDRESS, auth);
  if (address.status !== 200) throw new Error(`address failed: ${address.status} ${JSON.stringify(address.body)}`);
  await readyToPlace(who.key, who.token);
  const placed = await call("POST", "/api/shop/checkout/place-order", {}, auth);
  if (placed.status !== 200 || !placed.body.orderId) throw new Error(`place-order failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  const orderId = placed.body.orderId as number;
  const createdAt = new Date(Date.now() - (opts.ageDays ?? 1) * 24 * 60 * 60 * 1000);
  await db.order.update({ where: { id: orderId }, data: { status: opts.status ?? "delivered", createdAt } });
  const items = await db.orderItem.findMany({ where: { orderId }, orderBy: { id: "asc" } });
  for (const [i, item] of items.entries()) {
    await db.orderItem.update({ where: { id: item.id }, data: { qtyShipped: lines[i].shipped ?? lines[i].qty, qtyInvoiced: item.qtyOrdered } });
  }
  const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
  return { id: orderId, incrementId: order.incrementId, lines: items.map((it, i) => ({ id: it.id, productId: productIds[i], qty: it.qtyOrdered })) };
}

/** The active return reasons by the resolution they allow. */
export async function reasons() {
  const db = await getDb();
  const rows = await db.returnReason.findMany({ where: { status: true }, orderBy: { position: "asc" } });
  const pick = (r: string) => rows.find((x) => x.resolutionType === r)!.id;
  return { returnOnly: pick("return"), cancelOnly: pick("cancel_items"), both: pick("both") };
}

export type ReturnOp = keyof typeof ops;

/** A return operation as the shopper, on either transport (`sendCustomerReturnMessage` takes `returnId`). */
export function act(via: Via, who: Shopper, name: ReturnOp, input: Record<string, unknown> = {}, opts: InvokeOptions = {}): Promise<Result> {
  const op = ops[name];
  const args = via === "rest" && name === "sendCustomerReturnMessage" ? { id: input.returnId, message: input.message } : input;
  return invoke(via, op, args, { key: who.key, bearer: who.token, ...opts });
}

/**
 * A valid value for each required return field the store has, for fixtures that do not test the fields: other files
 * (the admin tests, the fuzzers) may add required fields to the shared database at any time.
 */
async function requiredFieldValues(): Promise<Record<string, string>> {
  const fields = await (await getDb()).returnCustomField.findMany({ where: { isRequired: true } });
  const first = (options: unknown) => {
    const [o] = Array.isArray(options) ? (options as unknown[]) : [];
    return String(o && typeof o === "object" ? (o as { value?: unknown }).value : o);
  };
  const sample: Record<string, (f: (typeof fields)[number]) => string> = { select: (f) => first(f.options), date: () => "2026-01-01", checkbox: () => "1" };
  return Object.fromEntries(fields.map((f) => [f.code, sample[f.type]?.(f) ?? "x"]));
}

/** Raises a return and answers its detail; fails the test when it is refused. */
export async function raise(via: Via, who: Shopper, orderItemId: number, qty: number, extra: Record<string, unknown> = {}) {
  const r = await reasons();
  const resolutionType = (extra.resolutionType as string | undefined) ?? "return";
  const required = extra.customAttributes === undefined ? await requiredFieldValues() : {};
  const input = {
    orderItemId,
    rmaQty: qty,
    resolutionType,
    rmaReasonId: resolutionType === "return" ? r.returnOnly : r.cancelOnly,
    information: "It does not fit.",
    packageCondition: "unopened",
    agreement: true,
    ...(Object.keys(required).length ? { customAttributes: required } : {}),
    ...extra,
  };
  return must(await act(via, who, "createCustomerReturn", input), 201);
}

/** The order's returnable items by order line id. */
export async function returnable(via: Via, who: Shopper, orderId: number) {
  const items = must(await act(via, who, "returnableItems", { orderId }), 200) as { orderItemId: number }[];
  return new Map(items.map((i) => [i.orderItemId, i as Record<string, number>]));
}

/** A request context of the store's side (the admin API's), for the store's domain functions. */
export async function storeCtx(): Promise<RequestContext> {
  const [db, sql] = await Promise.all([getDb(), getSql()]);
  const scope = resolveScope(await storeSettings(db), {});
  return {
    db, sql, surface: "admin", ...scope, ip: null, storefrontKeyId: null, baseUrl: BASE,
    principal: { kind: "admin", adminId: 1, tokenId: 0, isOwner: true, permissions: "all" },
  };
}

export const STORE_ACTIONS = {
  accept: store.acceptReturn,
  decline: store.declineReturn,
  awaitPackage: store.awaitReturnPackage,
  markDispatched: store.markReturnDispatched,
  markReceived: store.markReturnReceived,
  cancelItems: store.cancelReturnItems,
  solve: store.solveReturn,
  reply: (ctx: RequestContext, id: number) => store.replyToReturn(ctx, id, "We are looking into it."),
};
export type StoreAction = keyof typeof STORE_ACTIONS;

/** Runs a store action; answers the error's status instead of throwing, or 200. */
export async function storeAct(action: StoreAction, id: number): Promise<number> {
  try {
    await STORE_ACTIONS[action](await storeCtx(), id);
    return 200;
  } catch (e) {
    const status = (e as { status?: number }).status;
    if (typeof status !== "number") throw e;
    return status;
  }
}

export async function statusOf(returnId: number): Promise<number> {
  const db = await getDb();
  return (await db.returnRequest.findUniqueOrThrow({ where: { id: returnId } })).statusId;
}
