// Channels, locales, currencies and exchange rates: the database work behind ./store.ts. Rows the store still
// stands on (a channel's default locale or base currency, a channel with orders, the last channel) are not deleted.
import type { RequestContext } from "../../context.ts";
import { Conflict, Validation } from "../../errors.ts";
import type { RowOf } from "../resource.ts";

async function unique(ctx: RequestContext, model: "channel" | "locale" | "currency", code: string | undefined, except?: number) {
  if (!code) return;
  const find = { where: { code }, select: { id: true } };
  const other = await (model === "channel" ? ctx.db.channel.findUnique(find) : model === "locale" ? ctx.db.locale.findUnique(find) : ctx.db.currency.findUnique(find));
  if (other && other.id !== except) throw Validation.field("code", `The code "${code}" is already used.`);
}

// ── Locales ──
export async function createLocale(ctx: RequestContext, input: { code: string; name: string; direction?: "ltr" | "rtl" }): Promise<number> {
  await unique(ctx, "locale", input.code);
  return (await ctx.db.locale.create({ data: input })).id;
}

export async function updateLocale(ctx: RequestContext, id: number, input: { name?: string; direction?: "ltr" | "rtl" }): Promise<void> {
  await ctx.db.locale.update({ where: { id }, data: input });
}

export async function deleteLocale(ctx: RequestContext, id: number): Promise<void> {
  if (await ctx.db.channel.count({ where: { defaultLocaleId: id } })) throw new Conflict("The locale is a channel's default locale.");
  await ctx.db.locale.delete({ where: { id } });
}

// ── Currencies ──
type CurrencyFields = { code: string; name: string; symbol: string; decimals?: number };

export async function createCurrency(ctx: RequestContext, input: CurrencyFields): Promise<number> {
  await unique(ctx, "currency", input.code);
  return (await ctx.db.currency.create({ data: input })).id;
}

export async function updateCurrency(ctx: RequestContext, id: number, input: Partial<Omit<CurrencyFields, "code">>): Promise<void> {
  await ctx.db.currency.update({ where: { id }, data: input });
}

export async function deleteCurrency(ctx: RequestContext, id: number): Promise<void> {
  if (await ctx.db.channel.count({ where: { baseCurrencyId: id } })) throw new Conflict("The currency is a channel's base currency.");
  await ctx.db.currency.delete({ where: { id } });
}

// ── Exchange rates ──
/** One rate per currency. */
export async function createExchangeRate(ctx: RequestContext, input: { currencyId: number; rate: number }): Promise<number> {
  if (!(await ctx.db.currency.count({ where: { id: input.currencyId } }))) throw Validation.field("currencyId", `There is no currency ${input.currencyId}.`);
  if (await ctx.db.exchangeRate.count({ where: { currencyId: input.currencyId } })) throw Validation.field("currencyId", "This currency has a rate already; change that one.");
  return (await ctx.db.exchangeRate.create({ data: { currencyId: input.currencyId, rate: input.rate } })).id;
}

export async function updateExchangeRate(ctx: RequestContext, id: number, input: { rate?: number }): Promise<void> {
  await ctx.db.exchangeRate.update({ where: { id }, data: input });
}

// ── Channels ──
export interface ChannelFields {
  code: string;
  name: string;
  description?: string | null;
  hostname?: string | null;
  timezone?: string | null;
  rootCategoryId?: number | null;
  defaultLocale: string;
  baseCurrency: string;
  locales: string[];
  currencies: string[];
}
type ChannelInput = Partial<ChannelFields>;

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

/** A channel as read: its locales and currencies by code. */
export const channelInclude = () => ({ defaultLocale: true, baseCurrency: true, locales: { include: { locale: true } }, currencies: { include: { currency: true } } });
export const toChannel = (_ctx: unknown, c: RowOf<"channel", ReturnType<typeof channelInclude>>) => ({
  ...c,
  defaultLocale: c.defaultLocale.code,
  baseCurrency: c.baseCurrency.code,
  locales: c.locales.map((l: { locale: { code: string } }) => l.locale.code).sort(),
  currencies: c.currencies.map((x: { currency: { code: string } }) => x.currency.code).sort(),
});
const scalars = (i: ChannelInput) => ({ code: i.code, name: i.name, description: i.description, hostname: i.hostname, timezone: i.timezone, rootCategoryId: i.rootCategoryId });

export async function createChannel(ctx: RequestContext, input: ChannelFields): Promise<number> {
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
}

export async function updateChannel(ctx: RequestContext, id: number, input: ChannelInput): Promise<void> {
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
}

export async function deleteChannel(ctx: RequestContext, id: number): Promise<void> {
  const [orders, all] = await Promise.all([ctx.db.order.count({ where: { channelId: id } }), ctx.db.channel.count()]);
  if (all <= 1) throw new Conflict("The store needs at least one channel.");
  if (orders) throw new Conflict(`The channel has ${orders} orders and cannot be deleted.`);
  await ctx.db.channel.delete({ where: { id } });
}
