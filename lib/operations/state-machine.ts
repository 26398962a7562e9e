// The one status machine of the store's records (orders, returns, GDPR requests, EU withdrawals, reviews): a table
// gives, for each event, the statuses it may start from and the status each leads to. Handlers ask the machine
// instead of testing statuses by hand, and a refused move is the same 409 everywhere (returns put their guards and
// SPEC.md's 400 in front of it: lib/returns/transitions.ts).
import { Conflict } from "../errors.ts";

/** For each event: from-status → to-status. A status missing under an event cannot take it. */
export type MoveTable<S extends string | number, E extends string> = Record<E, Partial<Record<S, S>>>;

/** Statuses arrive from the database as plain strings (or ids); the table says which of them may move. */
type Stored<S> = S extends number ? number : string;

export interface StateMachine<S extends string | number, E extends string> {
  can: (status: Stored<S>, event: E) => boolean;
  /** The status `event` leads to from `status`; a 409 naming both when the table has no such move. */
  next: (status: Stored<S>, event: E) => S;
  /** The events allowed from `status`, in the table's order (for clients that show the next possible actions). */
  events: (status: Stored<S>) => E[];
}

/**
 * `subject` and `past` word the refusal: "An order" and `{ ship: "shipped" }` give
 * "An order that is canceled cannot be shipped."
 */
export function stateMachine<S extends string | number, E extends string>(
  table: MoveTable<S, E>,
  words: { subject: string; past: Record<E, string> },
): StateMachine<S, E> {
  const to = (status: Stored<S>, event: E): S | undefined => table[event][status as unknown as S];
  const can = (status: Stored<S>, event: E) => to(status, event) !== undefined;
  return {
    can,
    next: (status, event) => {
      const next = to(status, event);
      if (next === undefined) throw new Conflict(`${words.subject} that is ${status} cannot be ${words.past[event]}.`);
      return next;
    },
    events: (status) => (Object.keys(table) as E[]).filter((e) => can(status, e)),
  };
}
