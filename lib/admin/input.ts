// Input helpers of the Admin API: nested snake_case keys, list sorting, permission bounds on grants.
import { z } from "zod";
import type { RequestContext } from "../context.ts";
import { adminPrincipal } from "../context.ts";
import { Forbidden, Validation } from "../errors.ts";
import { camel } from "../wire/case.ts";

/**
 * `url_key` and `urlKey` both arrive as `urlKey`, at every depth (WIRE.md: REST inputs accept both spellings).
 * Keys already camelCased win; keys that are codes (`en`, `fr`, `pt_BR`) are left as they are by `camel`.
 */
export function deepCamel(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deepCamel);
  if (value === null || typeof value !== "object" || value instanceof File || value instanceof Date) return value;
  const raw = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const c = camel(k);
    // `metadata` is the caller's own map (lib/admin/external.ts): its keys are kept as sent.
    if (c === k || !(c in raw)) out[c] = c === "metadata" ? v : deepCamel(v);
  }
  return out;
}

export interface SortSpec {
  /** Sort key as clients spell it (`created_at`) → Prisma orderBy for a direction. */
  fields: Record<string, (dir: "asc" | "desc") => object>;
  /** e.g. `-id`: newest first. */
  default: string;
}

/** `sort=name`, `sort=-name`, `sort=name-desc` or `sort=name&order=desc`; an unknown field is a 422 naming the choices. */
export function orderBy(spec: SortSpec, sort: string | undefined, order: "asc" | "desc" | undefined): object[] {
  const text = (sort ?? spec.default).trim();
  let field = text;
  let dir: "asc" | "desc" = order ?? "asc";
  const suffix = /^(.+?)[-:](asc|desc)$/i.exec(text);
  if (text.startsWith("-")) {
    field = text.slice(1);
    dir = "desc";
  } else if (suffix) {
    field = suffix[1];
    dir = suffix[2].toLowerCase() as "asc" | "desc";
  }
  const key = Object.keys(spec.fields).find((k) => k === field || camel(k) === field);
  if (!key) throw Validation.field("sort", `sort must be one of ${Object.keys(spec.fields).join(", ")} (prefix - or suffix -desc for descending).`);
  const primary = spec.fields[key](dir);
  return key === "id" ? [primary] : [primary, { id: dir }];
}

const isInstant = (v: string) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(v) && !Number.isNaN(Date.parse(v));
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
const instantText = () =>
  z.string().trim().refine(isInstant, { message: "must be an ISO 8601 date or date-time with offset, e.g. 2026-01-31 or 2026-01-31T09:30:00Z" });

/** An instant in ISO 8601: a date (midnight UTC) or a date and time with its offset. */
const instant = () => instantText().transform((v) => new Date(v));

/**
 * The end of a range, inclusive: a date takes in that whole day (UTC), a date-time that very instant. Parsed to the
 * first instant after the range, so the condition is `< end`.
 */
export const instantUntil = () => instantText().transform((v) => new Date(Date.parse(v) + (isDay(v) ? 86_400_000 : 1)));

/** What changed since: admin lists of records that keep their times (./resource.ts `changes`). */
export const ChangeArgs = z.object({
  updatedSince: instant().optional().describe("Only records changed at or after this instant (ISO 8601)."),
  createdSince: instant().optional().describe("Only records created at or after this instant (ISO 8601)."),
});

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A list's filters, each stating how it matches: a filter that does not say (an id, a status, a flag, a code) is an
 * exact match; the ones matching a substring say so in their own description.
 */
export function exactFilters<S extends z.ZodRawShape>(shape: S): S {
  const described = (schema: z.ZodType) => (schema.description ? schema : schema.describe("Exact match."));
  // Same keys, same schemas: only their descriptions are added.
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, described(schema as z.ZodType)])) as unknown as S;
}

/**
 * A list's query as an object that refuses what it does not know: a misspelt filter (`created_at_from`) is a 422
 * naming it and the parameters the list takes, never the whole list as if unfiltered.
 */
export function listInput<S extends z.ZodRawShape>(shape: S) {
  const known = [...Object.keys(shape).map(snake), "page", "per_page"].join(", ");
  return z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? `unknown parameter ${issue.keys.map(snake).join(", ")}; this list takes ${known}` : undefined),
  });
}

const SortOrder = z.enum(["asc", "desc"], { message: "order must be asc or desc" }).optional();

/**
 * A list's `sort` and `order` as the list takes them: `sort` one of its fields, ascending, or descending with `-`
 * before it (`-created_at`) or `-desc` after it (`created_at-desc`, and `-asc` for ascending); anything else is a 422
 * naming the choices. `order` turns a field without a direction.
 */
export function sortArgs(spec: SortSpec) {
  const fields = Object.keys(spec.fields);
  const values = fields.flatMap((f) => [f, `-${f}`, `${f}-asc`, `${f}-desc`]) as [string, ...string[]];
  const message = `sort must be one of ${fields.join(", ")} (prefix - or suffix -desc for descending).`;
  const list = fields.map((f) => `\`${f}\``).join(", ");
  return z.object({
    sort: z
      .preprocess((v) => (typeof v === "string" ? v.trim() : v), z.enum(values, { error: () => message }))
      .optional()
      .meta({ description: `Sort field: ${list}; \`-\` before it (\`-${fields[0]}\`) or \`-desc\` after it sorts descending. Default \`${spec.default}\`.` }),
    order: SortOrder.meta({ description: "Direction of a `sort` field given without one." }),
  });
}

/** Refuses a grant wider than what the calling token may do itself (no escalation through roles or tokens). */
export function assertCanGrant(ctx: RequestContext, permissions: "all" | readonly string[]): void {
  const mine = adminPrincipal(ctx).permissions;
  if (mine === "all") return;
  if (permissions === "all") throw new Forbidden("Only a token with full access can grant full access.");
  const beyond = permissions.filter((p) => !mine.has(p));
  if (beyond.length) throw new Forbidden(`This token cannot grant permissions it does not hold: ${beyond.join(", ")}.`);
}

/** What holding a role gives: `all`, or its list of permissions. */
export function rolePermissions(role: { permissionType: string; permissions: unknown }): "all" | string[] {
  if (role.permissionType === "all") return "all";
  return Array.isArray(role.permissions) ? role.permissions.filter((p): p is string => typeof p === "string") : [];
}

/**
 * Refuses to act on an admin (or on a role admins hold) broader than the calling token: whoever could change
 * such an account's password could sign in as it and use all it holds.
 */
export function assertCovers(ctx: RequestContext, role: { permissionType: string; permissions: unknown }, what: string): void {
  try {
    assertCanGrant(ctx, rolePermissions(role));
  } catch (e) {
    if (e instanceof Forbidden) throw new Forbidden(`This token cannot change ${what} that holds permissions it does not hold itself.`);
    throw e;
  }
}

/** A PATCH must change something. */
export function assertSomeField(input: Record<string, unknown>, ignore: string[] = ["id"]): void {
  if (!Object.keys(input).some((k) => !ignore.includes(k) && input[k] !== undefined)) {
    throw new Validation("Give at least one field to change.", { body: ["Give at least one field to change."] });
  }
}

// Pure, in a module of its own that the admin panel's forms import too (store HTML, cleaned on the way in, is
// ./html-input.ts's: it carries the cleaner).
export { nullableText } from "./text-input.ts";
