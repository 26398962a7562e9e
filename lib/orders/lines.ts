// What is left to do on an order line: to invoice, ship, refund or cancel. The back office, the customer's order
// and the payment code (lib/payments/capture.ts) all count by these.
import { lineShips } from "../cart/state.ts";

export type Line = { qtyOrdered: number; qtyInvoiced: number; qtyShipped: number; qtyRefunded: number; qtyCanceled: number; type: string; additional: unknown };
/** Virtual and downloadable lines, and bundles of such products (lib/cart/state.ts `lineShips`), are never shipped. */
const ships = (i: Line) => (i.type === "bundle" ? lineShips(i) : i.type !== "virtual" && i.type !== "downloadable");
export const qtyToInvoice = (i: Line) => Math.max(0, i.qtyOrdered - i.qtyInvoiced - i.qtyCanceled);
export const qtyToShip = (i: Line) => (ships(i) ? Math.max(0, i.qtyOrdered - i.qtyShipped - i.qtyCanceled - i.qtyRefunded) : 0);
export const qtyToRefund = (i: Line) => Math.max(0, i.qtyInvoiced - i.qtyRefunded);
/**
 * Units of a line that can still be canceled: neither canceled, invoiced nor shipped. An invoiced unit is paid for:
 * it is refunded, never canceled, so a line never reads ordered 2, invoiced 2, canceled 2.
 */
export function qtyToCancel(i: { qtyOrdered: number; qtyShipped: number; qtyCanceled: number; qtyInvoiced: number }): number {
  return Math.max(0, i.qtyOrdered - i.qtyCanceled - Math.max(i.qtyInvoiced, i.qtyShipped));
}

/** Units of a line the customer still holds a claim to: ordered, not canceled and not refunded. */
export const qtyKept = (i: { qtyOrdered: number; qtyCanceled: number; qtyRefunded: number }) => Math.max(0, i.qtyOrdered - i.qtyCanceled - i.qtyRefunded);
