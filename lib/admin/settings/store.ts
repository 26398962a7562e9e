// Channels, locales, currencies and exchange rates over the Admin API. Every write drops the cached store settings
// (lib/store/settings.ts hears of it from the database observer), so the next request of any surface sees it. Rows the store still stands on (a channel's
// default locale or base currency, a channel with orders, the last channel) are not deleted: 409.
import { z } from "zod";
import type { RequestContext } from "../../context.ts";
import { Conflict, Validation } from "../../errors.ts";
import { intParam, numberParam, recordId } from "../../operations/fields.ts";
import { toNumber } from "../../money.ts";
import { adminResource, type RowOf } from "../resource.ts";
import { nullableText } from "../input.ts";

const SETTINGS = { permission: "settings", permissions: { create: "settings.edit", remove: "settings.edit" } };
const text = (max: number) => z.string().trim().min(1, { message: "is required" }).max(max);

async function unique(ctx: RequestContext, model: "channel" | "locale" | "currency", code: string | undefined, except?: number) {
  if (!code) return;
  const find = { where: { code }, select: { id: true } };
  const other = await (model === "channel" ? ctx.db.channel.findUnique(find) : model === "locale" ? ctx.db.locale.findUnique(find) : ctx.db.currency.findUnique(find));
  if (other && other.id !== except) throw Validation.field("code", `The code "${code}" is already used.`);
}

// ── Locales ──
export const AdminLocale = z.object({ id: z.int(), code: z.string(), name: z.string(), direction: z.string(), createdAt: z.string(), updatedAt: z.string() }).meta({ id: "AdminLocale", iri: "/api/admin/settings/locales" });
const LocaleFields = z.object({
  code: text(20).regex(/^[a-z]{2,3}(?:_[A-Z]{2})?$/, { message: "must be a language code such as en or pt_BR" }),
  name: text(100),
  direction: z.enum(["ltr", "rtl"], { message: "must be ltr or rtl" }).optional(),
});
export const locales = adminResource({
  ...SETTINGS, path: "settings/locales", one: "Locale", many: "Locales", model: "locale", output: AdminLocale,
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }) }, default: "id" },
  create: { input: LocaleFields, run: async (ctx, i) => (await unique(ctx, "locale", i.code), (await ctx.db.locale.create({ data: i })).id) },
  update: { input: LocaleFields.omit({ code: true }).partial(), run: async (ctx, id, i) => void (await ctx.db.locale.update({ where: { id }, data: i })) },
  remove: async (ctx, id) => {
    if (await ctx.db.channel.count({ where: { defaultLocaleId: id } })) throw new Conflict("The locale is a channel's default locale.");
    await ctx.db.locale.delete({ where: { id } });
  },
});

// ── Currencies ──
export const AdminCurrency = z.object({ id: z.int(), code: z.string(), name: z.string(), symbol: z.string(), decimals: z.int(), exchangeRate: z.number().nullable(), createdAt: z.string(), updatedAt: z.string() }).meta({ id: "AdminCurrency", iri: "/api/admin/settings/currencies" });
const CurrencyFields = z.object({
  code: text(3).regex(/^[A-Z]{3}$/, { message: "must be a three-letter ISO 4217 code" }),
  name: text(100),
  symbol: text(10),
  decimals: intParam().pipe(z.int().min(0).max(4)).optional(),
});
export const currencies = adminResource({
  ...SETTINGS, path: "settings/currencies", one: "Currency", many: "Currencies", model: "currency", output: AdminCurrency,
  include: () => ({ exchangeRate: true }),
  toOutput: (_ctx, c) => ({ ...c, exchangeRate: c.exchangeRate ? toNumber(c.exchangeRate.rate, 6) : null }),
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }) }, default: "id" },
  create: { input: CurrencyFields, run: async (ctx, i) => (await unique(ctx, "currency", i.code), (await ctx.db.currency.create({ data: i })).id) },
  update: { input: CurrencyFields.omit({ code: true }).partial(), run: async (ctx, id, i) => void (await ctx.db.currency.update({ where: { id }, data: i })) },
  remove: async (ctx, id) => {
    if (await ctx.db.channel.count({ where: { baseCurrencyId: id } })) throw new Conflict("The currency is a channel's base currency.");
    await ctx.db.currency.delete({ where: { id } });
  },
});

