// The invoices and shipments of a customer's own orders: lists, one record, and an invoice as a PDF. Another
// customer's record is answered as missing (404), never as forbidden, so ids cannot be probed.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Download, Page, Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";
import { dec, formatPrice, toNumber } from "../money.ts";
import { currencyOf } from "./customer-orders.ts";
import { invoicePdf } from "./invoice-pdf.ts";

type Currency = Awaited<ReturnType<typeof currencyOf>>;
type Value = { toString(): string };

export const INVOICE_STATES = ["pending", "paid", "refunded"] as const;

const orderFields = {
  select: { id: true, incrementId: true, baseCurrencyCode: true, channelCurrencyCode: true, orderCurrencyCode: true, exchangeRate: true, shippingStatus: true, customerId: true, payment: { select: { additional: true } } },
} as const;

const invoiceInclude = {
  order: orderFields,
  items: { orderBy: { id: "asc" }, include: { orderItem: true } },
} as const;

const shipmentInclude = {
  order: orderFields,
  items: { orderBy: { id: "asc" }, include: { orderItem: { select: { sku: true, name: true, weight: true } } } },
} as const;

/** Scoped to the caller: only invoices and shipments of orders they placed. */
const own = (ctx: RequestContext) => ({ order: { customerId: customerId(ctx) } });

/** The gateway reference a payment recorded in its `additional` data, if any. */
function transactionIdOf(additional: unknown): string | null {
  if (!additional || typeof additional !== "object") return null;
  const a = additional as Record<string, unknown>;
  const id = a.transactionId ?? a.transaction_id;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
}

type InvoiceRecord = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

function findInvoice(ctx: RequestContext, id: number) {
  return ctx.db.invoice.findFirst({ where: { id, ...own(ctx) }, include: invoiceInclude });
}

function toInvoice(ctx: RequestContext, inv: InvoiceRecord, c: Currency) {
  const rate = dec(inv.order.exchangeRate).isZero() ? dec(1) : dec(inv.order.exchangeRate);
  const money = (v: Value) => toNumber(String(v), c.decimals);
  /** An order-currency amount in the base currency, at the order's rate. */
  const base = (v: Value) => toNumber(dec(v).div(rate));
  const created = inv.createdAt.toISOString();
  const updated = inv.updatedAt.toISOString();
  return {
    id: inv.id,
    orderId: inv.orderId,
    orderIncrementId: inv.order.incrementId,
    incrementId: inv.incrementId,
    state: inv.state,
    totalQty: inv.totalQty,
    subTotal: money(inv.subTotal),
    baseSubTotal: toNumber(String(inv.baseSubTotal)),
    shippingAmount: money(inv.shippingAmount),
    baseShippingAmount: base(inv.shippingAmount),
    taxAmount: money(inv.taxAmount),
    baseTaxAmount: base(inv.taxAmount),
    discountAmount: money(inv.discountAmount),
    baseDiscountAmount: base(inv.discountAmount),
    grandTotal: money(inv.grandTotal),
    baseGrandTotal: toNumber(String(inv.baseGrandTotal)),
    formattedGrandTotal: formatPrice(String(inv.grandTotal), c),
    shippingTaxAmount: 0,
    baseShippingTaxAmount: 0,
    subTotalInclTax: money(dec(inv.subTotal).plus(dec(inv.taxAmount))),
    baseSubTotalInclTax: base(dec(inv.subTotal).plus(dec(inv.taxAmount))),
    shippingAmountInclTax: money(inv.shippingAmount),
    baseShippingAmountInclTax: base(inv.shippingAmount),
    baseCurrencyCode: inv.order.baseCurrencyCode,
    channelCurrencyCode: inv.order.channelCurrencyCode,
    orderCurrencyCode: inv.order.orderCurrencyCode,
    transactionId: transactionIdOf(inv.order.payment?.additional),
    order: `/api/shop/customer-orders/${inv.orderId}`,
    downloadUrl: `${ctx.baseUrl}/api/shop/customer-invoices/${inv.id}/pdf`,
    createdAt: created,
    updatedAt: updated,
    items: inv.items.map((it) => {
      const oi = it.orderItem;
      // The order line's tax and discount, shared out over the invoiced units.
      const share = oi.qtyOrdered > 0 ? dec(it.qty).div(oi.qtyOrdered) : dec(0);
      const tax = dec(oi.taxAmount).mul(share);
      const discount = dec(oi.discountAmount).mul(share);
      const unitTax = it.qty > 0 ? tax.div(it.qty) : dec(0);
      const gross = dec(oi.price).mul(oi.qtyOrdered);
      return {
        id: it.id,
        invoiceId: it.invoiceId,
        orderItemId: it.orderItemId,
        parentId: oi.parentId,
        productId: oi.productId,
        productType: oi.type,
        sku: oi.sku,
        name: oi.name,
        description: oi.additional ? JSON.stringify(oi.additional) : null,
        qty: it.qty,
        price: money(it.price),
        basePrice: base(it.price),
        total: money(it.total),
        baseTotal: base(it.total),
        taxAmount: money(tax),
        baseTaxAmount: base(tax),
        discountPercent: gross.isZero() ? 0 : toNumber(dec(oi.discountAmount).div(gross).mul(100)),
        discountAmount: money(discount),
        baseDiscountAmount: base(discount),
        priceInclTax: money(dec(it.price).plus(unitTax)),
        basePriceInclTax: base(dec(it.price).plus(unitTax)),
        totalInclTax: money(dec(it.total).plus(tax)),
        baseTotalInclTax: base(dec(it.total).plus(tax)),
        createdAt: created,
        updatedAt: updated,
      };
    }),
  };
}

