// Countries and their states: the database work behind ./countries.ts. Addresses name a country and a state by
// code, as text, so a country or state that address books still use is not deleted, nor its state code changed.
import type { RequestContext } from "../../context.ts";
import { Conflict, Validation } from "../../errors.ts";

async function addressesIn(ctx: RequestContext, country: string, state?: string): Promise<number> {
  return ctx.db.customerAddress.count({ where: { country, ...(state === undefined ? {} : { state }) } });
}

export async function createCountry(ctx: RequestContext, input: { code: string; name: string }): Promise<number> {
  if (await ctx.db.country.count({ where: { code: input.code } })) throw Validation.field("code", `The country ${input.code} exists already.`);
  return (await ctx.db.country.create({ data: input })).id;
}

export async function updateCountry(ctx: RequestContext, id: number, input: { name?: string }): Promise<void> {
  await ctx.db.country.update({ where: { id }, data: input });
}

export async function deleteCountry(ctx: RequestContext, id: number): Promise<void> {
  const country = await ctx.db.country.findUniqueOrThrow({ where: { id } });
  const used = await addressesIn(ctx, country.code);
  if (used) throw new Conflict(`${used} customer address(es) are in ${country.name}; change them first.`);
  await ctx.db.country.delete({ where: { id } });
}

async function stateCodeFree(ctx: RequestContext, countryId: number, code: string, except?: number) {
  const other = await ctx.db.countryState.findUnique({ where: { countryId_code: { countryId, code } }, select: { id: true } });
  if (other && other.id !== except) throw Validation.field("code", `The country has a state ${code} already.`);
}

export async function createState(ctx: RequestContext, input: { countryId: number; code: string; name: string }): Promise<number> {
  if (!(await ctx.db.country.count({ where: { id: input.countryId } }))) throw Validation.field("countryId", `There is no country ${input.countryId}.`);
  await stateCodeFree(ctx, input.countryId, input.code);
  return (await ctx.db.countryState.create({ data: input })).id;
}

export async function updateState(ctx: RequestContext, id: number, input: { code?: string; name?: string }): Promise<void> {
  const state = await ctx.db.countryState.findUniqueOrThrow({ where: { id }, include: { country: true } });
  if (input.code && input.code !== state.code) {
    await stateCodeFree(ctx, state.countryId, input.code, id);
    const used = await addressesIn(ctx, state.country.code, state.code);
    if (used) throw new Conflict(`${used} customer address(es) use the state code ${state.code}; it cannot change.`);
  }
  await ctx.db.countryState.update({ where: { id }, data: input });
}

export async function deleteState(ctx: RequestContext, id: number): Promise<void> {
  const state = await ctx.db.countryState.findUniqueOrThrow({ where: { id }, include: { country: true } });
  const used = await addressesIn(ctx, state.country.code, state.code);
  if (used) throw new Conflict(`${used} customer address(es) are in ${state.name}; change them first.`);
  await ctx.db.countryState.delete({ where: { id } });
}
