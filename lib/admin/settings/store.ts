// Channels, locales, currencies and exchange rates over the Admin API. Every write drops the cached store settings
// (lib/store/settings.ts hears of it from the database observer), so the next request of any surface sees it. Rows the store still stands on (a channel's
// default locale or base currency, a channel with orders, the last channel) are not deleted: 409.
import { z } from "zod";
import { intParam, numberParam, recordId } from "../../operations/fields.ts";
import { toNumber } from "../../money.ts";
import { adminResource } from "../resource.ts";
import { nullableText } from "../input.ts";
import {
  channelInclude, createChannel, createCurrency, createExchangeRate, createLocale, deleteChannel, deleteCurrency, deleteLocale, toChannel,
  updateChannel, updateCurrency, updateExchangeRate, updateLocale,
} from "./store-service.ts";

const SETTINGS = { permission: "settings", permissions: { create: "settings.edit", remove: "settings.edit" } };
const text = (max: number) => z.string().trim().min(1, { message: "is required" }).max(max);

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
  create: { input: LocaleFields, run: createLocale },
  update: { input: LocaleFields.omit({ code: true }).partial(), run: updateLocale },
  remove: deleteLocale,
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
  create: { input: CurrencyFields, run: createCurrency },
  update: { input: CurrencyFields.omit({ code: true }).partial(), run: updateCurrency },
  remove: deleteCurrency,
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
    run: createExchangeRate,
  },
  update: { input: z.object({ rate }).partial(), run: updateExchangeRate },
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
export const channels = adminResource({
  ...SETTINGS, path: "settings/channels", one: "Channel", many: "Channels", model: "channel", output: AdminChannel,
  include: channelInclude, toOutput: toChannel,
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }) }, default: "id" },
  create: { input: ChannelFields, run: createChannel },
  update: { input: ChannelFields.partial(), run: updateChannel },
  remove: deleteChannel,
});