export interface InvoiceFilters {
  orderId?: number;
  state?: (typeof INVOICE_STATES)[number];
}

export async function listInvoices(ctx: RequestContext, f: InvoiceFilters, paging: Paging): Promise<Page<ReturnType<typeof toInvoice>>> {
  const where = { ...own(ctx), ...(f.orderId !== undefined ? { orderId: f.orderId } : {}), ...(f.state ? { state: f.state } : {}) };
  const [total, rows] = await Promise.all([
    ctx.db.invoice.count({ where }),
    paging.limit === 0
      ? Promise.resolve([])
      : ctx.db.invoice.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: paging.offset, take: paging.limit, include: invoiceInclude }),
  ]);
  const items = await Promise.all(rows.map(async (inv) => toInvoice(ctx, inv, await currencyOf(ctx, inv.order.orderCurrencyCode))));
  return { total, items };
}

export async function getInvoice(ctx: RequestContext, id: number) {
  const inv = await findInvoice(ctx, id);
  if (!inv) throw new NotFound("Customer invoice");
  return toInvoice(ctx, inv, await currencyOf(ctx, inv.order.orderCurrencyCode));
}

/** The invoice as a one-page PDF: number, order, date, lines and totals. */
export async function invoicePdfDownload(ctx: RequestContext, id: number): Promise<Download> {
  const inv = await findInvoice(ctx, id);
  if (!inv) throw new NotFound("Customer invoice");
  const c = await currencyOf(ctx, inv.order.orderCurrencyCode);
  const order = await ctx.db.order.findUniqueOrThrow({ where: { id: inv.orderId }, include: { addresses: { orderBy: { id: "asc" } } } });
  const price = (v: Value) => `${c.code} ${formatPrice(String(v), c)}`;
  const lines = [
    ctx.channel.name,
    `Invoice ${inv.incrementId ?? `#${inv.id}`}`,
    `Order ${order.incrementId}    Date ${inv.createdAt.toISOString().slice(0, 10)}    State ${inv.state}`,
    ...order.addresses.map((a) => `${a.addressType === "billing" ? "Bill to" : "Ship to"}: ${a.firstName} ${a.lastName}, ${a.address}, ${a.postcode} ${a.city}, ${a.country}`),
    "",
    "SKU / Item / Qty / Price / Total",
    ...inv.items.map((it) => `${it.orderItem.sku}  ${it.orderItem.name}  x${it.qty}  ${price(it.price)}  ${price(it.total)}`),
    "",
    `Subtotal ${price(inv.subTotal)}`,
    `Shipping ${price(inv.shippingAmount)}`,
    `Tax ${price(inv.taxAmount)}`,
    `Discount ${price(inv.discountAmount)}`,
    `Grand total ${price(inv.grandTotal)}`,
  ];
  return { filename: `invoice-${inv.id}.pdf`, contentType: "application/pdf", body: invoicePdf(lines) };
}

type ShipmentRecord = NonNullable<Awaited<ReturnType<typeof findShipment>>>;

function findShipment(ctx: RequestContext, id: number) {
  return ctx.db.shipment.findFirst({ where: { id, ...own(ctx) }, include: shipmentInclude });
}

export function toShipment(s: Omit<ShipmentRecord, "order"> & { order: { incrementId: string; shippingStatus: string | null } }) {
  const weighed = s.items.filter((i) => i.orderItem.weight != null);
  return {
    id: s.id,
    orderId: s.orderId,
    orderIncrementId: s.order.incrementId,
    status: s.order.shippingStatus,
    shippingNumber: String(s.id),
    carrierCode: s.carrierCode,
    carrierTitle: s.carrierTitle,
    trackNumber: s.trackNumber,
    totalQty: s.totalQty,
    totalWeight: weighed.length ? toNumber(weighed.reduce((sum, i) => sum.plus(dec(i.orderItem.weight).mul(i.qty)), dec(0)), 4) : null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    items: s.items.map((i) => ({
      id: i.id,
      orderItemId: i.orderItemId,
      sku: i.orderItem.sku,
      name: i.orderItem.name,
      qty: i.qty,
      weight: i.orderItem.weight == null ? null : toNumber(String(i.orderItem.weight), 4),
    })),
  };
}

export async function listShipments(ctx: RequestContext, f: { orderId?: number }, paging: Paging): Promise<Page<ReturnType<typeof toShipment>>> {
  const where = { ...own(ctx), ...(f.orderId !== undefined ? { orderId: f.orderId } : {}) };
  const [total, rows] = await Promise.all([
    ctx.db.shipment.count({ where }),
    paging.limit === 0
      ? Promise.resolve([])
      : ctx.db.shipment.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: paging.offset, take: paging.limit, include: shipmentInclude }),
  ]);
  return { total, items: rows.map(toShipment) };
}

export async function getShipment(ctx: RequestContext, id: number) {
  const s = await findShipment(ctx, id);
  if (!s) throw new NotFound("Customer shipment");
  return toShipment(s);
}
