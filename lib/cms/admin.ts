// CMS pages over the Admin API (SPEC.md "CMS page (admin)" and "CMS page update").
// Read and update share one shape: the page, its channel ids, and one block per locale keyed by locale code with
// the fields spelled as the update takes them (`url_key`, `page_title`, `html_content`, `meta_*`). An update writes
// one locale block and replaces the channels; create applies top-level fields to every locale. A changed url_key
// leaves a permanent 301 redirect behind, which outlives the page.
import { z } from "zod";
import type { RequestContext } from "../context.ts";
import { operation } from "../operations/define.ts";
import { intParam } from "../operations/fields.ts";
import { NotFound, Validation } from "../errors.ts";
import { adminResource } from "../admin/resource.ts";
import { deepCamel } from "../admin/input.ts";
import { PageHtml, pageInputs } from "./page-input.ts";
import { recordPageRedirect } from "./redirects.ts";
import { sanitizeHtml } from "./sanitize.ts";

/**
 * The HTML of a page as the store keeps it: cleaned on the way in (scripts, event attributes and unsafe URLs go), and
 * refused when nothing is left. Only here, on the server: the panel's form checks the same fields without it.
 */
const CleanedHtml = PageHtml.transform((v) => sanitizeHtml(v)).pipe(
  z.string().trim().min(1, { message: "is required (and must keep some content once cleaned)" }),
);
const { create: CreatePageInput, update: UpdatePageInput } = pageInputs(CleanedHtml);

const LocaleBlock = z
  .object({
    url_key: z.string(),
    page_title: z.string(),
    html_content: z.string(),
    meta_title: z.string().nullable(),
    meta_description: z.string().nullable(),
    meta_keywords: z.string().nullable(),
  })
  .meta({ id: "AdminCmsPageLocaleBlock" });

const Translation = z
  .object({
    id: z.int(),
    locale: z.string(),
    urlKey: z.string(),
    pageTitle: z.string(),
    htmlContent: z.string(),
    metaTitle: z.string().nullable(),
    metaDescription: z.string().nullable(),
    metaKeywords: z.string().nullable(),
  })
  .meta({ id: "AdminCmsPageTranslation" });

