// The GDPR request state machine as one table, like the order's: what each event may start from and where it leads.
import { Conflict } from "../errors.ts";

export const GDPR_STATUSES = ["pending", "processing", "completed", "declined", "revoked"] as const;
export type GdprStatus = (typeof GDPR_STATUSES)[number];
export type GdprEvent = "revoke" | "process" | "complete" | "decline" | "delete";

const TABLE: Record<GdprEvent, Partial<Record<GdprStatus, GdprStatus | "deleted">>> = {
  /** The customer withdraws the request before the shop starts on it. */
  revoke: { pending: "revoked" },
  process: { pending: "processing" },
  complete: { processing: "completed" },
  decline: { pending: "declined", processing: "declined" },
  /** The customer removes the record, except while the shop is working on it. */
  delete: { pending: "deleted", completed: "deleted", declined: "deleted", revoked: "deleted" },
};

export function canTransition(status: string, event: GdprEvent): boolean {
  return TABLE[event][status as GdprStatus] !== undefined;
}

/** The state `event` leads to from `status`; a 409 naming both when the move is not allowed. */
export function transition(status: string, event: GdprEvent): GdprStatus | "deleted" {
  const next = TABLE[event][status as GdprStatus];
  if (!next) throw new Conflict(`A GDPR request that is ${status} cannot be ${event === "delete" ? "deleted" : `${event}d`}.`);
  return next;
}
