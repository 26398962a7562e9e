// Output shapes of the store's reference data, declared once for REST, GraphQL and OpenAPI.
import { z } from "zod";

const ChannelTranslation = z
  .object({
    id: z.int(),
    channelId: z.int(),
    locale: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    maintenanceModeText: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "ChannelTranslation", iri: "/api/shop/channel-translations" });

export const Channel = z
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
    theme: z.string(),
    logo: z.string().nullable(),
    logoUrl: z.string().nullable(),
    favicon: z.string().nullable(),
    faviconUrl: z.string().nullable(),
    isMaintenanceOn: z.boolean(),
    allowedIps: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The request locale's texts, else the channel's default locale's. */
    translation: ChannelTranslation.nullable(),
    translations: z.array(ChannelTranslation).meta({ connection: true }),
  })
  .meta({ id: "Channel", iri: "/api/shop/channels" });

export const Locale = z
  .object({
    id: z.int(),
    code: z.string(),
    name: z.string(),
    direction: z.string(),
    logoPath: z.string().nullable(),
    logoUrl: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Locale", iri: "/api/shop/locales" });

export const Currency = z
  .object({ id: z.int(), code: z.string(), name: z.string(), symbol: z.string(), decimals: z.int(), exchangeRate: z.number() })
  .meta({ id: "Currency", iri: "/api/shop/currencies" });

/** A state's name in one store locale; state names are proper nouns, so every locale shows the stored one. */
const CountryStateTranslation = z
  .object({ id: z.string(), locale: z.string(), defaultName: z.string() })
  .meta({ id: "CountryStateTranslation" });

export const CountryState = z
  .object({
    id: z.int(),
    countryId: z.int(),
    countryCode: z.string(),
    code: z.string(),
    name: z.string(),
    defaultName: z.string(),
    translation: CountryStateTranslation,
    translations: z.array(CountryStateTranslation).meta({ connection: true }),
  })
  .meta({ id: "CountryState", iri: "/api/shop/country-states" });

const CountryTranslation = z
  .object({ id: z.string(), _id: z.int(), locale: z.string(), name: z.string() })
  .meta({ id: "CountryTranslation" });

export const Country = z
  .object({
    id: z.int(),
    code: z.string(),
    name: z.string(),
    translation: CountryTranslation,
    translations: z.array(CountryTranslation).meta({ connection: true }),
    states: z.array(CountryState).meta({ connection: true }),
  })
  .meta({ id: "Country", iri: "/api/shop/countries" });
