// The store's side of returns (RMA) over the Admin API: read any customer's returns and move them through the
// one return state machine (lib/returns/transitions.ts) — accept, decline, await / receive the package, cancel the
// items, solve — or reply in the thread, which every return carries whole. Status ids follow WIRE.md (1 Pending … 9 Canceled).
import { z } from "zod";
import { intParam } from "../../operations/fields.ts";
import { CustomerReturn, ReturnMessage } from "../../returns/shapes.ts";
import { returnInclude, returnScope, toReturnDetail } from "../../returns/view.ts";
import * as store from "../../returns/store-actions.ts";
import { toMessage } from "../../returns/move.ts";
import { ReturnReplyInput } from "./return-reply-input.ts";
import type { RequestContext } from "../../context.ts";
import { adminResource, resourceAction } from "../resource.ts";

export const AdminReturn = z
  .object({
    ...CustomerReturn.shape,
    customerId: z.int().nullable(),
    /** The thread, oldest first: the store reads it whole (the customer pages theirs at /api/shop/returns/{id}/messages). */
    messages: z.array(ReturnMessage).meta({ connection: true }),
  })
  .meta({ id: "AdminReturn", iri: "/api/admin/sales/returns" });

export const returns = adminResource({
  path: "sales/returns",
  one: "Return",
  many: "Returns",
  permission: "sales.returns",
  model: "returnRequest",
  output: AdminReturn,
  include: () => ({ ...returnInclude, messages: { orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] } }),
  shared: returnScope,
  toOutput: (ctx, r, scope) => ({ ...toReturnDetail(ctx, r, scope), customerId: r.customerId, messages: r.messages.map(toMessage) }),
  changes: true,
  filters: z.object({
    status: intParam().pipe(z.int().min(1).max(9, { message: "must be a status id 1 to 9" })).optional(),
    orderId: intParam().optional(),
    customerId: intParam().optional(),
  }),
  where: (_ctx, f) => ({
    ...(f.status ? { statusId: f.status } : {}),
    ...(f.orderId ? { orderId: f.orderId } : {}),
    ...(f.customerId ? { customerId: f.customerId } : {}),
  }),
  sort: { fields: { id: (d) => ({ id: d }), created_at: (d) => ({ createdAt: d }), updated_at: (d) => ({ updatedAt: d }) }, default: "-id" },
});

const move = (verb: string, summary: string, act: (ctx: RequestContext, id: number) => Promise<unknown>) =>
  resourceAction(returns, { verb, summary, permission: "sales.returns.edit", run: (ctx, id) => act(ctx, id) });

export const acceptAdminReturn = move("accept", "Accept a pending return (→ 2 Accepted).", store.acceptReturn);
export const declineAdminReturn = move("decline", "Decline a return (→ 7 Declined); its units are released.", store.declineReturn);
export const awaitPackageAdminReturn = move("awaitPackage", "Wait for the customer's package (→ 4 Awaiting).", store.awaitReturnPackage);
export const markDispatchedAdminReturn = move("markDispatched", "Record that the package is on its way (→ 5 Dispatched package).", store.markReturnDispatched);
export const markReceivedAdminReturn = move("markReceived", "Record that the package arrived (→ 6 Received package).", store.markReturnReceived);
export const cancelItemsAdminReturn = move("cancelItems", "Cancel the items of a cancel_items return (→ 8 Item canceled).", store.cancelReturnItems);
export const solveAdminReturn = move("solve", "Settle a return (→ 3 Solved).", store.solveReturn);

export const replyAdminReturn = resourceAction(returns, {
  verb: "reply",
  summary: "Reply in a return's message thread as the store; the status does not change.",
  permission: "sales.returns.edit",
  input: ReturnReplyInput,
  status: 201,
  run: (ctx, id, input) => store.replyToReturn(ctx, id, input.message),
});

export const operations = [
  ...returns.operations,
  acceptAdminReturn, declineAdminReturn, awaitPackageAdminReturn, markDispatchedAdminReturn, markReceivedAdminReturn, cancelItemsAdminReturn, solveAdminReturn, replyAdminReturn,
];
