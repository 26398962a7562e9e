// A connector's own ids and notes on records (issue 34): `externalId`, unique per resource (products and their
// variants, customers, orders), and `metadata`, string keys to string values (as Stripe's metadata). Lists look
// records up exactly by `sku`, `email` or `external_id`; a substring search has its own parameter, `q`.
import type { Prisma } from "../generated/sqlite/client.ts";
import { provider } from "../db/client.ts";
import { Validation } from "../errors.ts";
import { MAX_METADATA_KEYS } from "./external-fields.ts";

// The input fields are pure zod, in a module of their own that the admin panel's forms import too.
export { externalIdField, metadataField, metadataPatchField } from "./external-fields.ts";

export type Metadata = Record<string, string>;

/** The stored metadata as answered: always an object. */
export function metadataOf(stored: Prisma.JsonValue | null | undefined): Metadata {
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return {};
  return Object.fromEntries(Object.entries(stored).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/**
 * The metadata after an update's patch (a 422 on `metadata` when it would hold more keys than the limit). `patch`
 * undefined: unchanged (returns undefined); null: cleared.
 */
export function patchedMetadata(stored: Prisma.JsonValue | null | undefined, patch: Record<string, string | null> | null | undefined): Metadata | undefined {
  if (patch === undefined) return undefined;
  if (patch === null) return {};
  const next = metadataOf(stored);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  if (Object.keys(next).length > MAX_METADATA_KEYS) throw Validation.field("metadata", `has at most ${MAX_METADATA_KEYS} keys`);
  return next;
}

/** A case-insensitive substring condition for Prisma (SQLite's LIKE is case-insensitive for ASCII already). */
export const substring = (text: string) => (provider() === "postgresql" ? { contains: text, mode: "insensitive" as const } : { contains: text });
