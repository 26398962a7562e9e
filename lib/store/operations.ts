// Store-wide reference data of the Shop API: channels, locales, currencies, countries and their states.
import { z } from "zod";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { countryStates as statesOf, listChannels, listCountries, listCurrencies, listLocales } from "./reference.ts";

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

const shopPublic = { surface: "shop", access: "public" } as const;
/** A whole table, paged, with nothing to filter on. */
const referenceList = { ...shopPublic, kind: "query", input: z.object({}), list: SHOP_LIST } as const;

export const channels = operation({
  ...referenceList,
  name: "channels",
  summary: "Sales channels with their locales and currencies.",
  output: Channel,
  rest: { method: "GET", paths: ["/api/shop/channels"] },
  run: (ctx, _input, paging) => listChannels(ctx, paging),
});

export const locales = operation({
  ...referenceList,
  name: "locales",
  summary: "Locales of the store.",
  output: Locale,
  rest: { method: "GET", paths: ["/api/shop/locales"] },
  run: (ctx, _input, paging) => listLocales(ctx, paging),
});

export const currencies = operation({
  ...referenceList,
  name: "currencies",
  summary: "Currencies of the store with their exchange rate against the base currency.",
  output: Currency,
  rest: { method: "GET", paths: ["/api/shop/currencies"] },
  run: (ctx, _input, paging) => listCurrencies(ctx, paging),
});

export const countries = operation({
  ...referenceList,
  name: "countries",
  summary: "Countries, by name.",
  output: Country,
  rest: { method: "GET", paths: ["/api/shop/countries"] },
  run: (ctx, _input, paging) => listCountries(ctx, paging),
});

export const countryStates = operation({
  ...shopPublic,
  name: "countryStates",
  kind: "query",
  summary: "States of one country; the country is given by its id or its two-letter code.",
  input: z.object({
    countryId: z.coerce.string().trim().regex(/^(\d{1,9}|[A-Za-z]{2})$/, "must be a country id or a two-letter country code"),
  }),
  output: CountryState,
  list: "all",
  rest: { method: "GET", paths: ["/api/shop/countries/{country_id}/states"] },
  run: (ctx, { countryId }) => statesOf(ctx, countryId),
});
