// The store's reference data as the Shop API lists it: channels, locales, currencies, countries and their states.
// Every read is held until a write to its tables (lib/db/held-reads.ts), which always include the store settings'
// (channels with their locales and currencies, locales, currencies and rates): those the settings give are taken
// from them (lib/store/settings.ts) rather than read again.
import type { RequestContext } from "../context.ts";
import type { Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";
import { imageUrl } from "../catalog/products.ts";
import { heldRead } from "../db/held-reads.ts";
import { storeSettings, type ChannelInfo } from "./settings.ts";

/** The lists' one filter: a code, compared exactly. */
interface ByCode {
  code?: string;
}
const byCode = (f: ByCode) => (f.code ? { code: f.code } : {});

/** A channel's locale and currency codes come from the store settings (lib/store/settings.ts). */
const channelInclude = { translations: { orderBy: { locale: "asc" as const } } };

type ChannelRecord = {
  id: number; code: string; name: string; description: string | null; hostname: string | null; timezone: string | null;
  rootCategoryId: number | null; theme: string; logoPath: string | null; faviconPath: string | null; isMaintenanceOn: boolean;
  allowedIps: string | null; createdAt: Date; updatedAt: Date;
  translations: { id: number; channelId: number; locale: string; name: string; description: string | null; maintenanceModeText: string | null; createdAt: Date; updatedAt: Date }[];
};

const iso = (d: Date) => d.toISOString();
const fileUrl = (ctx: RequestContext, path: string | null) => (path ? imageUrl(ctx, path) : null);

function toChannel(ctx: RequestContext, c: ChannelRecord, info: ChannelInfo) {
  const translations = c.translations.map((t) => ({ ...t, createdAt: iso(t.createdAt), updatedAt: iso(t.updatedAt) }));
  return {
    ...c,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
    defaultLocale: info.defaultLocale,
    baseCurrency: info.baseCurrency,
    locales: info.locales,
    currencies: info.currencies,
    logo: c.logoPath,
    logoUrl: fileUrl(ctx, c.logoPath),
    favicon: c.faviconPath,
    faviconUrl: fileUrl(ctx, c.faviconPath),
    translation: translations.find((t) => t.locale === ctx.locale) ?? translations.find((t) => t.locale === info.defaultLocale) ?? null,
    translations,
  };
}

/** Channel rows with their settings (lib/store/settings.ts, read at the same time). */
async function withSettings(ctx: RequestContext, read: Promise<ChannelRecord[]>) {
  const [rows, settings] = await Promise.all([read, storeSettings(ctx.db)]);
  const byId = new Map([...settings.channels.values()].map((c) => [c.id, c]));
  // A channel made after the settings were read is not among them yet: the write that made it drops this answer too.
  return rows.flatMap((c) => {
    const info = byId.get(c.id);
    return info ? [toChannel(ctx, c, info)] : [];
  });
}

const CHANNEL_TABLES = ["ChannelTranslation"];

export const listChannels = heldRead("listChannels", CHANNEL_TABLES, async (ctx: RequestContext, { offset, limit }: Paging, filters: ByCode = {}) => {
  const where = byCode(filters);
  const [total, items] = await Promise.all([
    ctx.db.channel.count({ where }),
    withSettings(ctx, ctx.db.channel.findMany({ where, orderBy: { id: "asc" }, skip: offset, take: limit, include: channelInclude })),
  ]);
  return { total, items };
});

export const getChannel = heldRead("getChannel", CHANNEL_TABLES, async (ctx: RequestContext, id: number) => {
  const [c] = await withSettings(ctx, ctx.db.channel.findMany({ where: { id }, include: channelInclude }));
  if (!c) throw new NotFound("Channel");
  return c;
});

type LocaleRecord = { id: number; code: string; name: string; direction: string; logoPath: string | null; createdAt: Date; updatedAt: Date };

const toLocale = (ctx: RequestContext, l: LocaleRecord) => ({
  ...l,
  logoUrl: fileUrl(ctx, l.logoPath),
  createdAt: iso(l.createdAt),
  updatedAt: iso(l.updatedAt),
});

/** Locales and currencies are store settings: no table beyond the scope's. */
const SETTINGS_TABLES: string[] = [];

export const listLocales = heldRead("listLocales", SETTINGS_TABLES, async (ctx: RequestContext, { offset, limit }: Paging, filters: ByCode = {}) => {
  const where = byCode(filters);
  const [total, items] = await Promise.all([
    ctx.db.locale.count({ where }),
    ctx.db.locale.findMany({ where, orderBy: { id: "asc" }, skip: offset, take: limit }),
  ]);
  return { total, items: items.map((l) => toLocale(ctx, l)) };
});

/** One locale by its id, or by its code (`fr`). */
export const getLocale = heldRead("getLocale", SETTINGS_TABLES, async (ctx: RequestContext, idOrCode: string) => {
  const l = await ctx.db.locale.findFirst({ where: /^\d+$/.test(idOrCode) ? { id: Number(idOrCode) } : { code: idOrCode } });
  if (!l) throw new NotFound("Locale");
  return toLocale(ctx, l);
});

/** Each currency with its rate against the channel's base currency (1 for the base itself). */
export const listCurrencies = heldRead("listCurrencies", SETTINGS_TABLES, async (ctx: RequestContext, { offset, limit }: Paging, filters: ByCode = {}) => {
  const where = byCode(filters);
  const [total, rows] = await Promise.all([
    ctx.db.currency.count({ where }),
    ctx.db.currency.findMany({ where, orderBy: { id: "asc" }, skip: offset, take: limit, include: { exchangeRate: true } }),
  ]);
  return {
    total,
    items: rows.map((c) => ({ ...c, exchangeRate: c.code === ctx.channel.baseCurrency ? 1 : Number(c.exchangeRate?.rate ?? 1) })),
  };
});

type StateRecord = { id: number; countryId: number; code: string; name: string };

/** The store's locale codes, the request locale first: the languages a country or state name is given in. */
async function storeLocales(ctx: RequestContext): Promise<StoreLocale[]> {
  const rows = [...(await storeSettings(ctx.db)).locales.values()].sort((a, b) => a.id - b.id);
  const own = rows.find((l) => l.code === ctx.locale) ?? { id: 0, code: ctx.locale };
  return [own, ...rows.filter((l) => l.code !== ctx.locale)];
}

type StoreLocale = { id: number; code: string };

/** A country's name in one locale has no row of its own; its number joins the country's and the locale's. */
const translationNumber = (countryId: number, localeId: number) => countryId * 1000 + localeId;

function toState(locales: StoreLocale[], s: StateRecord, countryCode: string) {
  const translations = locales.map(({ code: locale }) => ({ id: `/api/shop/country-state-translations/${s.id}-${locale}`, locale, defaultName: s.name }));
  return { ...s, countryCode, defaultName: s.name, translation: translations[0], translations };
}

/** A country's name per store locale: the stored (English) name, or the CLDR region name of another language. */
function countryName(code: string, stored: string, locale: string): string {
  if (locale === "en") return stored;
  try {
    return new Intl.DisplayNames([locale], { type: "region", fallback: "none" }).of(code) ?? stored;
  } catch {
    return stored;
  }
}

function toCountry(locales: StoreLocale[], c: { id: number; code: string; name: string; states: StateRecord[] }) {
  const translations = locales.map(({ id: localeId, code: locale }) => ({
    id: `/api/shop/country-translations/${c.id}-${locale}`,
    _id: translationNumber(c.id, localeId),
    locale,
    name: countryName(c.code, c.name, locale),
  }));
  return { id: c.id, code: c.code, name: c.name, translation: translations[0], translations, states: c.states.map((s) => toState(locales, s, c.code)) };
}

const statesByName = { states: { orderBy: { name: "asc" as const } } };

const COUNTRY_TABLES = ["Country", "CountryState"];

export const listCountries = heldRead("listCountries", COUNTRY_TABLES, async (ctx: RequestContext, { offset, limit }: Paging, filters: ByCode = {}) => {
  const where = byCode(filters);
  const [total, rows, locales] = await Promise.all([
    ctx.db.country.count({ where }),
    ctx.db.country.findMany({ where, orderBy: { name: "asc" }, skip: offset, take: limit, include: statesByName }),
    storeLocales(ctx),
  ]);
  return { total, items: rows.map((c) => toCountry(locales, c)) };
});

export const getCountry = heldRead("getCountry", COUNTRY_TABLES, async (ctx: RequestContext, id: number) => {
  const [c, locales] = await Promise.all([ctx.db.country.findUnique({ where: { id }, include: statesByName }), storeLocales(ctx)]);
  if (!c) throw new NotFound("Country");
  return toCountry(locales, c);
});

/** The states of a country named by its id or its two-letter code, by name; 404 for an unknown country. */
export const countryStates = heldRead("countryStates", COUNTRY_TABLES, async (ctx: RequestContext, countryId: string) => {
  const [country, locales] = await Promise.all([
    ctx.db.country.findFirst({ where: /^\d+$/.test(countryId) ? { id: Number(countryId) } : { code: countryId.toUpperCase() }, include: statesByName }),
    storeLocales(ctx),
  ]);
  if (!country) throw new NotFound("Country");
  return country.states.map((s) => toState(locales, s, country.code));
});

export const getCountryState = heldRead("getCountryState", COUNTRY_TABLES, async (ctx: RequestContext, id: number) => {
  const [s, locales] = await Promise.all([ctx.db.countryState.findUnique({ where: { id }, include: { country: { select: { code: true } } } }), storeLocales(ctx)]);
  if (!s) throw new NotFound("State");
  return toState(locales, s, s.country.code);
});