// ── Exchange rates ──
export const AdminExchangeRate = z.object({ id: z.int(), currencyId: z.int(), currencyCode: z.string(), rate: z.number(), createdAt: z.string(), updatedAt: z.string() }).meta({ id: "AdminExchangeRate", iri: "/api/admin/settings/exchange-rates" });
const rate = numberParam().pipe(z.number().gt(0, { message: "must be more than 0" }).max(1e9));
export const exchangeRates = adminResource({
  ...SETTINGS, path: "settings/exchange-rates", one: "ExchangeRate", many: "ExchangeRates", model: "exchangeRate", output: AdminExchangeRate,
  include: () => ({ currency: { select: { code: true } } }),
  toOutput: (_ctx, r) => ({ ...r, currencyCode: r.currency.code, rate: toNumber(r.rate, 6) }),
  create: {
    input: z.object({ currencyId: recordId(), rate }),
    summary: "Set the rate of a currency (units per one unit of the base currency); one rate per currency.",
    run: async (ctx, i) => {
      if (!(await ctx.db.currency.count({ where: { id: i.currencyId } }))) throw Validation.field("currencyId", `There is no currency ${i.currencyId}.`);
      if (await ctx.db.exchangeRate.count({ where: { currencyId: i.currencyId } })) throw Validation.field("currencyId", "This currency has a rate already; change that one.");
      return (await ctx.db.exchangeRate.create({ data: { currencyId: i.currencyId, rate: i.rate } })).id;
    },
  },
  update: { input: z.object({ rate }).partial(), run: async (ctx, id, i) => void (await ctx.db.exchangeRate.update({ where: { id }, data: i })) },
  remove: true,
});

