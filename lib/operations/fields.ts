// Input field helpers. REST query strings arrive as text, GraphQL arguments typed; these accept both.
import { z } from "zod";

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** An integer that may arrive as a string (`?page=2`). */
export const intParam = () =>
  z.preprocess((v) => {
    const b = blankToUndefined(v);
    return typeof b === "string" && /^-?\d+$/.test(b.trim()) ? Number(b) : b;
  }, z.int());

/** A decimal number that may arrive as a string. */
export const numberParam = () =>
  z.preprocess((v) => {
    const b = blankToUndefined(v);
    return typeof b === "string" && b.trim() !== "" && !Number.isNaN(Number(b)) ? Number(b) : b;
  }, z.number());

/** `1`, `true`, `0`, `false` as text or a real boolean. */
export const boolParam = () =>
  z.preprocess((v) => {
    const b = blankToUndefined(v);
    if (b === "1" || b === "true" || b === 1) return true;
    if (b === "0" || b === "false" || b === 0) return false;
    return b;
  }, z.boolean());

/** Ids are 32-bit integer columns; a larger number would make PostgreSQL fail the query instead of finding nothing. */
const MAX_ID = 2_147_483_647;

/** A record id given as a number, a numeric string or a GraphQL IRI (`/api/shop/products/7`). */
export const recordId = () =>
  z.preprocess((v) => {
    if (typeof v === "string") {
      const m = /^(?:\/api\/[\w/-]+\/)?(\d{1,12})$/.exec(v.trim());
      return m ? Number(m[1]) : v;
    }
    return v;
  }, z.int().positive({ message: "must be a positive integer id" }).max(MAX_ID, { message: "is not a valid id" }));

export const email = () => z.string().trim().toLowerCase().pipe(z.email({ message: "must be a valid email address" }));

/** Non-empty trimmed text with a length cap, the default for free-text fields. */
export const text = (max = 255) => z.string().trim().min(1, { message: "is required" }).max(max);
