// Store-wide reference data of the Shop API: channels, locales, currencies, countries and their states.
import { z } from "zod";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { NotFound } from "../errors.ts";

const Channel = z
  .object({
    id: z.int(),
    code: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    hostname: z.string().nullable(),
    timezone: z.string().nullable(),
    rootCategoryId: z.int().nullable(),
    defaultLocale: z.string(),
    baseCurrency: z.string(),
    locales: z.array(z.string()),
    currencies: z.array(z.string()),
  })
  .meta({ id: "Channel", iri: "/api/shop/channels" });

const Locale = z
  .object({ id: z.int(), code: z.string(), name: z.string(), direction: z.string() })
  .meta({ id: "Locale", iri: "/api/shop/locales" });

const Currency = z
  .object({ id: z.int(), code: z.string(), name: z.string(), symbol: z.string(), decimals: z.int(), exchangeRate: z.number() })
  .meta({ id: "Currency", iri: "/api/shop/currencies" });

const CountryState = z
  .object({ id: z.int(), countryId: z.int(), countryCode: z.string(), code: z.string(), name: z.string() })
  .meta({ id: "CountryState", iri: "/api/shop/country-states" });

const Country = z
  .object({ id: z.int(), code: z.string(), name: z.string() })
  .meta({ id: "Country", iri: "/api/shop/countries" });

export const channels = operation({
  name: "channels",
  surface: "shop",
  kind: "query",
  summary: "Sales channels with their locales and currencies.",
  access: "public",
  input: z.object({}),
  output: Channel,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/channels"] },
  run: async (ctx, _input, { offset, limit }) => {
    const [total, rows] = await Promise.all([
      ctx.db.channel.count(),
      ctx.db.channel.findMany({
        orderBy: { id: "asc" },
        skip: offset,
        take: limit,
        include: {
          defaultLocale: true,
          baseCurrency: true,
          locales: { include: { locale: true } },
          currencies: { include: { currency: true } },
        },
      }),
    ]);
    return {
      total,
      items: rows.map((c) => ({
        ...c,
        defaultLocale: c.defaultLocale.code,
        baseCurrency: c.baseCurrency.code,
        locales: c.locales.map((l) => l.locale.code),
        currencies: c.currencies.map((x) => x.currency.code),
      })),
    };
  },
});

export const locales = operation({
  name: "locales",
  surface: "shop",
  kind: "query",
  summary: "Locales of the store.",
  access: "public",
  input: z.object({}),
  output: Locale,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/locales"] },
  run: async (ctx, _input, { offset, limit }) => {
    const [total, items] = await Promise.all([
      ctx.db.locale.count(),
      ctx.db.locale.findMany({ orderBy: { id: "asc" }, skip: offset, take: limit }),
    ]);
    return { total, items };
  },
});

export const currencies = operation({
  name: "currencies",
  surface: "shop",
  kind: "query",
  summary: "Currencies of the store with their exchange rate against the base currency.",
  access: "public",
  input: z.object({}),
  output: Currency,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/currencies"] },
  run: async (ctx, _input, { offset, limit }) => {
    const [total, rows] = await Promise.all([
      ctx.db.currency.count(),
      ctx.db.currency.findMany({ orderBy: { id: "asc" }, skip: offset, take: limit, include: { exchangeRate: true } }),
    ]);
    return {
      total,
      items: rows.map((c) => ({ ...c, exchangeRate: c.code === ctx.channel.baseCurrency ? 1 : Number(c.exchangeRate?.rate ?? 1) })),
    };
  },
});

export const countries = operation({
  name: "countries",
  surface: "shop",
  kind: "query",
  summary: "Countries, by name.",
  access: "public",
  input: z.object({}),
  output: Country,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/countries"] },
  run: async (ctx, _input, { offset, limit }) => {
    const [total, items] = await Promise.all([
      ctx.db.country.count(),
      ctx.db.country.findMany({ orderBy: { name: "asc" }, skip: offset, take: limit }),
    ]);
    return { total, items };
  },
});

export const countryStates = operation({
  name: "countryStates",
  surface: "shop",
  kind: "query",
  summary: "States of one country; the country is given by its id or its two-letter code.",
  access: "public",
  input: z.object({
    countryId: z.coerce.string().trim().regex(/^(\d{1,9}|[A-Za-z]{2})$/, "must be a country id or a two-letter country code"),
  }),
  output: CountryState,
  list: "all",
  rest: { method: "GET", paths: ["/api/shop/countries/{country_id}/states"] },
  run: async (ctx, { countryId }) => {
    const country = await ctx.db.country.findFirst({
      where: /^\d+$/.test(countryId) ? { id: Number(countryId) } : { code: countryId.toUpperCase() },
      include: { states: { orderBy: { name: "asc" } } },
    });
    if (!country) throw new NotFound("Country");
    return country.states.map((s) => ({ ...s, countryCode: country.code }));
  },
});
