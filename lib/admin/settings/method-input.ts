// The pure pieces of the shipping and payment method input (./methods.ts), which the admin panel's form checks
// with too: the fields every method takes and the config each shipping carrier computes with.
import { z } from "zod";
import { boolParam, intParam, numberParam } from "../../operations/fields.ts";

/** Title, active and sort order; ./methods.ts adds the description, cleaned as store text. */
export const METHOD_FIELDS = {
  title: z.string().trim().min(1, { message: "is required" }).max(255).optional(),
  active: boolParam().optional(),
  sortOrder: intParam().pipe(z.int().min(0).max(1e6)).optional(),
};

/** A carrier's `config`, by the code of the carrier the checkout computes (lib/checkout/shipping.ts). */
export const CARRIER_CONFIG: Record<string, z.ZodType> = {
  flatrate: z.object({ rate: numberParam().pipe(z.number().min(0)), type: z.enum(["per_item", "per_order"], { message: "must be per_item or per_order" }) }).strict(),
  free: z.object({ threshold: numberParam().pipe(z.number().min(0)) }).strict(),
};
