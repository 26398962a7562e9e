// Countries and their states over the Admin API. Addresses name a country by its code and a state by its code,
// as text, so a country or state that address books still use is not deleted (409), and a country's code is fixed
// once made (rename it by name; a new code is a new country).
import { z } from "zod";
import { intParam, recordId } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { createCountry, createState, deleteCountry, deleteState, updateCountry, updateState } from "./country-service.ts";

const text = (max: number) => z.string().trim().min(1, { message: "is required" }).max(max);

export const AdminCountry = z
  .object({ id: z.int(), code: z.string(), name: z.string(), stateCount: z.int() })
  .meta({ id: "AdminCountry", iri: "/api/admin/settings/countries" });

const CountryFields = z.object({
  code: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { message: "must be a two-letter ISO 3166-1 code" }),
  name: text(100),
});

export const countries = adminResource({
  path: "settings/countries", one: "Country", many: "Countries", permission: "settings.countries", model: "country", output: AdminCountry,
  include: () => ({ _count: { select: { states: true } } }),
  toOutput: (_ctx, c) => ({ ...c, stateCount: c._count.states }),
  filters: z.object({
    code: z.string().trim().max(2).optional().describe("Exact two-letter code, case-insensitive."),
    name: z.string().trim().max(100).optional().describe("Substring of the country name."),
  }),
  where: (_ctx, f) => ({ ...(f.code ? { code: f.code.toUpperCase() } : {}), ...(f.name ? { name: { contains: f.name } } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }), name: (d) => ({ name: d }) }, default: "name" },
  create: { input: CountryFields, run: createCountry },
  update: { input: CountryFields.omit({ code: true }).partial(), run: updateCountry },
  remove: deleteCountry,
});

export const AdminCountryState = z
  .object({ id: z.int(), countryId: z.int(), countryCode: z.string(), code: z.string(), name: z.string() })
  .meta({ id: "AdminCountryState", iri: "/api/admin/settings/country-states" });

const StateFields = z.object({
  countryId: recordId(),
  code: text(10).regex(/^[A-Za-z0-9-]+$/, { message: "must hold letters, digits and dashes only" }),
  name: text(100),
});

export const countryStates = adminResource({
  path: "settings/country-states", one: "CountryState", many: "CountryStates", permission: "settings.countries", model: "countryState", output: AdminCountryState,
  include: () => ({ country: { select: { code: true } } }),
  toOutput: (_ctx, s) => ({ ...s, countryCode: s.country.code }),
  filters: z.object({ countryId: intParam().optional(), code: z.string().trim().max(10).optional() }),
  where: (_ctx, f) => ({ ...(f.countryId !== undefined ? { countryId: f.countryId } : {}), ...(f.code ? { code: f.code } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }), name: (d) => ({ name: d }) }, default: "id" },
  create: { input: StateFields, run: createState },
  update: { input: StateFields.omit({ countryId: true }).partial(), run: updateState },
  remove: deleteState,
});
