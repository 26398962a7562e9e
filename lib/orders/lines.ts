// What is left to do on an order line: to invoice, ship, refund or cancel. The back office, the customer's order
// and the payment code (lib/payments/capture.ts) all count by these.
import { lineShips } from "../cart/state.ts";

export type Line = { qtyOrdered: number; qtyInvoiced: number; qtyShipped: number; qtyRefunded: number; qtyCanceled: number; type: string; additional: unknown };
/** Virtual and downloadable lines, and bundles of such products (lib/cart/state.ts `lineShips`), are never shipped. */
const ships = (i: Line) => (i.type === "bundle" ? lineShips(i) : i.type !== "virtual" && i.type !== "downloadable");
export const qtyToInvoice = (i: Line) => Math.max(0, i.qtyOrdered - i.qtyInvoiced - i.qtyCanceled);
export const qtyToShip = (i: Line) => (ships(i) ? Math.max(0, i.qtyOrdered - i.qtyShipped - i.qtyCanceled - i.qtyRefunded) : 0);
export const qtyToRefund = (i: Line) => Math.max(0, i.qtyInvoiced - i.qtyRefunded);
/** Units of a line that can still be canceled: neither shipped, canceled nor refunded yet. */
export function qtyToCancel(i: { qtyOrdered: number; qtyShipped: number; qtyCanceled: number; qtyRefunded: number }): number {
  return Math.max(0, i.qtyOrdered - i.qtyShipped - i.qtyCanceled - i.qtyRefunded);
}
