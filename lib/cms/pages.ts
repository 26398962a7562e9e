import type { RequestContext } from "../context.ts";
import type { Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";

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

export async function listPages(ctx: RequestContext, { offset, limit }: Paging) {
  const where = inChannel(ctx);
  const [total, rows] = await Promise.all([
    ctx.db.cmsPage.count({ where }),
    ctx.db.cmsPage.findMany({ where, orderBy: { id: "asc" }, skip: offset, take: limit, include: include(ctx) }),
  ]);
  return { total, items: rows.map((p) => toPage(ctx, p)) };
}

export async function getPage(ctx: RequestContext, by: { id?: number; urlKey?: string }) {
  const where = by.id !== undefined
    ? { id: by.id, ...inChannel(ctx) }
    : { translations: { some: { urlKey: by.urlKey } }, ...inChannel(ctx) };
  const p = await ctx.db.cmsPage.findFirst({ where, include: include(ctx) });
  if (!p) throw new NotFound("Page");
  return toPage(ctx, p);
}
