// Takes one action of the return state machine, for the customer or the store alike: lock the line, read the
// return, ask the transitions table (and its guard) for the next status, write it and any note to the thread.
import type { RequestContext } from "../context.ts";
import { NotFound } from "../errors.ts";
import { lockLine, storeReturnPeriod } from "./quantities.ts";
import { nextStatus, type ReturnAction } from "./transitions.ts";
import { factsOf, returnInclude, type ReturnRecord } from "./view.ts";
import { RETURN_STATUSES } from "./statuses.ts";
import { mailReturnEvent } from "../mail/events.ts";
import { recordReturnEvent } from "./events.ts";

export interface Note {
  message: string;
  isAdmin: boolean;
}

/** `owner` limits the move to that customer's returns (404 otherwise); the store passes none. */
export async function moveReturn(
  ctx: RequestContext,
  id: number,
  action: ReturnAction,
  opts: { owner?: number; note?: Note } = {},
): Promise<{ record: ReturnRecord; storeDays: number; messageId: number | null }> {
  const storeDays = await storeReturnPeriod(ctx);
  const where = { id, ...(opts.owner !== undefined ? { customerId: opts.owner } : {}) };
  return ctx.db.$transaction(async (tx) => {
    const found = await tx.returnRequest.findFirst({ where, select: { orderItemId: true } });
    if (!found) throw new NotFound("Return");
    // Every move on a line is serialised, so a reopen cannot take units another return takes at the same time.
    await lockLine(tx, found.orderItemId);
    const current = await tx.returnRequest.findFirstOrThrow({ where, include: returnInclude });
    const next = nextStatus(action, factsOf(current, storeDays));
    await tx.returnRequest.update({ where: { id }, data: { statusId: next, updatedAt: new Date() } });
    const message = opts.note
      ? await tx.returnMessage.create({ data: { returnId: id, message: opts.note.message, isAdmin: opts.note.isAdmin } })
      : null;
    if (next !== current.statusId) {
      const status = RETURN_STATUSES.find((s) => s.id === next)?.title ?? String(next);
      await mailReturnEvent(tx, ctx.baseUrl, "return_status", id, { status });
    }
    if (opts.note?.isAdmin) await mailReturnEvent(tx, ctx.baseUrl, "return_reply", id, { message: opts.note.message });
    // Every action moves the status or adds to the thread (./transitions.ts), so `changed` is never empty.
    await recordReturnEvent(tx, "return.updated", id, [...(next !== current.statusId ? ["status"] : []), ...(message ? ["messages"] : [])]);
    const record = await tx.returnRequest.findFirstOrThrow({ where: { id }, include: returnInclude });
    return { record, storeDays, messageId: message?.id ?? null };
  });
}

export function toMessage(m: { id: number; returnId: number; message: string; isAdmin: boolean; createdAt: Date }) {
  return {
    id: m.id,
    rmaId: m.returnId,
    message: m.message,
    isAdmin: m.isAdmin,
    // WIRE.md's clients read the field; the shop's thread takes text only, so it has no attachment to point at.
    attachmentUrl: null,
    createdAt: m.createdAt.toISOString(),
  };
}
