// Optional text and store HTML as the Admin API's inputs take them: pure zod (and the HTML cleaner), so that the
// admin panel's forms check with the same schemas the operations parse with.
import { z } from "zod";
import { sanitizeHtml } from "../cms/sanitize.ts";

/** Optional text that may be cleared with null or "". */
export const nullableText = (max = 255) =>
  z.preprocess((v) => (v === "" ? null : v), z.string().trim().max(max).nullable()).optional();

/** Optional store HTML (a description): cleaned of scripts and unsafe attributes on the way in. */
export const nullableHtml = (max = 100_000) =>
  z.preprocess((v) => (v === "" ? null : v), z.string().trim().max(max).nullable().transform((v) => (v === null ? v : sanitizeHtml(v)))).optional();
