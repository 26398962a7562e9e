// What a customer does with their own returns besides raising one: cancel, close, reopen and the message thread.
// Each status change is an action of the transitions table, taken through `moveReturn`.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { moveReturn, toMessage } from "./move.ts";
import { ownReturn, returnScope, toReturnDetail, toReturnStatus } from "./view.ts";

export const CLOSE_NOTE = "The customer closed this return.";

export async function cancelReturn(ctx: RequestContext, id: number) {
  const { record } = await moveReturn(ctx, id, "cancel", { owner: customerId(ctx) });
  return toReturnDetail(ctx, record, await returnScope(ctx));
}

export async function reopenReturn(ctx: RequestContext, id: number) {
  const { record } = await moveReturn(ctx, id, "reopen", { owner: customerId(ctx) });
  return toReturnDetail(ctx, record, await returnScope(ctx));
}

/** SPEC.md: → Solved (statusId 3), a note in the thread; the answer is the status block only. */
export async function closeReturn(ctx: RequestContext, id: number) {
  const { record, storeDays } = await moveReturn(ctx, id, "close", { owner: customerId(ctx), note: { message: CLOSE_NOTE, isAdmin: false } });
  return toReturnStatus(record, storeDays);
}

export async function sendMessage(ctx: RequestContext, input: { returnId: number; message: string }) {
  const { messageId } = await moveReturn(ctx, input.returnId, "message", { owner: customerId(ctx), note: { message: input.message, isAdmin: false } });
  return toMessage(await ctx.db.returnMessage.findUniqueOrThrow({ where: { id: messageId! } }));
}

/** The thread of one of the caller's returns, oldest first. */
export async function listMessages(ctx: RequestContext, returnId: number, paging: Paging): Promise<Page<ReturnType<typeof toMessage>>> {
  await ownReturn(ctx, returnId);
  const where = { returnId };
  const [total, rows] = await Promise.all([
    ctx.db.returnMessage.count({ where }),
    paging.limit > 0 ? ctx.db.returnMessage.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }], skip: paging.offset, take: paging.limit }) : [],
  ]);
  return { total, items: rows.map(toMessage) };
}
