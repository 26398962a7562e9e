// What an offsite payment showed the shopper when it was opened, kept on its session: the grand total in the cart's
// currency and the lines. The order a successful payment makes is made from the cart as it is at that moment, so
// the two are compared first: a cart changed in between (lines, quantities, coupon, shipping, currency) would
// become an order for other goods, or for another amount, than the one paid.
import type { CartState } from "../cart/state.ts";
import { convert, dec, type CurrencyInfo, type Decimal } from "../money.ts";
import { resolveScope, type StoreSettings } from "../store/settings.ts";

// A type, not an interface: stored as JSON, which Prisma wants index-signature compatible.
export type ShownLine = {
  productId: number;
  sku: string;
  quantity: number;
  /** Decimal as text: a float would round. */
  basePrice: string;
};

export interface Shown {
  amount: Decimal;
  currencyCode: string;
  lines: ShownLine[];
}

/** The currency a cart is paid in: its own while its channel offers it, else the channel's base (resolveScope's rule). */
export function cartCurrency(settings: StoreSettings, cart: { channelId: number; currencyCode: string }): CurrencyInfo {
  const channel = [...settings.channels.values()].find((c) => c.id === cart.channelId) ?? settings.defaultChannel;
  return resolveScope(settings, { channel: channel.code, currency: cart.currencyCode }).currency;
}

/** What a gateway page for this cart shows. */
export function shownFor(settings: StoreSettings, state: CartState): Shown {
  const currency = cartCurrency(settings, state.cart);
  return {
    amount: convert(state.cart.baseGrandTotal, currency),
    currencyCode: currency.code,
    lines: state.lines.map((l) => ({ productId: l.productId, sku: l.sku, quantity: l.quantity, basePrice: l.basePrice.toString() })),
  };
}

// One line as text to compare by: the stored JSON may come back with its keys reordered (PostgreSQL's jsonb).
const lineKey = (l: Partial<ShownLine>) => JSON.stringify([Number(l.productId), String(l.sku), Number(l.quantity), dec(l.basePrice ?? "NaN").toString()]);

/** Whether a session's stored snapshot is what the cart would be paid as now; a session without one never is. */
export function sameAsShown(session: { amount: { toString(): string } | null; currencyCode: string | null; lines: unknown }, now: Shown): boolean {
  if (session.amount == null || session.currencyCode == null || !Array.isArray(session.lines)) return false;
  if (session.currencyCode !== now.currencyCode || !dec(session.amount).eq(now.amount)) return false;
  const stored = (session.lines as Partial<ShownLine>[]).map(lineKey);
  const current = now.lines.map(lineKey);
  return stored.length === current.length && stored.every((k, i) => k === current[i]);
}
