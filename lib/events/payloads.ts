// Helpers for the writers of change events (./record.ts): an event typed by its type, and the `changed` list of a
// payload (./types.ts), the names of the fields a write was given. Names only, never values, so a new password is
// told as `password` and nothing more.
import type { EventType } from "./types.ts";
import type { EventInput, NewEvent } from "./record.ts";

/**
 * One event for `recordEvents`, its payload checked against its type's (a list mixes types). The cast: NewEvent's
 * payload over the union of types keeps only the keys all payloads share, which TypeScript cannot prove of EventInput<T>.
 */
export const newEvent = <T extends EventType>(type: T, data: EventInput<T>): NewEvent => ({ type, data }) as NewEvent;

/** What an input may carry that is not a field of the record: a path id, confirmations, the proof of the old password. */
const NOT_FIELDS = new Set(["id", "confirmPassword", "passwordConfirmation", "currentPassword"]);

/**
 * The keys of `input` that hold a value (a key set to `undefined` was not given), in the input's order, less those
 * that are no field of the record; `rename` gives a key its record's name (the shop's `subscribedToNewsLetter`).
 */
export function changedFields(input: object, rename: Record<string, string> = {}): string[] {
  const names = Object.entries(input)
    .filter(([key, value]) => value !== undefined && !NOT_FIELDS.has(key))
    .map(([key]) => rename[key] ?? key);
  return [...new Set(names)];
}
