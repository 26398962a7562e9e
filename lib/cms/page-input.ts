// The translated fields of a CMS page as the Admin API takes them, pure zod and light enough for the browser: the
// panel's page form checks with them, and the page declarations (./admin.ts) parse with the same rules plus the
// cleaning of the HTML (./sanitize.ts, sanitize-html), which runs on the server only, on the way in. The form's
// preview shows the content as the server cleans it (`previewAdminCmsPageContent`).
import { z } from "zod";
import { recordId } from "../operations/fields.ts";
import { nullableText } from "../admin/text-input.ts";
import { IfMatchArg } from "../admin/precondition.ts";

const slug = z
  .string({ message: "is required" })
  .trim()
  .min(1, { message: "is required" })
  .max(191)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "must be lowercase letters, digits and single hyphens (a slug)" });

/** A page's HTML as it arrives, before any cleaning. */
export const PageHtml = z.string({ message: "is required" }).max(500_000);

export const channelIds = z
  .array(recordId(), { message: "must be an array of channel ids" })
  .min(1, { message: "must name at least one channel" })
  .max(100);

/** The create and update inputs, around `htmlContent`: the form's plain check or the server's cleaning one. */
export function pageInputs<H extends z.ZodType<string, string>>(htmlContent: H) {
  const TranslatedFields = z.object({
    urlKey: slug,
    pageTitle: z.string({ message: "is required" }).trim().min(1, { message: "is required" }).max(255),
    htmlContent,
    metaTitle: nullableText(255),
    metaDescription: nullableText(1000),
    metaKeywords: nullableText(1000),
  });
  return {
    /** A new page: its fields, applied to every locale of the store, its channels and layout. */
    create: TranslatedFields.extend({ channels: channelIds, layout: nullableText(50) }),
    /** One locale of a page written, its channels replaced (`updateAdminCmsPage`; REST names the block by the locale). */
    update: z.object({
      id: recordId(),
      locale: z.string({ message: "is required" }).trim().min(1, { message: "is required" }).max(20),
      channels: channelIds,
      translation: z.object(TranslatedFields.shape, {
        message: 'is required: the block named by `locale` (REST: "<locale>": { url_key, page_title, html_content })',
      }),
      layout: nullableText(50),
      ifMatch: IfMatchArg,
    }),
  };
}

/** What the panel's form checks before it sends: every rule but the cleaning, which only the server does. */
export const PageForms = pageInputs(PageHtml.pipe(z.string().trim().min(1, { message: "is required" })));