// ── Channels ──
export const AdminChannel = z
  .object({
    id: z.int(), code: z.string(), name: z.string(), description: z.string().nullable(), hostname: z.string().nullable(), timezone: z.string().nullable(),
    rootCategoryId: z.int().nullable(), defaultLocale: z.string(), baseCurrency: z.string(), locales: z.array(z.string()), currencies: z.array(z.string()),
    createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminChannel", iri: "/api/admin/settings/channels" });
const ChannelFields = z.object({
  code: text(60).regex(/^[a-z][a-z0-9_-]*$/, { message: "must start with a letter and hold lowercase letters, digits, dash and underscore" }),
  name: text(255),
  description: nullableText(2000),
  hostname: nullableText(255),
  timezone: nullableText(60),
  rootCategoryId: recordId().nullable().optional(),
  defaultLocale: text(20),
  baseCurrency: text(3),
  locales: z.array(z.string().trim().min(1).max(20)).min(1).max(50),
  currencies: z.array(z.string().trim().min(1).max(3)).min(1).max(50),
});
type ChannelInput = Partial<z.output<typeof ChannelFields>>;

/** Resolves codes to ids; the default locale and base currency must be among the channel's own. */
async function channelRefs(ctx: RequestContext, input: ChannelInput, current?: { locales: string[]; currencies: string[]; defaultLocale: string; baseCurrency: string }) {
  const localeCodes = input.locales ?? current?.locales ?? [];
  const currencyCodes = input.currencies ?? current?.currencies ?? [];
  const defaultLocale = input.defaultLocale ?? current?.defaultLocale;
  const baseCurrency = input.baseCurrency ?? current?.baseCurrency;
  const [locs, curs] = await Promise.all([
    ctx.db.locale.findMany({ where: { code: { in: localeCodes } } }),
    ctx.db.currency.findMany({ where: { code: { in: currencyCodes } } }),
  ]);
  if (locs.length !== new Set(localeCodes).size) throw Validation.field("locales", "must name locales of the store.");
  if (curs.length !== new Set(currencyCodes).size) throw Validation.field("currencies", "must name currencies of the store.");
  if (!defaultLocale || !localeCodes.includes(defaultLocale)) throw Validation.field("defaultLocale", "must be one of the channel's locales.");
  if (!baseCurrency || !currencyCodes.includes(baseCurrency)) throw Validation.field("baseCurrency", "must be one of the channel's currencies.");
  if (input.rootCategoryId && !(await ctx.db.category.count({ where: { id: input.rootCategoryId } }))) throw Validation.field("rootCategoryId", "There is no such category.");
  return {
    defaultLocaleId: locs.find((l) => l.code === defaultLocale)!.id,
    baseCurrencyId: curs.find((c) => c.code === baseCurrency)!.id,
    localeIds: locs.map((l) => l.id),
    currencyIds: curs.map((c) => c.id),
  };
}

const channelInclude = () => ({ defaultLocale: true, baseCurrency: true, locales: { include: { locale: true } }, currencies: { include: { currency: true } } });
const toChannel = (_ctx: unknown, c: RowOf<"channel", ReturnType<typeof channelInclude>>) => ({
  ...c,
  defaultLocale: c.defaultLocale.code,
  baseCurrency: c.baseCurrency.code,
  locales: c.locales.map((l: { locale: { code: string } }) => l.locale.code).sort(),
  currencies: c.currencies.map((x: { currency: { code: string } }) => x.currency.code).sort(),
});
const scalars = (i: ChannelInput) => ({ code: i.code, name: i.name, description: i.description, hostname: i.hostname, timezone: i.timezone, rootCategoryId: i.rootCategoryId });

export const channels = adminResource({
  ...SETTINGS, path: "settings/channels", one: "Channel", many: "Channels", model: "channel", output: AdminChannel,
  include: channelInclude, toOutput: toChannel,
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }) }, default: "id" },
  create: {
    input: ChannelFields,
    run: async (ctx, input) => {
      await unique(ctx, "channel", input.code);
      const refs = await channelRefs(ctx, input);
      const row = await ctx.db.channel.create({
        data: {
          ...scalars(input), code: input.code, name: input.name, defaultLocaleId: refs.defaultLocaleId, baseCurrencyId: refs.baseCurrencyId,
          locales: { create: refs.localeIds.map((localeId) => ({ localeId })) },
          currencies: { create: refs.currencyIds.map((currencyId) => ({ currencyId })) },
        },
      });
      return row.id;
    },
  },
  update: {
    input: ChannelFields.partial(),
    run: async (ctx, id, input) => {
      await unique(ctx, "channel", input.code, id);
      const refs = await channelRefs(ctx, input, toChannel(ctx, await ctx.db.channel.findUniqueOrThrow({ where: { id }, include: channelInclude() })));
      await ctx.db.$transaction(async (tx) => {
        await tx.channel.update({ where: { id }, data: { ...scalars(input), defaultLocaleId: refs.defaultLocaleId, baseCurrencyId: refs.baseCurrencyId } });
        if (input.locales) {
          await tx.channelLocale.deleteMany({ where: { channelId: id } });
          await tx.channelLocale.createMany({ data: refs.localeIds.map((localeId) => ({ channelId: id, localeId })) });
        }
        if (input.currencies) {
          await tx.channelCurrency.deleteMany({ where: { channelId: id } });
          await tx.channelCurrency.createMany({ data: refs.currencyIds.map((currencyId) => ({ channelId: id, currencyId })) });
        }
      });
    },
  },
  remove: async (ctx, id) => {
    const [orders, all] = await Promise.all([ctx.db.order.count({ where: { channelId: id } }), ctx.db.channel.count()]);
    if (all <= 1) throw new Conflict("The store needs at least one channel.");
    if (orders) throw new Conflict(`The channel has ${orders} orders and cannot be deleted.`);
    await ctx.db.channel.delete({ where: { id } });
  },
});
