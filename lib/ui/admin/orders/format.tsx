// How the order screens show an order's values: amounts in the order's own currency, statuses in words.
import type { Schemas } from "../client";

export type Order = Schemas["AdminOrder"];
export type OrderLine = Schemas["AdminOrderItem"];

const formats = new Map<string, Intl.NumberFormat>();

/** An amount as the API gives it, in `currency` (the order's `orderCurrencyCode`). */
export function money(amount: number, currency: string): string {
  let format = formats.get(currency);
  if (!format) formats.set(currency, (format = new Intl.NumberFormat(undefined, { style: "currency", currency })));
  return format.format(amount);
}

/** `on_hold` → `on hold`. */
export const statusText = (status: string) => status.replace(/_/g, " ");

export const StatusBadge = ({ status }: { status: string }) => <span className={`ap-badge ap-order-${status}`}>{statusText(status)}</span>;

export const orderName = (o: { incrementId: string }) => `order #${o.incrementId}`;

/** The lines an action works on: the top-level ones (a configurable's variant line moves with its parent). */
export const topLines = (o: Order) => o.items.filter((i) => i.parentId === null);
