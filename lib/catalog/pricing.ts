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

interface Shown {
  amount: number;
  formatted: string;
}

/**
 * Amounts already shown, by currency (the store's currency objects live until its settings change) and base
 * amount: a page shows the same few prices again and again, and converting and formatting one is most of a row's work.
 */
const shown = new WeakMap<object, Map<string, Shown>>();
const MAX_SHOWN = 10_000;

/** The same text for the same value, whatever carries it (a number, a string, either Decimal copy); -0 apart. */
function amountKey(v: unknown): string {
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (v !== null && typeof v === "object" && typeof (v as { s?: unknown }).s === "number") return ((v as { s: number }).s < 0 ? "-" : "") + (v as Decimal).toString();
  if (typeof v === "string") return `string:${v}`;
  if (typeof v === "bigint") return `bigint:${v.toString()}`;
  return `${typeof v}:${JSON.stringify(v) ?? ""}`;
}

/** A base-currency amount as `{ amount, formatted }` in the request currency. */
export function display(ctx: Pick<RequestContext, "currency">, base: unknown): Shown {
  let memo = shown.get(ctx.currency);
  if (!memo) shown.set(ctx.currency, (memo = new Map<string, Shown>()));
  const key = amountKey(base);
  let out = memo.get(key);
  if (!out) {
    const amount = convert(dec(base as never), ctx.currency);
    out = { amount: toNumber(amount, ctx.currency.decimals), formatted: formatPrice(amount, ctx.currency) };
    if (memo.size >= MAX_SHOWN) memo.clear();
    memo.set(key, out);
  }
  return out;
}
