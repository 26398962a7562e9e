// Reads of returns: one query loads a page of returns with everything their answer needs (status, reason,
// images, custom values, message count, and the line with its other returns for the flags).
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Db, Tx } from "../db/client.ts";
import type { Prisma } from "../generated/sqlite/client.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";
import { lineQuantities, returnPeriod, storeReturnPeriod, unitsFor, windowExpired } from "./quantities.ts";
import { canTake, type ReturnFacts } from "./transitions.ts";

export const returnInclude = {
  order: { select: { incrementId: true, createdAt: true, status: true } },
  orderItem: {
    select: {
      id: true, sku: true, name: true, additional: true,
      qtyOrdered: true, qtyShipped: true, qtyCanceled: true, qtyRefunded: true,
      product: { select: { rmaReturnPeriod: true } },
      returns: { select: { id: true, quantity: true, resolution: true, statusId: true } },
    },
  },
  reason: { select: { title: true } },
  status: true,
  images: { orderBy: { id: "asc" } },
  customValues: true,
  _count: { select: { messages: true } },
} satisfies Prisma.ReturnRequestInclude;

export type ReturnRecord = Prisma.ReturnRequestGetPayload<{ include: typeof returnInclude }>;

/** What every answer about returns needs from the store once per request. */
export interface ReturnScope {
  storeDays: number;
  fields: { id: number; code: string; label: string; type: string }[];
}

export async function returnScope(ctx: RequestContext): Promise<ReturnScope> {
  const [storeDays, fields] = await Promise.all([
    storeReturnPeriod(ctx),
    ctx.db.returnCustomField.findMany({ orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true, code: true, label: true, type: true } }),
  ]);
  return { storeDays, fields };
}

export function factsOf(r: ReturnRecord, storeDays: number, now = new Date()): ReturnFacts {
  const line = r.orderItem;
  const units = lineQuantities(line, r.order.status, line.returns, r.id);
  return {
    statusId: r.statusId,
    resolution: r.resolution,
    quantity: r.quantity,
    expired: windowExpired(r.order.createdAt, returnPeriod(line.product, storeDays), now),
    unitsFree: unitsFor(units, r.resolution),
  };
}

/** SPEC.md's answer to close; the detail extends it. */
export function toReturnStatus(r: ReturnRecord, storeDays: number) {
  const facts = factsOf(r, storeDays);
  return {
    id: r.id,
    orderId: r.orderId,
    orderIncrementId: r.order.incrementId,
    statusId: r.statusId,
    statusTitle: r.status.title,
    statusColor: r.status.color,
    canClose: canTake("close", facts),
    canReopen: canTake("reopen", facts),
    isExpired: facts.expired,
    messagesCount: r._count.messages,
    updatedAt: r.updatedAt.toISOString(),
  };
}

const variantOf = (additional: unknown): number | null => {
  const v = (additional as { variantId?: unknown } | null)?.variantId;
  return typeof v === "number" ? v : null;
};

export function toReturnDetail(ctx: RequestContext, r: ReturnRecord, scope: ReturnScope) {
  const values = new Map(r.customValues.map((v) => [v.fieldId, v.value]));
  return {
    ...toReturnStatus(r, scope.storeDays),
    packageCondition: r.packageCondition,
    information: r.information,
    item: {
      id: r.id,
      order_item_id: r.orderItemId,
      sku: r.orderItem.sku,
      name: r.orderItem.name,
      quantity: r.quantity,
      resolution: r.resolution,
      reason_id: r.reasonId,
      reason: r.reason.title,
      variant_id: variantOf(r.orderItem.additional),
    },
    images: r.images.map((i) => ({ id: i.id, path: i.path, url: `${ctx.baseUrl}/api/shop/returns/${r.id}/images/${i.id}` })),
    customAttributes: scope.fields.map((f) => ({ field_id: f.id, code: f.code, label: f.label, type: f.type, value: values.get(f.id) ?? null })),
    createdAt: r.createdAt.toISOString(),
  };
}

/** One of the caller's returns; 404 when it is missing or someone else's. */
export async function ownReturn(ctx: RequestContext, id: number, db: Db | Tx = ctx.db): Promise<ReturnRecord> {
  const r = await db.returnRequest.findFirst({ where: { id, customerId: customerId(ctx) }, include: returnInclude });
  if (!r) throw new NotFound("Return");
  return r;
}

export async function returnDetail(ctx: RequestContext, id: number) {
  const [r, scope] = await Promise.all([ownReturn(ctx, id), returnScope(ctx)]);
  return toReturnDetail(ctx, r, scope);
}

export interface ReturnListInput {
  status?: number;
  orderId?: number;
}

/** The caller's returns, newest first; `status` is an RMA status id. */
export async function listReturns(ctx: RequestContext, input: ReturnListInput, paging: Paging): Promise<Page<ReturnType<typeof toReturnDetail>>> {
  const where: Prisma.ReturnRequestWhereInput = {
    customerId: customerId(ctx),
    ...(input.status !== undefined ? { statusId: input.status } : {}),
    ...(input.orderId !== undefined ? { orderId: input.orderId } : {}),
  };
  const [total, rows, scope] = await Promise.all([
    ctx.db.returnRequest.count({ where }),
    paging.limit > 0
      ? ctx.db.returnRequest.findMany({ where, include: returnInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: paging.offset, take: paging.limit })
      : Promise.resolve([]),
    returnScope(ctx),
  ]);
  return { total, items: rows.map((r) => toReturnDetail(ctx, r, scope)) };
}
