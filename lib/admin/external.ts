// A connector's own ids and notes on records (issue 34): `externalId`, unique per resource (products and their
// variants, customers, orders), and `metadata`, string keys to string values (as Stripe's metadata). Lists look
// records up exactly by `sku`, `email` or `external_id`; a substring search has its own parameter, `q`.
import { z } from "zod";
import type { Prisma } from "../generated/sqlite/client.ts";
import { provider } from "../db/client.ts";
import { Validation } from "../errors.ts";

export const MAX_METADATA_KEYS = 50;
export const MAX_METADATA_KEY = 40;
export const MAX_METADATA_VALUE = 500;

/** An external id as sent: 1 to 191 characters, no control characters; `null` clears it (on updates). */
export const externalIdField = () =>
  z
    .string()
    .trim()
    .min(1, { message: "must not be empty (send null to clear it)" })
    .max(191)
    .regex(/^[^\p{Cc}]+$/u, { message: "must not contain control characters" });

const metadataKey = z.string().min(1, { message: "keys must not be empty" }).max(MAX_METADATA_KEY, { message: `keys have at most ${MAX_METADATA_KEY} characters` });

/** Metadata as a record is created with it: an object of string values. */
export const metadataField = () =>
  z
    .record(metadataKey, z.string().max(MAX_METADATA_VALUE, { message: `values have at most ${MAX_METADATA_VALUE} characters` }))
    .refine((m) => Object.keys(m).length <= MAX_METADATA_KEYS, { message: `has at most ${MAX_METADATA_KEYS} keys` });

/**
 * Metadata as an update sends it, a JSON merge patch (RFC 7396): each key given is set, a key given as `null` is
 * removed, keys not given are kept. `null` for the whole object removes every key.
 */
export const metadataPatchField = () =>
  z.record(metadataKey, z.string().max(MAX_METADATA_VALUE, { message: `values have at most ${MAX_METADATA_VALUE} characters` }).nullable());

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
