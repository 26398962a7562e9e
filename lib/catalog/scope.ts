// A catalog read in another scope than the request's headers name: the family's `products(channel:, locale:)`.
// Unlike the headers (SPEC.md: an unknown header value falls back silently), an argument naming a channel or a
// locale the store does not have is an error: the caller asked for that scope by name.
import type { RequestContext } from "../context.ts";
import { BadRequest } from "../errors.ts";
import { storeSettings } from "../store/settings.ts";

/**
 * The request context with the channel and locale `codes` name (either may be absent). Another channel brings its
 * default locale and, unless it also offers the request's currency, its base currency.
 */
export async function scopedContext(ctx: RequestContext, codes: { channel?: unknown; locale?: unknown }): Promise<RequestContext> {
  const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
  const settings = await storeSettings(ctx.db);
  let channel = ctx.channel;
  if (codes.channel !== undefined) {
    const found = typeof codes.channel === "string" ? settings.channels.get(codes.channel) : undefined;
    if (!found) throw new BadRequest(`The store has no channel "${text(codes.channel)}".`, "unknown_channel");
    channel = found;
  }
  let locale = channel === ctx.channel ? ctx.locale : channel.defaultLocale;
  if (codes.locale !== undefined) {
    if (typeof codes.locale !== "string" || !channel.locales.includes(codes.locale)) {
      throw new BadRequest(`Channel "${channel.code}" has no locale "${text(codes.locale)}".`, "unknown_locale");
    }
    locale = codes.locale;
  }
  if (channel === ctx.channel && locale === ctx.locale) return ctx;
  const baseCurrency = settings.currencies.get(channel.baseCurrency) ?? ctx.baseCurrency;
  const currency = channel.currencies.includes(ctx.currency.code) ? ctx.currency : baseCurrency;
  return { ...ctx, channel, locale, currency, baseCurrency };
}
