// Shapes and argument helpers shared by the account's record types.
import { z } from "zod";
import { BadRequest } from "../errors.ts";
import { camel } from "../wire/case.ts";
import { recordId } from "../operations/fields.ts";

/**
 * A record id inside a mutation's `input` that may be the record's IRI (what the family's clients read from a list's
 * `id`, e.g. `/api/shop/wishlists/7`) or its number. GraphQL shows it as the free-form `Iterable` scalar, since an
 * input field typed `Int` would refuse the IRI before the operation sees it; the value must still be a valid id.
 */
export const recordRef = () =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const parsed = recordId().safeParse(v);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
    return z.NEVER;
  });

/** GraphQL arguments of an account list: its own fields, SPEC.md's JSON `filter` and, when it sorts, `sortKey` and `reverse`. */
export function listArgs<S extends z.ZodRawShape>(shape: S, opts: { sortable?: boolean } = {}) {
  const filter = { filter: z.string().optional() };
  return opts.sortable
    ? z.object({ ...shape, ...filter, sortKey: z.string().optional(), reverse: z.boolean().optional() })
    : z.object({ ...shape, ...filter });
}

/**
 * Maps list arguments to the REST spelling of the input: `filter` keys (snake or camel case) and direct
 * arguments as they are; `sortKey` through `sortKeys` (`CREATED_AT` → `created_at`) with `order` asc, or desc
 * when `reverse` is true, as on the product list.
 */
export function fromListArgs(args: Record<string, unknown>, sortKeys: Record<string, string>): Record<string, unknown> {
  const { sortKey, reverse, filter, ...direct } = args;
  const out: Record<string, unknown> = {};
  if (typeof filter === "string") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(filter);
    } catch {
      throw new BadRequest("filter must be a JSON-encoded object.");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new BadRequest("filter must be a JSON-encoded object.");
    for (const [k, v] of Object.entries(parsed)) out[camel(k)] = v;
  }
  Object.assign(out, direct);
  if (typeof sortKey === "string") {
    const sort = sortKeys[sortKey.toUpperCase()];
    if (!sort) throw new BadRequest(`sortKey must be one of ${Object.keys(sortKeys).join(", ")}.`);
    out.sort = sort;
    out.order = reverse ? "desc" : "asc";
  } else if (typeof reverse === "boolean") {
    out.order = reverse ? "asc" : "desc";
  }
  return out;
}
