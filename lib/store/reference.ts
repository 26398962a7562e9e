// The store's reference data as the Shop API lists it: channels, locales, currencies, countries and their states.
import type { RequestContext } from "../context.ts";
import type { Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";

export async function listChannels(ctx: RequestContext, { offset, limit }: Paging) {
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
}

export async function listLocales(ctx: RequestContext, { offset, limit }: Paging) {
  const [total, items] = await Promise.all([
    ctx.db.locale.count(),
    ctx.db.locale.findMany({ orderBy: { id: "asc" }, skip: offset, take: limit }),
  ]);
  return { total, items };
}

/** Each currency with its rate against the channel's base currency (1 for the base itself). */
export async function listCurrencies(ctx: RequestContext, { offset, limit }: Paging) {
  const [total, rows] = await Promise.all([
    ctx.db.currency.count(),
    ctx.db.currency.findMany({ orderBy: { id: "asc" }, skip: offset, take: limit, include: { exchangeRate: true } }),
  ]);
  return {
    total,
    items: rows.map((c) => ({ ...c, exchangeRate: c.code === ctx.channel.baseCurrency ? 1 : Number(c.exchangeRate?.rate ?? 1) })),
  };
}

export async function listCountries(ctx: RequestContext, { offset, limit }: Paging) {
  const [total, items] = await Promise.all([
    ctx.db.country.count(),
    ctx.db.country.findMany({ orderBy: { name: "asc" }, skip: offset, take: limit }),
  ]);
  return { total, items };
}

/** The states of a country named by its id or its two-letter code, by name; 404 for an unknown country. */
export async function countryStates(ctx: RequestContext, countryId: string) {
  const country = await ctx.db.country.findFirst({
    where: /^\d+$/.test(countryId) ? { id: Number(countryId) } : { code: countryId.toUpperCase() },
    include: { states: { orderBy: { name: "asc" } } },
  });
  if (!country) throw new NotFound("Country");
  return country.states.map((s) => ({ ...s, countryCode: country.code }));
}
