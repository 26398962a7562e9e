// Amounts as payment providers take them: integers in the currency's minor unit (cents), computed with decimal.js.
// The exponents are ISO 4217's as Stripe applies them (https://docs.stripe.com/currencies#zero-decimal).
import { Decimal, dec, type Amount } from "../money.ts";
import { Validation } from "../errors.ts";

const ZERO_DECIMAL = new Set(["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]);
const THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

/** How many minor units a currency's unit has, as a power of ten. */
export function minorExponent(currencyCode: string): number {
  const code = currencyCode.toUpperCase();
  return ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
}

/** `12.34` USD → 1234; refused (422) when the amount has more precision than the currency can carry. */
export function toMinor(amount: Amount, currencyCode: string): number {
  const minor = dec(amount).mul(new Decimal(10).pow(minorExponent(currencyCode)));
  if (!minor.isInteger()) throw Validation.field("amount", `${dec(amount).toString()} ${currencyCode} is not a whole number of the currency's smallest unit.`);
  return minor.toNumber();
}

/** 1234 USD → `12.34`. */
export function fromMinor(minor: number, currencyCode: string): Decimal {
  return new Decimal(minor).div(new Decimal(10).pow(minorExponent(currencyCode)));
}
