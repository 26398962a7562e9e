// The storefront's home-page blocks of the request channel (carousels, static content, footer links), with their
// settings per locale.
import type { RequestContext } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";

const include = { translations: { orderBy: { locale: "asc" as const } } };

type Record_ = {
  id: number; channelId: number; themeCode: string; type: string; name: string; sortOrder: number; status: number;
  createdAt: Date; updatedAt: Date; translations: { id: number; themeCustomizationId: number; locale: string; options: string }[];
};

// A stored image path (`category/2/banner.png`), as lib/storage/public.ts serves it under `/storage/`.
const STORED_IMAGE = /^[a-z]+\/\d{1,12}\/[A-Za-z0-9_-]{1,64}\.[a-z]{3,4}$/;

/** Every `image` value that is a stored path, given as the family gives it: `storage/<path>`, from the store's root. */
function withStoragePaths(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withStoragePaths);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === "image" && typeof v === "string" && STORED_IMAGE.test(v) ? `storage/${v}` : withStoragePaths(v)]),
  );
}

/**
 * A block's options as clients read them. The family answers image paths as `storage/theme/1/x.webp` and its
 * storefront puts its API's origin before them; the paths stored here lack the `storage/` folder.
 */
function publicOptions(options: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(options);
  } catch {
    return options;
  }
  return JSON.stringify(withStoragePaths(parsed));
}

function toCustomization(ctx: RequestContext, c: Record_) {
  const translations = c.translations.map((t) => ({ ...t, options: publicOptions(t.options), _id: t.id }));
  return {
    ...c,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    translation: translations.find((t) => t.locale === ctx.locale) ?? translations.find((t) => t.locale === ctx.channel.defaultLocale) ?? null,
    translations,
  };
}

/** Shown blocks of the request channel in display order; `type` narrows to one kind. */
export async function listThemeCustomizations(ctx: RequestContext, q: { type?: string }, paging: Paging): Promise<Page<ReturnType<typeof toCustomization>>> {
  const where = { channelId: ctx.channel.id, status: 1, ...(q.type ? { type: q.type } : {}) };
  const [total, rows] = await Promise.all([
    ctx.db.themeCustomization.count({ where }),
    ctx.db.themeCustomization.findMany({ where, orderBy: [{ sortOrder: "asc" }, { id: "asc" }], skip: paging.offset, take: paging.limit, include }),
  ]);
  return { total, items: rows.map((c) => toCustomization(ctx, c)) };
}

export async function getThemeCustomization(ctx: RequestContext, id: number) {
  const c = await ctx.db.themeCustomization.findFirst({ where: { id, channelId: ctx.channel.id, status: 1 }, include });
  if (!c) throw new NotFound("Theme customization");
  return toCustomization(ctx, c);
}
