// A customer's own orders: the list and the detail. Amounts are shown as the order recorded them, in its currency.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Tx } from "../db/client.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";
import { formatPrice, toNumber, type CurrencyInfo } from "../money.ts";
import { storeSettings } from "../store/settings.ts";
import { canTransition } from "./transitions.ts";
import { qtyToCancel } from "./lines.ts";
import { toShipment } from "./customer-documents.ts";

export const ORDER_SORTS = ["createdAt", "updatedAt", "grandTotal"] as const;

export interface OrderListInput {
  /** A token of ORDER_SORTS, `-` first for descending. */
  sort: string;
  status?: string;
}

export const detailInclude = {
  items: { orderBy: { id: "asc" } },
  addresses: { orderBy: { id: "asc" } },
  payment: true,
  paymentTransactions: { orderBy: { id: "asc" } },
  shipments: { orderBy: { id: "asc" }, include: { items: { orderBy: { id: "asc" }, include: { orderItem: { select: { sku: true, name: true, weight: true } } } } } },
} as const;

type OrderRecord = NonNullable<Awaited<ReturnType<Tx["order"]["findFirst"]>>>;
type OrderWithDetail = NonNullable<Awaited<ReturnType<typeof findOwnOrder>>>;
type Currency = Pick<CurrencyInfo, "code" | "symbol" | "decimals">;

export async function currencyOf(ctx: RequestContext, code: string): Promise<Currency> {
  const known = (await storeSettings(ctx.db)).currencies.get(code);
  return known ?? { code, symbol: `${code} `, decimals: 2 };
}

const amount = (v: unknown, c: Currency) => toNumber(String(v), c.decimals);

export function toOrderRow(o: OrderRecord, c: Currency) {
  return {
    id: o.id,
    incrementId: o.incrementId,
    status: o.status,
    shippingStatus: o.shippingStatus,
    grandTotal: amount(o.grandTotal, c),
    formattedGrandTotal: formatPrice(String(o.grandTotal), c),
    itemsCount: o.totalItemCount,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    channelName: o.channelName,
    customerEmail: o.customerEmail,
    customerFirstName: o.customerFirstName,
    customerLastName: o.customerLastName,
    shippingMethod: o.shippingMethod,
    shippingTitle: o.shippingTitle,
    couponCode: o.couponCode,
    totalItemCount: o.totalItemCount,
    totalQtyOrdered: o.totalQtyOrdered,
    baseGrandTotal: toNumber(String(o.baseGrandTotal)),
    subTotal: amount(o.subTotal, c),
    baseSubTotal: toNumber(String(o.baseSubTotal)),
    taxAmount: amount(o.taxAmount, c),
    shippingAmount: amount(o.shippingAmount, c),
    discountAmount: amount(o.discountAmount, c),
    baseCurrencyCode: o.baseCurrencyCode,
    orderCurrencyCode: o.orderCurrencyCode,
  };
}

type OrderAddressRecord = OrderWithDetail["addresses"][number];

/**
 * An order's copy of one address. It is written with the order and never changed, so it was made and last updated
 * when the order was placed. What the store does not keep on the copy is null: the address-book entry it came from,
 * the checkout's "use for shipping" choice, a gender and a VAT id; a copy is never an address book's default.
 */
function toOrderAddress(o: OrderWithDetail, a: OrderAddressRecord) {
  const placed = o.createdAt.toISOString();
  return {
    id: a.id,
    _id: a.id,
    addressType: `order_${a.addressType}`,
    firstName: a.firstName,
    lastName: a.lastName,
    companyName: a.companyName,
    address: a.address,
    city: a.city,
    state: a.state,
    country: a.country,
    postcode: a.postcode,
    email: a.email,
    phone: a.phone,
    name: `${a.firstName} ${a.lastName}`,
    orderId: a.orderId,
    customerId: o.customerId,
    cartId: o.cartId,
    parentAddressId: null,
    useForShipping: null,
    gender: null,
    vatId: null,
    defaultAddress: false,
    createdAt: placed,
    updatedAt: placed,
  };
}

