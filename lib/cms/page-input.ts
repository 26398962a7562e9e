// The translated fields of a CMS page as the Admin API takes them, pure zod: the page declarations (./admin.ts)
// parse with them and the panel's page form checks with them. The HTML is cleaned on the way in (./sanitize.ts),
// so what the form previews is what the store keeps.
import { z } from "zod";
import { recordId } from "../operations/fields.ts";
import { nullableText } from "../admin/input.ts";
import { sanitizeHtml } from "./sanitize.ts";
import { IfMatchArg } from "../admin/precondition.ts";

const slug = z
  .string({ message: "is required" })
  .trim()
  .min(1, { message: "is required" })
  .max(191)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "must be lowercase letters, digits and single hyphens (a slug)" });
const html = z
  .string({ message: "is required" })
  .max(500_000)
  .transform((v) => sanitizeHtml(v))
  .pipe(z.string().trim().min(1, { message: "is required (and must keep some content once cleaned)" }));

export const TranslatedFields = z.object({
  urlKey: slug,
  pageTitle: z.string({ message: "is required" }).trim().min(1, { message: "is required" }).max(255),
  htmlContent: html,
  metaTitle: nullableText(255),
  metaDescription: nullableText(1000),
  metaKeywords: nullableText(1000),
});

export const channelIds = z
  .array(recordId(), { message: "must be an array of channel ids" })
  .min(1, { message: "must name at least one channel" })
  .max(100);

/** A new page: its fields, applied to every locale of the store, its channels and layout. */
export const CreatePageInput = TranslatedFields.extend({ channels: channelIds, layout: nullableText(50) });

/** One locale of a page written, its channels replaced (`updateAdminCmsPage`; REST names the block by the locale). */
export const UpdatePageInput = z.object({
  id: recordId(),
  locale: z.string({ message: "is required" }).trim().min(1, { message: "is required" }).max(20),
  channels: channelIds,
  translation: z.object(TranslatedFields.shape, {
    message: 'is required: the block named by `locale` (REST: "<locale>": { url_key, page_title, html_content })',
  }),
  layout: nullableText(50),
  ifMatch: IfMatchArg,
});
