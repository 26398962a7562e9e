// A new password is confirmed under either name the family's clients send: `confirmPassword` (registration and the
// profile, documented as primary) or `passwordConfirmation` (the password reset's, Laravel's name). Each operation that
// takes a new password accepts both, so a client need not learn which call spells it which way.
import { z } from "zod";
import { Validation } from "../errors.ts";

export const confirmationFields = {
  confirmPassword: z.string().max(128).optional()
    .describe("The new password again (required with one). The primary name; `passwordConfirmation` is accepted in its place."),
  /** The same as `confirmPassword`, by its other name. */
  passwordConfirmation: z.string().max(128).optional()
    .describe("An accepted alias of `confirmPassword` (the password reset's name in Laravel clients); give either."),
};

export interface Confirmed {
  password: string;
  confirmPassword?: string;
  passwordConfirmation?: string;
}

/**
 * The refinement that makes one of the two names required, reported on `field` (the operation's documented name)
 * beside the other missing fields of the same input: `schema.refine(...confirmationRequired("confirmPassword"))`.
 */
export function confirmationRequired(field: "confirmPassword" | "passwordConfirmation") {
  const given = (v: unknown) => typeof v === "object" && v !== null && ("confirmPassword" in v || "passwordConfirmation" in v);
  const check = (v: unknown) => given(v) && ((v as Confirmed).confirmPassword !== undefined || (v as Confirmed).passwordConfirmation !== undefined);
  const params: { path: PropertyKey[]; message: string; when: () => boolean } = { path: [field], message: "is required", when: () => true };
  return [check, params] as const;
}

/**
 * 422 when the confirmation differs from `password`, on the name the client sent it under (so a form shows it under
 * its own field), or when it is missing, on `field` (the operation's documented name).
 */
export function assertConfirmed(input: Confirmed, field: "confirmPassword" | "passwordConfirmation"): void {
  const other = field === "confirmPassword" ? "passwordConfirmation" : "confirmPassword";
  const sent = input[field] !== undefined ? field : input[other] !== undefined ? other : null;
  if (sent === null) throw Validation.field(field, "is required");
  if (input[sent] !== input.password) throw Validation.field(sent, "The password confirmation does not match.");
}