export function toOrderDetail(o: OrderWithDetail, c: Currency) {
  return {
    ...toOrderRow(o, c),
    canCancel: canTransition(o.status, "cancel") && o.items.some((i) => qtyToCancel(i) > 0),
    canReorder: o.items.some((i) => i.parentId === null && i.productId !== null),
    items: o.items.map((i) => ({
      id: i.id,
      parentId: i.parentId,
      productId: i.productId,
      sku: i.sku,
      type: i.type,
      name: i.name,
      qtyOrdered: i.qtyOrdered,
      qtyShipped: i.qtyShipped,
      qtyInvoiced: i.qtyInvoiced,
      qtyCanceled: i.qtyCanceled,
      qtyRefunded: i.qtyRefunded,
      price: amount(i.price, c),
      formattedPrice: formatPrice(String(i.price), c),
      total: amount(i.total, c),
      formattedTotal: formatPrice(String(i.total), c),
      discountAmount: amount(i.discountAmount, c),
      taxAmount: amount(i.taxAmount, c),
      options: i.additional ?? null,
      additional: i.additional ?? null,
      basePrice: toNumber(String(i.basePrice)),
      baseTotal: toNumber(String(i.baseTotal)),
      baseDiscountAmount: toNumber(String(i.baseDiscountAmount)),
      baseTaxAmount: toNumber(String(i.baseTaxAmount)),
    })),
    addresses: o.addresses.map((a) => toOrderAddress(o, a)),
    payment: o.payment ? { id: o.payment.id, method: o.payment.method, methodTitle: o.payment.methodTitle } : null,
    shipments: o.shipments.map((s) => toShipment({ ...s, order: o })),
    channelCurrencyCode: o.channelCurrencyCode,
    baseTaxAmount: toNumber(String(o.baseTaxAmount)),
    baseShippingAmount: toNumber(String(o.baseShippingAmount)),
    baseDiscountAmount: toNumber(String(o.baseDiscountAmount)),
    grandTotalInvoiced: amount(o.grandTotalInvoiced, c),
    grandTotalRefunded: amount(o.grandTotalRefunded, c),
    // The provider's ids and refusals are the staff's business, not the shopper's.
    paymentTransactions: o.paymentTransactions.map((t) => ({
      id: t.id, kind: t.kind, status: t.status, currencyCode: t.currencyCode, offline: t.offline, createdAt: t.createdAt.toISOString(),
      amount: toNumber(String(t.amount)), formattedAmount: formatPrice(String(t.amount), c),
    })),
  };
}

export async function listOrders(ctx: RequestContext, input: OrderListInput, paging: Paging): Promise<Page<ReturnType<typeof toOrderRow>>> {
  const where = { customerId: customerId(ctx), ...(input.status ? { status: input.status } : {}) };
  const dir = input.sort.startsWith("-") ? "desc" : "asc";
  const field = input.sort.replace(/^-/, "") as (typeof ORDER_SORTS)[number];
  const [total, rows] = await Promise.all([
    ctx.db.order.count({ where }),
    paging.limit === 0
      ? Promise.resolve([])
      : ctx.db.order.findMany({ where, orderBy: [{ [field]: dir }, { id: dir }], skip: paging.offset, take: paging.limit }),
  ]);
  const items = await Promise.all(rows.map(async (o) => toOrderRow(o, await currencyOf(ctx, o.orderCurrencyCode))));
  return { total, items };
}

/** The caller's order with everything the detail shows; null when it is missing or someone else's. */
export function findOwnOrder(db: Tx, owner: number, id: number) {
  return db.order.findFirst({ where: { id, customerId: owner }, include: detailInclude });
}

export async function orderDetail(ctx: RequestContext, id: number) {
  const order = await findOwnOrder(ctx.db, customerId(ctx), id);
  if (!order) throw new NotFound("Order");
  return toOrderDetail(order, await currencyOf(ctx, order.orderCurrencyCode));
}
