// The GDPR request state machine as one table, like the order's: what each event may start from and where it leads.
import { stateMachine } from "../operations/state-machine.ts";

export const GDPR_STATUSES = ["pending", "processing", "completed", "declined", "revoked"] as const;
export type GdprStatus = (typeof GDPR_STATUSES)[number];
export type GdprEvent = "revoke" | "process" | "complete" | "decline" | "delete";

const GDPR = stateMachine<GdprStatus | "deleted", GdprEvent>(
  {
    /** The customer withdraws the request before the shop starts on it. */
    revoke: { pending: "revoked" },
    process: { pending: "processing" },
    complete: { processing: "completed" },
    decline: { pending: "declined", processing: "declined" },
    /** The customer removes the record, except while the shop is working on it. */
    delete: { pending: "deleted", completed: "deleted", declined: "deleted", revoked: "deleted" },
  },
  {
    subject: "A GDPR request",
    past: { revoke: "revoked", process: "processed", complete: "completed", decline: "declined", delete: "deleted" },
  },
);

export const canTransition = GDPR.can;
/** The state `event` leads to from `status`; a 409 naming both when the move is not allowed. */
export const transition = GDPR.next;
