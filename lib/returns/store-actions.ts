// The store's side of a return (accept, decline, wait for and receive the package, cancel the items, solve,
// reply). The admin API binds these to routes; each is an action of the same transitions table the customer's
// actions use. The caller checks the admin's permission; these act on any customer's return.
import type { RequestContext } from "../context.ts";
import { moveReturn, toMessage } from "./move.ts";
import type { ReturnAction } from "./transitions.ts";
import { returnScope, toReturnDetail } from "./view.ts";

async function storeMove(ctx: RequestContext, id: number, action: ReturnAction) {
  const { record } = await moveReturn(ctx, id, action);
  return toReturnDetail(ctx, record, await returnScope(ctx));
}

export const acceptReturn = (ctx: RequestContext, id: number) => storeMove(ctx, id, "accept");
export const declineReturn = (ctx: RequestContext, id: number) => storeMove(ctx, id, "decline");
export const awaitReturnPackage = (ctx: RequestContext, id: number) => storeMove(ctx, id, "awaitPackage");
export const markReturnDispatched = (ctx: RequestContext, id: number) => storeMove(ctx, id, "markDispatched");
export const markReturnReceived = (ctx: RequestContext, id: number) => storeMove(ctx, id, "markReceived");
export const cancelReturnItems = (ctx: RequestContext, id: number) => storeMove(ctx, id, "cancelItems");
export const solveReturn = (ctx: RequestContext, id: number) => storeMove(ctx, id, "solve");

export async function replyToReturn(ctx: RequestContext, id: number, message: string) {
  const { messageId } = await moveReturn(ctx, id, "reply", { note: { message, isAdmin: true } });
  return toMessage(await ctx.db.returnMessage.findUniqueOrThrow({ where: { id: messageId! } }));
}
