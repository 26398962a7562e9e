// GDPR requests: the database work behind ./gdpr.ts, moves of the one GDPR state machine (lib/gdpr/transitions.ts)
// guarded on the status read; a completed request mails the customer in the same transaction, and a completed
// `delete` request erases the customer's personal data in it first (lib/gdpr/erase.ts). Each move records its
// `gdpr_request.updated` event in its transaction.
import type { RequestContext } from "../../context.ts";
import { Conflict } from "../../errors.ts";
import { transition, type GdprEvent } from "../../gdpr/transitions.ts";
import { mailGdprEvent } from "../../mail/events.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { eraseCustomer } from "../../gdpr/erase.ts";
import { recordGdprEvent } from "../../gdpr/requests.ts";

export async function moveGdprRequest(ctx: RequestContext, id: number, event: Exclude<GdprEvent, "revoke" | "delete">): Promise<void> {
  const request = await ctx.db.gdprRequest.findUniqueOrThrow({ where: { id } });
  const next = transition(request.status, event);
  await ctx.db.$transaction(async (tx) => {
    const moved = await tx.gdprRequest.updateMany({ where: { id, status: request.status }, data: { status: next } });
    if (moved.count !== 1) throw new Conflict("The request changed meanwhile; reload it and try again.");
    if (next === "completed" && request.type !== "delete") await mailGdprEvent(tx, "gdpr_completed", id, ctx.locale);
    if (next === "completed" && request.type === "delete") {
      // Erased with the completion, and told so at the address held until now: the one mail that keeps it.
      const held = await eraseCustomer(tx, request.customerId);
      await enqueueMail(tx, "gdpr_completed", held.email, { firstName: held.firstName, requestId: id, type: request.type }, ctx.locale);
    }
    // Last: the erasure rewrites the request's email, so its event reads the updatedAt that leaves.
    await recordGdprEvent(tx, "gdpr_request.updated", id);
  });
}
