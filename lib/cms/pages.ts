import type { RequestContext } from "../context.ts";
import type { Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";
import { followPageRedirect } from "./redirects.ts";
import { heldRead } from "../db/held-reads.ts";

/** Tables a page answer is made of: pages, their texts and channels, and the redirects a retired slug follows. */
const PAGE_TABLES = ["CmsPage", "CmsPageTranslation", "CmsPageChannel", "UrlRedirect"];

type PageRecord = {
  id: number; layout: string | null; createdAt: Date; updatedAt: Date;
  translations: { id: number; pageId: number; locale: string; urlKey: string; pageTitle: string; htmlContent: string; metaTitle: string | null; metaDescription: string | null; metaKeywords: string | null }[];
};

function toPage(ctx: RequestContext, p: PageRecord) {
  const t = p.translations.find((x) => x.locale === ctx.locale) ?? p.translations.find((x) => x.locale === ctx.channel.defaultLocale) ?? p.translations[0];
  if (!t) throw new NotFound("Page");
  const { pageId, id: translationId, ...fields } = t;
  return {
    ...fields,
    id: p.id,
    layout: p.layout,
    translation: { ...fields, id: translationId, cmsPageId: pageId },
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

const include = (ctx: RequestContext) => ({ translations: { where: { locale: { in: [ctx.locale, ctx.channel.defaultLocale] } } } });
const inChannel = (ctx: RequestContext) => ({ channels: { some: { channelId: ctx.channel.id } } });

/** `urlKey` narrows to the page with that slug; a retired slug is followed through its 301 redirect. Held until a write. */
export const listPages = heldRead("listPages", PAGE_TABLES, async (ctx: RequestContext, { offset, limit }: Paging, filter: { urlKey?: string } = {}) => {
  const urlKey = filter.urlKey ? await liveUrlKey(ctx, filter.urlKey) : undefined;
  const where = { ...inChannel(ctx), ...(urlKey ? { translations: { some: { urlKey } } } : {}) };
  const [total, rows] = await Promise.all([
    ctx.db.cmsPage.count({ where }),
    ctx.db.cmsPage.findMany({ where, orderBy: { id: "asc" }, skip: offset, take: limit, include: include(ctx) }),
  ]);
  return { total, items: rows.map((p) => toPage(ctx, p)) };
});

export const getPage = heldRead("getPage", PAGE_TABLES, async (ctx: RequestContext, by: { id?: number; urlKey?: string }) => {
  const where = by.id !== undefined
    ? { id: by.id, ...inChannel(ctx) }
    : { translations: { some: { urlKey: await liveUrlKey(ctx, by.urlKey!) } }, ...inChannel(ctx) };
  const p = await ctx.db.cmsPage.findFirst({ where, include: include(ctx) });
  if (!p) throw new NotFound("Page");
  return toPage(ctx, p);
});

/** The slug itself while a page uses it, else where its redirect leads (the slug again when there is none). */
async function liveUrlKey(ctx: RequestContext, urlKey: string): Promise<string> {
  if (await ctx.db.cmsPageTranslation.count({ where: { urlKey } })) return urlKey;
  return (await followPageRedirect(ctx, urlKey)) ?? urlKey;
}
