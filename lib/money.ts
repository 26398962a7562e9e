// Money is Decimal end to end; it becomes a JSON number only when it leaves the service.
import { Decimal } from "decimal.js";

export { Decimal };
export type Amount = Decimal | string | number;

/** Accepts Prisma's Decimal (another decimal.js copy) as well as strings and numbers. */
export const dec = (v: Amount | { toString(): string } | null | undefined): Decimal =>
  new Decimal(v == null ? 0 : typeof v === "object" ? v.toString() : v);

/** Rounded to the currency's minor unit, as a JSON number. */
export function toNumber(v: Amount, decimals = 2): number {
  return dec(v).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toNumber();
}

export interface CurrencyInfo {
  code: string;
  symbol: string;
  decimals: number;
  /** Units of this currency per unit of the base currency. */
  rate: Decimal;
}

export function convert(base: Amount, currency: CurrencyInfo): Decimal {
  return dec(base).mul(currency.rate).toDecimalPlaces(currency.decimals, Decimal.ROUND_HALF_UP);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** `$1,234.50`, `€12.00`: the symbol the store configured, grouping and decimals from the currency. */
export function formatPrice(amount: Amount, currency: Pick<CurrencyInfo, "code" | "symbol" | "decimals">): string {
  const key = `${currency.code}:${currency.decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat("en-US", { minimumFractionDigits: currency.decimals, maximumFractionDigits: currency.decimals });
    formatters.set(key, f);
  }
  const n = dec(amount);
  const text = f.format(n.abs().toNumber());
  return `${n.isNegative() ? "-" : ""}${currency.symbol}${text}`;
}
