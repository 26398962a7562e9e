// The mails that follow an order, a return, a GDPR request or an EU withdrawal: each helper reads what the message
// needs (the address, the name, the locale the order was placed in) inside the caller's transaction and writes the
// message there, so the domain code calls one line at the point of the change.
import type { Tx } from "../db/client.ts";
import type { RequestContext } from "../context.ts";
import { dec, formatPrice, type Amount } from "../money.ts";
import { enqueueMail, type MailWriter } from "./outbox.ts";
import { DEFAULT_LOCALE, type MailData, type MailKind } from "./templates.ts";
import { summaryData, type SummaryOrder } from "./order-summary.ts";
import { orderLink } from "../orders/guest-access.ts";

type OrderMailKind = Extract<MailKind, `order_${string}`>;

async function orderFacts(tx: Tx, orderId: number) {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      id: true, incrementId: true, customerId: true, customerEmail: true, customerFirstName: true, orderCurrencyCode: true, cartId: true, shippingTitle: true,
      grandTotal: true, subTotal: true, shippingAmount: true, taxAmount: true, discountAmount: true,
      items: { where: { parentId: null }, orderBy: { id: "asc" }, select: { name: true, sku: true, qtyOrdered: true, total: true } },
      addresses: { orderBy: { id: "asc" } },
      payment: { select: { methodTitle: true } },
    },
  });
  const [cart, currency] = await Promise.all([
    order.cartId ? tx.cart.findUnique({ where: { id: order.cartId }, select: { locale: true } }) : null,
    tx.currency.findUnique({ where: { code: order.orderCurrencyCode }, select: { code: true, symbol: true, decimals: true } }),
  ]);
  const money = (v: Amount) => formatPrice(dec(v), currency ?? { code: order.orderCurrencyCode, symbol: `${order.orderCurrencyCode} `, decimals: 2 });
  return { order, locale: cart?.locale ?? DEFAULT_LOCALE, money };
}

/** An order mail: placed, canceled, invoiced (`amount`), shipped (`carrierTitle`, `trackNumber`), refunded (`amount`). */
export async function mailOrderEvent(
  tx: Tx,
  baseUrl: string,
  kind: OrderMailKind,
  orderId: number,
  extra: { amount?: Amount; carrierTitle?: string | null; trackNumber?: string | null } = {},
): Promise<void> {
  const { order, locale, money } = await orderFacts(tx, orderId);
  const data: MailData = {
    ...summaryData({
      lines: order.items.map((i) => ({ name: i.name, sku: i.sku, quantity: i.qtyOrdered, total: money(i.total) })),
      addresses: order.addresses,
      paymentTitle: order.payment?.methodTitle ?? null,
      shippingTitle: order.shippingTitle,
      subTotal: money(order.subTotal),
      shippingAmount: dec(order.shippingAmount).isZero() ? null : money(order.shippingAmount),
      taxAmount: dec(order.taxAmount).isZero() ? null : money(order.taxAmount),
      discountAmount: dec(order.discountAmount).isZero() ? null : money(order.discountAmount),
      grandTotal: money(order.grandTotal),
    }),
    firstName: order.customerFirstName,
    incrementId: order.incrementId,
    grandTotal: money(order.grandTotal),
    amount: extra.amount === undefined ? null : money(extra.amount),
    carrierTitle: extra.carrierTitle ?? null,
    trackNumber: extra.trackNumber ?? null,
    orderUrl: orderLink(baseUrl, order),
  };
  await enqueueMail(tx, kind, order.customerEmail, data, locale);
}

/**
 * The order placed mail, from what checkout already holds (one INSERT, no reads: checkout counts its statements),
 * in the locale and currency of the request that placed it.
 */
export async function mailOrderPlaced(
  tx: MailWriter,
  ctx: Pick<RequestContext, "baseUrl" | "locale" | "currency">,
  order: { id: number; incrementId: string; customerId: number | null; email: string; firstName: string | null; grandTotal: Amount; summary: SummaryOrder },
): Promise<void> {
  const data: MailData = {
    ...summaryData(order.summary),
    firstName: order.firstName,
    incrementId: order.incrementId,
    grandTotal: formatPrice(dec(order.grandTotal), ctx.currency),
    orderUrl: orderLink(ctx.baseUrl, order),
  };
  await enqueueMail(tx, "order_placed", order.email, data, ctx.locale);
}

/** A return mail: raised, its status moved (`status`: the new status's title), or the store replied (`message`). */
export async function mailReturnEvent(
  tx: Tx,
  baseUrl: string,
  kind: "return_raised" | "return_status" | "return_reply",
  returnId: number,
  extra: { status?: string; message?: string } = {},
): Promise<void> {
  const rma = await tx.returnRequest.findUniqueOrThrow({ where: { id: returnId }, select: { id: true, orderId: true, customerId: true } });
  const { order, locale } = await orderFacts(tx, rma.orderId);
  await enqueueMail(
    tx,
    kind,
    order.customerEmail,
    {
      firstName: order.customerFirstName,
      incrementId: order.incrementId,
      returnId: rma.id,
      status: extra.status ?? null,
      message: extra.message ?? null,
      returnUrl: rma.customerId ? `${baseUrl}/account/returns` : null,
    },
    locale,
  );
}

/** A GDPR request was received or completed. */
export async function mailGdprEvent(tx: Tx, kind: "gdpr_received" | "gdpr_completed", requestId: number, locale: string): Promise<void> {
  const req = await tx.gdprRequest.findUniqueOrThrow({
    where: { id: requestId },
    select: { id: true, type: true, email: true, customer: { select: { firstName: true } } },
  });
  await enqueueMail(tx, kind, req.email, { firstName: req.customer.firstName, requestId: req.id, type: req.type }, locale);
}

/** An EU withdrawal was received. */
export async function mailWithdrawalReceived(tx: Tx, withdrawalId: number): Promise<void> {
  const w = await tx.euWithdrawal.findUniqueOrThrow({ where: { id: withdrawalId }, select: { orderId: true, customerEmail: true, uuid: true, receivedAt: true } });
  const { order, locale } = await orderFacts(tx, w.orderId);
  await enqueueMail(
    tx,
    "eu_withdrawal_received",
    w.customerEmail,
    { firstName: order.customerFirstName, incrementId: order.incrementId, uuid: w.uuid, receivedAt: w.receivedAt.toISOString().slice(0, 10) },
    locale,
  );
}
