// Countries and their states over the Admin API. Addresses name a country by its code and a state by its code,
// as text, so a country or state that address books still use is not deleted (409), and a country's code is fixed
// once made (rename it by name; a new code is a new country).
import { z } from "zod";
import type { RequestContext } from "../../context.ts";
import { Conflict, Validation } from "../../errors.ts";
import { intParam, recordId } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";

const text = (max: number) => z.string().trim().min(1, { message: "is required" }).max(max);

export const AdminCountry = z
  .object({ id: z.int(), code: z.string(), name: z.string(), stateCount: z.int() })
  .meta({ id: "AdminCountry", iri: "/api/admin/settings/countries" });

const CountryFields = z.object({
  code: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { message: "must be a two-letter ISO 3166-1 code" }),
  name: text(100),
});

async function addressesIn(ctx: RequestContext, country: string, state?: string): Promise<number> {
  return ctx.db.customerAddress.count({ where: { country, ...(state === undefined ? {} : { state }) } });
}

export const countries = adminResource({
  path: "settings/countries", one: "Country", many: "Countries", permission: "settings.countries", model: "country", output: AdminCountry,
  include: () => ({ _count: { select: { states: true } } }),
  toOutput: (_ctx, c) => ({ ...c, stateCount: c._count.states }),
  filters: z.object({ code: z.string().trim().max(2).optional(), name: z.string().trim().max(100).optional() }),
  where: (_ctx, f) => ({ ...(f.code ? { code: f.code.toUpperCase() } : {}), ...(f.name ? { name: { contains: f.name } } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }), name: (d) => ({ name: d }) }, default: "name" },
  create: {
    input: CountryFields,
    run: async (ctx, input) => {
      if (await ctx.db.country.count({ where: { code: input.code } })) throw Validation.field("code", `The country ${input.code} exists already.`);
      return (await ctx.db.country.create({ data: input })).id;
    },
  },
  update: { input: CountryFields.omit({ code: true }).partial(), run: async (ctx, id, input) => void (await ctx.db.country.update({ where: { id }, data: input })) },
  remove: async (ctx, id) => {
    const country = await ctx.db.country.findUniqueOrThrow({ where: { id } });
    const used = await addressesIn(ctx, country.code);
    if (used) throw new Conflict(`${used} customer address(es) are in ${country.name}; change them first.`);
    await ctx.db.country.delete({ where: { id } });
  },
});

export const AdminCountryState = z
  .object({ id: z.int(), countryId: z.int(), countryCode: z.string(), code: z.string(), name: z.string() })
  .meta({ id: "AdminCountryState", iri: "/api/admin/settings/country-states" });

const StateFields = z.object({
  countryId: recordId(),
  code: text(10).regex(/^[A-Za-z0-9-]+$/, { message: "must hold letters, digits and dashes only" }),
  name: text(100),
});

async function stateCodeFree(ctx: RequestContext, countryId: number, code: string, except?: number) {
  const other = await ctx.db.countryState.findUnique({ where: { countryId_code: { countryId, code } }, select: { id: true } });
  if (other && other.id !== except) throw Validation.field("code", `The country has a state ${code} already.`);
}

export const countryStates = adminResource({
  path: "settings/country-states", one: "CountryState", many: "CountryStates", permission: "settings.countries", model: "countryState", output: AdminCountryState,
  include: () => ({ country: { select: { code: true } } }),
  toOutput: (_ctx, s) => ({ ...s, countryCode: s.country.code }),
  filters: z.object({ countryId: intParam().optional(), code: z.string().trim().max(10).optional() }),
  where: (_ctx, f) => ({ ...(f.countryId !== undefined ? { countryId: f.countryId } : {}), ...(f.code ? { code: f.code } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }), name: (d) => ({ name: d }) }, default: "id" },
  create: {
    input: StateFields,
    run: async (ctx, input) => {
      if (!(await ctx.db.country.count({ where: { id: input.countryId } }))) throw Validation.field("countryId", `There is no country ${input.countryId}.`);
      await stateCodeFree(ctx, input.countryId, input.code);
      return (await ctx.db.countryState.create({ data: input })).id;
    },
  },
  update: {
    input: StateFields.omit({ countryId: true }).partial(),
    run: async (ctx, id, input) => {
      const state = await ctx.db.countryState.findUniqueOrThrow({ where: { id }, include: { country: true } });
      if (input.code && input.code !== state.code) {
        await stateCodeFree(ctx, state.countryId, input.code, id);
        const used = await addressesIn(ctx, state.country.code, state.code);
        if (used) throw new Conflict(`${used} customer address(es) use the state code ${state.code}; it cannot change.`);
      }
      await ctx.db.countryState.update({ where: { id }, data: input });
    },
  },
  remove: async (ctx, id) => {
    const state = await ctx.db.countryState.findUniqueOrThrow({ where: { id }, include: { country: true } });
    const used = await addressesIn(ctx, state.country.code, state.code);
    if (used) throw new Conflict(`${used} customer address(es) are in ${state.name}; change them first.`);
    await ctx.db.countryState.delete({ where: { id } });
  },
});
