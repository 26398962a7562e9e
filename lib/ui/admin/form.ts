"use client";
// Forms check what a person typed with the zod schema the Admin API parses the same input with (imported from the
// operation's own pure schema module), so the panel and the API cannot disagree, and show the API's own field
// errors (a 422's `errors`) next to the same fields when the server refuses what passed here.
import type { z } from "zod";
import { ApiError } from "../api-error";

export type FieldErrors = Record<string, string[]>;

/** The field errors of `value` under `schema`, keyed as the API keys them (`items.0.qty`); empty when it parses. */
export function check<S extends z.ZodType>(schema: S, value: unknown): { value: z.output<S>; errors: null } | { value: null; errors: FieldErrors } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { value: parsed.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) (errors[issue.path.map(String).join(".") || "body"] ??= []).push(issue.message);
  return { value: null, errors };
}

/** The messages for `field`: the form's own check first, else the server's answer to the last attempt. */
export function errorsFor(field: string, local: FieldErrors | null, serverError: unknown): string[] | undefined {
  return local?.[field] ?? (serverError instanceof ApiError ? serverError.fields[field] : undefined);
}
