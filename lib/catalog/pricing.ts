// Prices as the shopper sees them: the special price while it applies, converted to the request currency.
import type { RequestContext } from "../context.ts";
import { convert, dec, formatPrice, toNumber, type Decimal } from "../money.ts";

export interface Priced {
  price: unknown;
  specialPrice: unknown;
  specialPriceFrom: Date | null;
  specialPriceTo: Date | null;
}

/** The special price when it is set, lower than the price and within its dates; otherwise null. */
export function activeSpecialPrice(p: Priced, now = new Date()): Decimal | null {
  if (p.specialPrice == null) return null;
  const special = dec(p.specialPrice);
  if (special.gte(dec(p.price as never))) return null;
  if (p.specialPriceFrom && p.specialPriceFrom > now) return null;
  if (p.specialPriceTo && p.specialPriceTo < now) return null;
  return special;
}

export function finalPrice(p: Priced, now = new Date()): Decimal {
  return activeSpecialPrice(p, now) ?? dec(p.price as never);
}

/** A base-currency amount as `{ amount, formatted }` in the request currency. */
export function display(ctx: Pick<RequestContext, "currency">, base: unknown) {
  const amount = convert(dec(base as never), ctx.currency);
  return { amount: toNumber(amount, ctx.currency.decimals), formatted: formatPrice(amount, ctx.currency) };
}
