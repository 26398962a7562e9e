// The customer's GDPR requests (delete or update their data): list, one, create, revoke while pending, delete.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound, Validation } from "../errors.ts";
import { canTransition, transition } from "./transitions.ts";
import { mailGdprEvent } from "../mail/events.ts";
import { gdprExport } from "./export.ts";
import type { Tx } from "../db/client.ts";
import { recordEvent } from "../events/record.ts";

type GdprRecord = {
  id: number; type: string; status: string; message: string; email: string; revokedAt: Date | null; createdAt: Date; updatedAt: Date;
};

/** Records request `id`'s change event in `tx`, from the row as the change left it. */
export async function recordGdprEvent(tx: Tx, type: "gdpr_request.created" | "gdpr_request.updated", id: number): Promise<void> {
  const r = await tx.gdprRequest.findUniqueOrThrow({ where: { id }, select: { customerId: true, type: true, status: true, updatedAt: true } });
  await recordEvent(tx, type, { id, ...r });
}

function toRequest(r: GdprRecord) {
  return {
    id: r.id,
    type: r.type,
    status: r.status,
    message: r.message,
    email: r.email,
    canRevoke: canTransition(r.status, "revoke"),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export interface GdprListInput {
  sort: "id" | "created_at";
  order: "asc" | "desc";
  status?: string;
  type?: string;
}

export async function listRequests(ctx: RequestContext, input: GdprListInput, paging: Paging): Promise<Page<ReturnType<typeof toRequest>>> {
  const where = { customerId: customerId(ctx), ...(input.status ? { status: input.status } : {}), ...(input.type ? { type: input.type } : {}) };
  const orderBy = input.sort === "id" ? [{ id: input.order }] : [{ createdAt: input.order }, { id: input.order }];
  const [total, rows] = await Promise.all([
    ctx.db.gdprRequest.count({ where }),
    ctx.db.gdprRequest.findMany({ where, orderBy, skip: paging.offset, take: paging.limit }),
  ]);
  return { total, items: rows.map(toRequest) };
}

async function ownRequest(ctx: RequestContext, id: number) {
  const row = await ctx.db.gdprRequest.findFirst({ where: { id, customerId: customerId(ctx) } });
  if (!row) throw new NotFound("GDPR request");
  return row;
}

export async function getRequest(ctx: RequestContext, id: number) {
  return toRequest(await ownRequest(ctx, id));
}

/** One open (pending) request per type at a time: a second one is a 422. */
export async function createRequest(ctx: RequestContext, input: { type: string; message: string }) {
  const owner = customerId(ctx);
  const customer = await ctx.db.customer.findUnique({ where: { id: owner }, select: { email: true } });
  if (!customer) throw new NotFound("Customer");
  const open = await ctx.db.gdprRequest.findFirst({ where: { customerId: owner, type: input.type, status: "pending" }, select: { id: true } });
  if (open) throw Validation.field("type", `You already have a pending ${input.type} request (#${open.id}).`);
  const row = await ctx.db.$transaction(async (tx) => {
    const created = await tx.gdprRequest.create({ data: { customerId: owner, email: customer.email, type: input.type, message: input.message } });
    await mailGdprEvent(tx, "gdpr_received", created.id, ctx.locale);
    await recordGdprEvent(tx, "gdpr_request.created", created.id);
    return created;
  });
  return toRequest(row);
}

export async function revokeRequest(ctx: RequestContext, id: number) {
  const row = await ownRequest(ctx, id);
  const next = transition(row.status, "revoke");
  // Guarded on the status read above, so a request the shop has just picked up is not revoked underneath it.
  const moved = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.gdprRequest.updateMany({ where: { id: row.id, status: row.status }, data: { status: next, revokedAt: new Date() } });
    if (count === 1) await recordGdprEvent(tx, "gdpr_request.updated", row.id);
    return count;
  });
  if (moved !== 1) transition((await ownRequest(ctx, id)).status, "revoke");
  return toRequest(await ownRequest(ctx, id));
}

export async function deleteRequest(ctx: RequestContext, id: number) {
  const row = await ownRequest(ctx, id);
  transition(row.status, "delete");
  await ctx.db.gdprRequest.deleteMany({ where: { id: row.id, status: row.status } });
  return { id: row.id, success: true, message: "Your GDPR request was deleted." };
}

/** The file of one of the caller's export requests (lib/gdpr/export.ts). */
export async function exportOwnRequest(ctx: RequestContext, id: number) {
  return gdprExport(ctx.db, await ownRequest(ctx, id));
}
