// Shop activity the reports read: product page visits and search terms. Recorded off the request path: a
// failed write costs a data point, never the shopper's answer.
import type { RequestContext } from "../context.ts";

/** Resolves when the write settles, so tests can await it; callers on the request path do not. */
export function recordVisit(ctx: RequestContext, productId: number): Promise<void> {
  const customerId = ctx.principal.kind === "customer" ? ctx.principal.customerId : null;
  return ctx.db.productVisit
    .create({ data: { productId, customerId, channelId: ctx.channel.id } })
    .then(() => undefined, () => undefined);
}

/** One more use of a search term in this channel and locale, with the number of results it found last. */
export function recordSearch(ctx: RequestContext, query: string, results: number): Promise<void> {
  const term = query.trim().toLowerCase().slice(0, 191);
  if (!term) return Promise.resolve();
  const where = { term_channelId_locale: { term, channelId: ctx.channel.id, locale: ctx.locale } };
  return ctx.db.searchTerm
    .upsert({
      where,
      create: { term, results, uses: 1, channelId: ctx.channel.id, locale: ctx.locale },
      update: { results, uses: { increment: 1 } },
    })
    .then(() => undefined, () => undefined);
}
