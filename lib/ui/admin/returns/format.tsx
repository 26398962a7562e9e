// How the return screens show a return: its status as the API names and colours it, its number, and the store's
// moves it offers now, read from the one return state machine (lib/returns/transitions.ts).
import type { Schemas } from "../client";
import { canTake, RETURN_TRANSITIONS, type ReturnAction } from "../../../returns/transitions";

export type Return = Schemas["AdminReturn"];

export const returnName = (r: { id: number }) => `return #${r.id}`;

/** The status in words with the status's own colour as a dot (the text carries the meaning). */
export function ReturnStatus({ r }: { r: Pick<Return, "statusTitle" | "statusColor"> }) {
  return (
    <span className="ap-badge ap-return-status">
      <span className="ap-return-dot" aria-hidden="true" style={{ background: r.statusColor }} />
      {r.statusTitle}
    </span>
  );
}

/** The store's moves on a return, in the order a return usually takes them; `reply` is the thread's own form. */
export const STORE_MOVES = ["accept", "awaitPackage", "markDispatched", "markReceived", "cancelItems", "solve", "decline"] as const satisfies readonly ReturnAction[];
export type StoreMove = (typeof STORE_MOVES)[number];

/** Moves that cannot be taken back ask first. */
export const DESTRUCTIVE: readonly StoreMove[] = ["decline", "cancelItems"];

export const MOVE_LABELS: Record<StoreMove, string> = {
  accept: "Accept",
  awaitPackage: "Await the package",
  markDispatched: "Mark as dispatched",
  markReceived: "Mark as received",
  cancelItems: "Cancel the items",
  solve: "Solve",
  decline: "Decline",
};

/** What each move means for the customer, said beside its button. */
export const MOVE_HINTS: Record<StoreMove, string> = {
  accept: "Agree to the return; the customer is told.",
  awaitPackage: "Wait for the customer to send the goods back.",
  markDispatched: "The customer's package is on its way.",
  markReceived: "The package has arrived at the store.",
  cancelItems: "Cancel the returned units instead of taking goods back.",
  solve: "The matter is settled.",
  decline: "Refuse the return; its units are released.",
};

/**
 * The store's moves the return takes now: those the transitions table allows from its status whose guard passes.
 * The store's guards look only at the resolution (goods sent back or items canceled), which the return carries.
 */
export function movesOf(r: Return): StoreMove[] {
  const facts = { statusId: r.statusId, resolution: r.item.resolution, quantity: r.item.quantity, expired: r.isExpired, unitsFree: r.item.quantity };
  return STORE_MOVES.filter((m) => canTake(m, facts));
}

/** "accepted", "marked as received": the table's own words for a move done. */
export const pastOf = (m: StoreMove) => RETURN_TRANSITIONS[m].verb;

export const resolutionText = (resolution: string) => (resolution === "cancel_items" ? "cancel items" : resolution === "return" ? "send back" : resolution.replace(/_/g, " "));