export const AdminCmsPage = z
  .object({
    id: z.int(),
    layout: z.string().nullable(),
    channels: z.array(z.int()),
    translations: z.array(Translation).meta({ connection: true }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  // REST answers also carry `"<locale code>": { url_key, page_title, html_content, meta_* }` per locale.
  .catchall(LocaleBlock)
  .meta({ id: "AdminCmsPage", iri: "/api/admin/cms/pages" });

type PageRow = {
  id: number; layout: string | null; createdAt: Date; updatedAt: Date;
  channels: { channelId: number }[];
  translations: { id: number; locale: string; urlKey: string; pageTitle: string; htmlContent: string; metaTitle: string | null; metaDescription: string | null; metaKeywords: string | null }[];
};

function toAdminPage(p: PageRow) {
  const blocks = Object.fromEntries(
    p.translations.map((t) => [
      t.locale,
      { url_key: t.urlKey, page_title: t.pageTitle, html_content: t.htmlContent, meta_title: t.metaTitle, meta_description: t.metaDescription, meta_keywords: t.metaKeywords },
    ]),
  );
  return {
    ...blocks,
    id: p.id,
    layout: p.layout,
    channels: p.channels.map((c) => c.channelId).sort((a, b) => a - b),
    translations: p.translations,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

async function checkChannels(ctx: RequestContext, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await ctx.db.channel.count({ where: { id: { in: unique } } });
  if (found !== unique.length) throw Validation.field("channels", "must name existing channels only.");
  return unique;
}

/** SPEC.md: url_key is unique among pages; the page being updated does not collide with itself. */
async function checkUrlKey(ctx: RequestContext, urlKey: string, field: string, exceptPageId?: number) {
  const clash = await ctx.db.cmsPageTranslation.findFirst({
    where: { urlKey, ...(exceptPageId ? { pageId: { not: exceptPageId } } : {}) },
    select: { pageId: true },
  });
  if (clash) throw Validation.field(field, `The url_key "${urlKey}" is already used by page ${clash.pageId}.`);
}

const include = () => ({ channels: { select: { channelId: true } }, translations: { orderBy: { locale: "asc" as const } } });

export const cmsPages = adminResource({
  path: "cms/pages",
  one: "CmsPage",
  many: "CmsPages",
  permission: "cms.pages",
  model: "cmsPage",
  output: AdminCmsPage,
  include,
  toOutput: (_ctx, row: PageRow) => toAdminPage(row),
  filters: z.object({
    urlKey: z.string().trim().max(191).optional(),
    title: z.string().trim().max(255).optional(),
    channelId: intParam().optional(),
  }),
  where: (_ctx, f) => ({
    ...(f.urlKey ? { translations: { some: { urlKey: f.urlKey } } } : {}),
    ...(f.title ? { AND: [{ translations: { some: { pageTitle: { contains: f.title } } } }] } : {}),
    ...(f.channelId ? { channels: { some: { channelId: f.channelId } } } : {}),
  }),
  sort: { fields: { id: (d) => ({ id: d }), created_at: (d) => ({ createdAt: d }), updated_at: (d) => ({ updatedAt: d }) }, default: "id" },
  create: {
    input: CreatePageInput,
    summary: "Create a CMS page; the translated fields given at top level are applied to every locale of the store.",
    run: async (ctx, input) => {
      const channels = await checkChannels(ctx, input.channels);
      await checkUrlKey(ctx, input.urlKey, "urlKey");
      const locales = await ctx.db.locale.findMany({ select: { code: true } });
      const { channels: _c, layout, ...fields } = input;
      const page = await ctx.db.cmsPage.create({
        data: {
          layout: layout ?? null,
          channels: { create: channels.map((channelId) => ({ channelId })) },
          translations: { create: locales.map(({ code }) => ({ ...fields, locale: code, metaTitle: fields.metaTitle ?? null, metaDescription: fields.metaDescription ?? null, metaKeywords: fields.metaKeywords ?? null })) },
        },
      });
      return page.id;
    },
  },
  remove: true,
});

/** REST names the block by the locale code (`{ "locale": "fr", "fr": { … } }`); other locale blocks are ignored. */
function fromLocaleBlock(raw: Record<string, unknown>): Record<string, unknown> {
  const body = deepCamel(raw) as Record<string, unknown>;
  const locale = typeof body.locale === "string" ? body.locale.trim() : undefined;
  const block = locale ? (raw[locale] ?? body[locale]) : undefined;
  return {
    id: body.id,
    locale: body.locale,
    channels: body.channels,
    translation: block === undefined ? body.translation : deepCamel(block),
    ...("layout" in body ? { layout: body.layout } : {}),
    ...("ifMatch" in raw ? { ifMatch: raw.ifMatch } : {}),
  };
}

export const updateAdminCmsPage = operation({
  name: "updateAdminCmsPage",
  surface: "admin",
  kind: "mutation",
  summary:
    "Write one locale of a CMS page and replace its channels: `locale`, `channels` (non-empty, existing) and the " +
    "block named by the locale (`url_key`, `page_title`, `html_content`, optional `meta_*`; GraphQL: `translation`). " +
    "Other locales are untouched; a changed url_key leaves a 301 redirect from the old slug.",
  access: { admin: "cms.pages.edit" },
  input: UpdatePageInput,
  output: AdminCmsPage,
  rest: { method: "PUT", paths: ["/api/admin/cms/pages/{id}"], input: fromLocaleBlock, ifMatch: true, errors: [412] },
  etag: cmsPages.etag,
  run: async (ctx, input) => {
    const page = await ctx.db.cmsPage.findUnique({ where: { id: input.id }, include: { translations: { where: { locale: input.locale } } } });
    if (!page) throw new NotFound("CMS page");
    if (!(await ctx.db.locale.count({ where: { code: input.locale } }))) throw Validation.field("locale", `The store has no locale "${input.locale}".`);
    const channels = await checkChannels(ctx, input.channels);
    const t = input.translation;
    await checkUrlKey(ctx, t.urlKey, "translation.urlKey", page.id);
    const previous = page.translations[0];
    const fields = { urlKey: t.urlKey, pageTitle: t.pageTitle, htmlContent: t.htmlContent, metaTitle: t.metaTitle ?? null, metaDescription: t.metaDescription ?? null, metaKeywords: t.metaKeywords ?? null };
    await cmsPages.guarded(ctx, page.id, input.ifMatch, () => ctx.db.$transaction(async (tx) => {
      await tx.cmsPageTranslation.upsert({
        where: { pageId_locale: { pageId: page.id, locale: input.locale } },
        create: { ...fields, pageId: page.id, locale: input.locale },
        update: fields,
      });
      await tx.cmsPageChannel.deleteMany({ where: { pageId: page.id } });
      await tx.cmsPageChannel.createMany({ data: channels.map((channelId) => ({ pageId: page.id, channelId })) });
      if (previous && previous.urlKey !== t.urlKey) await recordPageRedirect(tx, page.id, input.locale, previous.urlKey, t.urlKey);
      await tx.cmsPage.update({ where: { id: page.id }, data: { updatedAt: new Date(), ...(input.layout !== undefined ? { layout: input.layout } : {}) } });
    }));
    return cmsPages.load(ctx, page.id);
  },
});

/**
 * The page editor's preview: HTML as the store would keep it, cleaned by the very cleaner a save runs, so what the
 * panel shows is what shoppers will get, and the cleaner (sanitize-html) never has to ship to the browser.
 */
export const previewAdminCmsPageContent = operation({
  name: "previewAdminCmsPageContent",
  surface: "admin",
  kind: "query",
  summary:
    "A page's `htmlContent` cleaned as a save would clean it (scripts, styles, frames, event attributes and unsafe URLs " +
    "removed), without saving anything: the page editor's preview. `htmlContent` is \"\" when nothing is left.",
  access: { admin: "cms.pages.view" },
  input: z.object({ htmlContent: PageHtml }).strict(),
  output: z.object({ htmlContent: z.string() }).meta({ id: "AdminCmsPageContentPreview" }),
  rest: { method: "POST", paths: ["/api/admin/cms/pages/preview"], input: deepCamel },
  run: (_ctx, { htmlContent }) => Promise.resolve({ htmlContent: sanitizeHtml(htmlContent).trim() }),
});

export const operations = [cmsPages.list, cmsPages.get, cmsPages.create, updateAdminCmsPage, cmsPages.remove, previewAdminCmsPageContent];
