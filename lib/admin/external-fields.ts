// The input fields of a connector's own ids and notes (./external.ts says what they are for): pure zod, so that the
// admin panel's forms check them with the very schemas the Admin API parses them with.
import { z } from "zod";

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
