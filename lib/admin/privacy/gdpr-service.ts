// GDPR requests: the database work behind ./gdpr.ts, moves of the one GDPR state machine (lib/gdpr/transitions.ts)
// guarded on the status read; a completed request mails the customer in the same transaction, and a completed
// `delete` request erases the customer's personal data in it first (lib/gdpr/erase.ts). A declined request keeps
// the reason the admin gave, and the customer is mailed it in the same transaction: the GDPR wants them told why a
// request is not acted on. Each move records its `gdpr_request.updated` event in its transaction.
import type { RequestContext } from "../../context.ts";
import { Conflict } from "../../errors.ts";
import { transition } from "../../gdpr/transitions.ts";
import { mailGdprEvent } from "../../mail/events.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { eraseCustomer } from "../../gdpr/erase.ts";
import { isErasedEmail } from "../../gdpr/erased.ts";
import { recordGdprEvent } from "../../gdpr/requests.ts";

/** A move the store makes; declining says why. */
export type StoreMove = { event: "process" | "complete" } | { event: "decline"; reason: string };

export async function moveGdprRequest(ctx: RequestContext, id: number, move: StoreMove): Promise<void> {
  const request = await ctx.db.gdprRequest.findUniqueOrThrow({ where: { id }, include: { customer: { select: { firstName: true } } } });
  const next = transition(request.status, move.event);
  const declineReason = move.event === "decline" ? move.reason : undefined;
  await ctx.db.$transaction(async (tx) => {
    const moved = await tx.gdprRequest.updateMany({ where: { id, status: request.status }, data: { status: next, ...(declineReason ? { declineReason } : {}) } });
    if (moved.count !== 1) throw new Conflict("The request changed meanwhile; reload it and try again.");
    if (next === "completed" && request.type !== "delete") await mailGdprEvent(tx, "gdpr_completed", id, ctx.locale);
    if (next === "completed" && request.type === "delete") {
      // Erased with the completion, and told so at the address held until now: the one mail that keeps it.
      const held = await eraseCustomer(tx, request.customerId);
      await enqueueMail(tx, "gdpr_completed", held.email, { firstName: held.firstName, requestId: id, type: request.type }, ctx.locale);
    }
    // A customer erased since they asked has no address left to tell.
    if (declineReason && !isErasedEmail(request.email)) {
      await enqueueMail(tx, "gdpr_declined", request.email, { firstName: request.customer.firstName, requestId: id, type: request.type, reason: declineReason }, ctx.locale);
    }
    // Last: the erasure rewrites the request's email, so its event reads the updatedAt that leaves.
    await recordGdprEvent(tx, "gdpr_request.updated", id);
  });
}
