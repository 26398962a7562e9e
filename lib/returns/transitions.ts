// The return (RMA) state machine as one table: for each action, who takes it, the states it may start from,
// where it leads and the guard that may still refuse it. Every status change and every `canClose`/`canReopen`
// flag is read from this table, so no handler tests statuses by hand. The from/to part runs on the store's one
// state machine helper; the guards and the 400 wording are the return's own (SPEC.md).
import { BadRequest } from "../errors.ts";
import { stateMachine } from "../operations/state-machine.ts";
import { RETURN_STATUSES, STATUS as S } from "./statuses.ts";

/** A canceled or declined return holds no units: they go back into the line's `currentQuantity`. */
const RELEASED: readonly number[] = [S.canceled, S.declined];

export function holdsUnits(statusId: number): boolean {
  return !RELEASED.includes(statusId);
}

/** What a guard may look at. */
export interface ReturnFacts {
  statusId: number;
  resolution: string;
  quantity: number;
  /** The line's return window has passed. */
  expired: boolean;
  /** Units of the line free for this return's resolution, not counting the units this return holds itself. */
  unitsFree: number;
}

/** A guard answers why the action is refused, or null when it may go ahead. */
type Guard = (f: ReturnFacts) => string | null;

interface Move {
  by: "customer" | "store";
  from: readonly number[];
  /** The next status; `stay` for actions that only add to the thread. */
  to: number | "stay";
  guard?: Guard;
  /** Past participle for messages: "cannot be <verb> in its current state". */
  verb: string;
}

const ALL: readonly number[] = RETURN_STATUSES.map((s) => s.id);
/** Every state in which the matter is still open. */
const OPEN: readonly number[] = [S.pending, S.accepted, S.awaiting, S.dispatched_package, S.received_package, S.item_canceled];

const shipsGoodsBack: Guard = (f) => (f.resolution === "return" ? null : "it cancels items, nothing is sent back");
const cancelsItems: Guard = (f) => (f.resolution === "cancel_items" ? null : "it returns goods, it does not cancel items");
const canHoldUnitsAgain: Guard = (f) =>
  f.expired ? "its return window has passed" : f.unitsFree < f.quantity ? "its units are now taken by another return" : null;

export const RETURN_TRANSITIONS = {
  /** The customer withdraws the return before the package is on its way. */
  cancel: { by: "customer", from: [S.pending, S.accepted, S.awaiting], to: S.canceled, verb: "canceled" },
  /** The customer declares the matter settled (SPEC.md: → Solved, with a note in the thread). */
  close: { by: "customer", from: OPEN, to: S.solved, verb: "closed" },
  /** SPEC.md: canceled or declined → Pending while `canReopen`. */
  reopen: { by: "customer", from: [S.canceled, S.declined], to: S.pending, guard: canHoldUnitsAgain, verb: "reopened" },
  message: { by: "customer", from: ALL, to: "stay", verb: "messaged" },
  accept: { by: "store", from: [S.pending], to: S.accepted, verb: "accepted" },
  decline: { by: "store", from: [S.pending, S.accepted, S.awaiting], to: S.declined, verb: "declined" },
  /** The store waits for the customer to send the goods back. */
  awaitPackage: { by: "store", from: [S.accepted], to: S.awaiting, guard: shipsGoodsBack, verb: "set to await the package" },
  markDispatched: { by: "store", from: [S.awaiting], to: S.dispatched_package, guard: shipsGoodsBack, verb: "marked as dispatched" },
  markReceived: { by: "store", from: [S.accepted, S.awaiting, S.dispatched_package], to: S.received_package, guard: shipsGoodsBack, verb: "marked as received" },
  cancelItems: { by: "store", from: [S.accepted], to: S.item_canceled, guard: cancelsItems, verb: "marked as items canceled" },
  solve: { by: "store", from: [S.accepted, S.received_package, S.item_canceled], to: S.solved, verb: "solved" },
  reply: { by: "store", from: ALL, to: "stay", verb: "replied to" },
} as const satisfies Record<string, Move>;

export type ReturnAction = keyof typeof RETURN_TRANSITIONS;
export const RETURN_ACTIONS = Object.keys(RETURN_TRANSITIONS) as ReturnAction[];

const byAction = <T>(f: (move: Move) => T) => Object.fromEntries(RETURN_ACTIONS.map((a) => [a, f(RETURN_TRANSITIONS[a])])) as Record<ReturnAction, T>;

/** The table as from → to moves; an action that only adds to the thread leads back to where it started. */
const MOVES = stateMachine<number, ReturnAction>(
  byAction((m) => Object.fromEntries(m.from.map((s) => [s, m.to === "stay" ? s : m.to]))),
  { subject: "A return", past: byAction((m) => m.verb) },
);

/** Why `action` is refused for a return with these facts, or null when it is allowed. */
export function refusal(action: ReturnAction, facts: ReturnFacts): string | null {
  if (!MOVES.can(facts.statusId, action)) return "in its current state";
  const move: Move = RETURN_TRANSITIONS[action];
  const why = move.guard?.(facts);
  return why ? `because ${why}` : null;
}

export function canTake(action: ReturnAction, facts: ReturnFacts): boolean {
  return refusal(action, facts) === null;
}

/** The status `action` leads to; a 400 saying why when the table or a guard refuses it. */
export function nextStatus(action: ReturnAction, facts: ReturnFacts): number {
  const move: Move = RETURN_TRANSITIONS[action];
  const why = refusal(action, facts);
  if (why !== null) throw new BadRequest(`This return cannot be ${move.verb} ${why}.`, "invalid_transition");
  return MOVES.next(facts.statusId, action);
}
