// Optional store HTML (product and category descriptions) as the Admin API's inputs take it, cleaned on the way in
// (lib/cms/sanitize.ts). Apart from ./text-input.ts because the cleaner is sanitize-html: only the forms that check
// such a field carry it to the browser, not every form that takes optional text.
import { z } from "zod";
import { sanitizeHtml } from "../cms/sanitize.ts";

/** Optional store HTML (a description): cleaned of scripts and unsafe attributes on the way in. */
export const nullableHtml = (max = 100_000) =>
  z.preprocess((v) => (v === "" ? null : v), z.string().trim().max(max).nullable().transform((v) => (v === null ? v : sanitizeHtml(v)))).optional();
