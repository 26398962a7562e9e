// Store-wide reference data of the Shop API: channels, locales, currencies, countries and their states.
import { z } from "zod";
import { fromListArgs, listArgs } from "../account/shapes.ts";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { recordId } from "../operations/fields.ts";
import { Validation } from "../errors.ts";
import { countryStates as statesOf, getChannel, getCountry, getCountryState, getLocale, listChannels, listCountries, listCurrencies, listLocales } from "./reference.ts";
import { Channel, Country, CountryState, Currency, Locale } from "./shapes.ts";

const shopPublic = { surface: "shop", access: "public" } as const;
/** A whole table, paged; `code` picks one row. GraphQL takes it in the JSON `filter` argument, as every list does. */
const ByCode = z.object({ code: z.string().trim().max(60).optional() });
const referenceList = {
  ...shopPublic,
  kind: "query",
  input: ByCode,
  list: SHOP_LIST,
  graphql: { args: listArgs(ByCode.shape), input: (a: Record<string, unknown>) => fromListArgs(a, {}) },
} as const;

export const channels = operation({
  ...referenceList,
  name: "channels",
  summary: "Sales channels with their locales and currencies.",
  output: Channel,
  rest: { method: "GET", paths: ["/api/shop/channels"] },
  run: (ctx, input, paging) => listChannels(ctx, paging, input),
});

export const locales = operation({
  ...referenceList,
  name: "locales",
  summary: "Locales of the store.",
  output: Locale,
  rest: { method: "GET", paths: ["/api/shop/locales"] },
  run: (ctx, input, paging) => listLocales(ctx, paging, input),
});

export const currencies = operation({
  ...referenceList,
  name: "currencies",
  summary: "Currencies of the store with their exchange rate against the base currency.",
  output: Currency,
  rest: { method: "GET", paths: ["/api/shop/currencies"] },
  run: (ctx, input, paging) => listCurrencies(ctx, paging, input),
});

export const countries = operation({
  ...referenceList,
  name: "countries",
  summary: "Countries, by name.",
  output: Country,
  rest: { method: "GET", paths: ["/api/shop/countries"] },
  run: (ctx, input, paging) => listCountries(ctx, paging, input),
});

export const countryStates = operation({
  ...shopPublic,
  name: "countryStates",
  kind: "query",
  summary: "States of one country; the country is given by its id (`countryId`) or its two-letter code (`countryCode`).",
  input: z.object({
    countryId: recordId().optional(),
    countryCode: z.string().trim().regex(/^[A-Za-z]{2}$/, "must be a two-letter country code").optional(),
  }),
  output: CountryState,
  list: "all",
  // The path names the country by its id or its code; the family's GraphQL clients send the id as an `Int`.
  rest: {
    method: "GET",
    paths: ["/api/shop/countries/{country_id}/states"],
    input: ({ country_id: given }) => (/^[A-Za-z]{2}$/.test(String(given)) ? { countryCode: given } : { countryId: given }),
  },
  graphql: { connection: true },
  run: (ctx, { countryId, countryCode }) => {
    const country = countryId ?? countryCode;
    if (country === undefined) throw Validation.field("countryId", "Give the country's id (countryId) or its two-letter code (countryCode).");
    return statesOf(ctx, String(country));
  },
});

const shopQuery = { ...shopPublic, kind: "query" } as const;

export const channel = operation({
  ...shopQuery,
  name: "channel",
  summary: "One sales channel with its texts per locale, theme, branding and maintenance settings.",
  input: z.object({ id: recordId() }),
  output: Channel,
  rest: { method: "GET", paths: ["/api/shop/channels/{id}"] },
  run: (ctx, { id }) => getChannel(ctx, id),
});

export const locale = operation({
  ...shopQuery,
  name: "locale",
  summary: "One locale, by its id or its code.",
  input: z.object({
    id: z
      .preprocess((v) => (typeof v === "string" ? v.trim().replace(/^\/api\/shop\/locales\//, "") : typeof v === "number" ? String(v) : v), z.string())
      .pipe(z.string().regex(/^(\d{1,9}|[A-Za-z_]{2,10})$/, "must be a locale id or code")),
  }),
  output: Locale,
  rest: { method: "GET", paths: ["/api/shop/locales/{id}"] },
  run: (ctx, { id }) => getLocale(ctx, id),
});

export const country = operation({
  ...shopQuery,
  name: "country",
  summary: "One country with its names per locale and its states.",
  input: z.object({ id: recordId() }),
  output: Country,
  // Beside `/countries/{country_id}/states`, so the path parameter keeps that name.
  rest: { method: "GET", paths: ["/api/shop/countries/{country_id}"], input: (raw) => ({ id: raw.countryId ?? raw.country_id }) },
  run: (ctx, { id }) => getCountry(ctx, id),
});

export const countryState = operation({
  ...shopQuery,
  name: "countryState",
  summary: "One state of a country.",
  input: z.object({ id: recordId() }),
  output: CountryState,
  rest: { method: "GET", paths: ["/api/shop/country-states/{id}"] },
  run: (ctx, { id }) => getCountryState(ctx, id),
});
