// The add-to-cart input as the family's clients send it. Its storefront sends bundle and grouped choices as JSON
// text in `String` variables (`bundleOptions: "{\"3\":[\"7\"]}"`) and downloadable links as an `Iterable` list;
// REST clients send the same choices as JSON objects. One field accepts both forms; GraphQL declares the scalar the
// storefront's documents name (`meta({ scalar })`, lib/graphql/zod-types.ts).
import { z } from "zod";
import { recordId } from "../operations/fields.ts";

/** JSON text longer than this is no cart choice. */
const MAX_JSON_TEXT = 20_000;

/** A value given as itself or as JSON text; blank text is no value; text that is not JSON is a 422. */
function parseJsonText(value: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  if (text.length > MAX_JSON_TEXT) {
    ctx.addIssue({ code: "custom", message: `must be at most ${MAX_JSON_TEXT} characters of JSON` });
    return z.NEVER;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: "custom", message: "must be a JSON object (or JSON text of one)" });
    return z.NEVER;
  }
}

const idOrText = z.union([z.int(), z.string()]);

/** `{ key: value }` as an object or as JSON text of one. */
const jsonRecord = <V extends z.ZodType>(value: V) =>
  z.preprocess(parseJsonText, z.record(z.string(), value, { message: "must be a JSON object (or JSON text of one)" }).meta({ scalar: "String" })).optional();

export const addToCartChoices = {
  /** Downloadable: the chosen link ids, as a list or JSON text of one. */
  links: z.preprocess(parseJsonText, z.array(recordId()).max(50).meta({ scalar: "Iterable" })).optional(),
  /** Grouped product: `{ associated product id: quantity }`; each product with a quantity above 0 becomes its own line. */
  groupedQty: jsonRecord(idOrText),
  /** Bundle: `{ option id: [option product id, …] }` (one id for a radio or select option). */
  bundleOptions: jsonRecord(z.union([z.int(), z.string(), z.array(idOrText).max(50)])),
  /** Bundle: `{ option id: quantity }` for a single-choice option whose product lets the shopper set it. */
  bundleOptionQty: jsonRecord(idOrText),
  /**
   * Booking choices (JSON text) and note. This store sells no booking products: like the family, a product of
   * another type ignores them.
   */
  booking: z.string().max(MAX_JSON_TEXT).optional(),
  bookingNote: z.string().max(2000).optional(),
};
