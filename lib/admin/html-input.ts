// Optional store HTML (product and category descriptions) as the Admin API's inputs take it, cleaned on the way in
// (lib/cms/sanitize.ts). Apart from ./text-input.ts because the cleaner is sanitize-html, and server only: the input
// modules build their schemas around the HTML field (./catalog/product-input.ts `productInputs`, ./catalog/category-input.ts
// `categoryInputs`), the operations with this one, the panel's forms with `nullableText`, the same rules uncleaned.
import { z } from "zod";
import { sanitizeHtml } from "../cms/sanitize.ts";

/** Optional store HTML (a description): cleaned of scripts and unsafe attributes on the way in. */
export const nullableHtml = (max = 100_000) =>
  z.preprocess((v) => (v === "" ? null : v), z.string().trim().max(max).nullable().transform((v) => (v === null ? v : sanitizeHtml(v)))).optional();
