// Turning a cart into an order: one transaction for the order, its lines, addresses and payment, the stock
// decrement, the coupon usage and closing the cart. The cart id is unique on orders, so a retry or a double
// click finds the order the first attempt made instead of making a second one.
import type { RequestContext } from "../context.ts";
import type { Tx } from "../db/client.ts";
import { Conflict, Validation } from "../errors.ts";
import { convert, dec } from "../money.ts";
import { STOCKABLE_TYPES, type LineOptions } from "../cart/totals.ts";
import { transition } from "../orders/transitions.ts";
import { checkoutState, requireStep } from "./steps.ts";
import { openGatewaySession } from "./payment.ts";

export interface PlacedOrder {
  id: number;
  incrementId: string;
  status: string;
}

export async function orderForCart(ctx: RequestContext, cartId: number): Promise<PlacedOrder | null> {
  return ctx.db.order.findUnique({ where: { cartId }, select: { id: true, incrementId: true, status: true } });
}

export interface PaymentRecord {
  /** Marks the order paid (offsite gateway): pending → processing. */
  paid: boolean;
  /** What the gateway reported (its name, the transaction id), kept on the order payment. */
  additional?: Record<string, string>;
}

/**
 * Step 4: onsite methods place the order at once; an offsite gateway gets a new payment session (with the return
 * URLs the payment step stored last) and the order is created when the shopper has paid. An order already placed
 * for the cart is the answer to a retry.
 */
export async function checkoutOrder(ctx: RequestContext, cartId: number): Promise<{ order: PlacedOrder } | { redirectUrl: string }> {
  const existing = await orderForCart(ctx, cartId);
  if (existing) return { order: existing };
  const { cart } = await checkoutState(ctx.db, cartId);
  const method = cart.paymentMethod ? await ctx.db.paymentMethod.findUnique({ where: { code: cart.paymentMethod } }) : null;
  if (!method?.offsite) return { order: await placeOrder(ctx, cartId, { paid: false }) };
  await requireStep(ctx.db, cartId, "placeOrder");
  const last = await ctx.db.paymentSession.findFirst({ where: { cartId, status: "pending" }, orderBy: { id: "desc" } });
  const urls = { successUrl: last?.successUrl ?? null, failureUrl: last?.failureUrl ?? null, cancelUrl: last?.cancelUrl ?? null };
  return { redirectUrl: await openGatewaySession(ctx.db, ctx, cartId, method.code, urls) };
}

export async function placeOrder(ctx: RequestContext, cartId: number, payment: PaymentRecord): Promise<PlacedOrder> {
  const existing = await orderForCart(ctx, cartId);
  if (existing) return existing;
  try {
    return await ctx.db.$transaction((tx) => createOrder(tx, ctx, cartId, payment), { timeout: 20_000 });
  } catch (e) {
    // Lost a race with another attempt on the same cart (a unique-key clash, or the cart closed under us):
    // that attempt's order is the answer.
    const order = await orderForCart(ctx, cartId);
    if (order) return order;
    throw e;
  }
}

async function createOrder(tx: Tx, ctx: RequestContext, cartId: number, payment: PaymentRecord): Promise<PlacedOrder> {
  const closed = await tx.cart.findUniqueOrThrow({ where: { id: cartId }, select: { isActive: true } });
  if (!closed.isActive) {
    const order = await tx.order.findUnique({ where: { cartId }, select: { id: true, incrementId: true, status: true } });
    if (order) return order;
    throw new Conflict("This cart has already been checked out.");
  }
  await requireStep(tx, cartId, "placeOrder");
  const full = await tx.cart.findUniqueOrThrow({
    where: { id: cartId },
    include: {
      items: { where: { parentId: null }, orderBy: { id: "asc" }, include: { product: { include: { downloadableLinks: true } } } },
      addresses: true,
      shippingRates: true,
      customer: { select: { id: true, customerGroupId: true, email: true, firstName: true, lastName: true } },
    },
  });
  const billing = full.addresses.find((a) => a.addressType === "billing")!;
  const rate = full.shippingRates.find((r) => r.method === full.shippingMethod) ?? null;
  const money = (base: unknown) => convert(dec(base as never), ctx.currency).toString();

  // Stock first: a conditional decrement per line, so two shoppers racing for the last unit cannot both win.
  for (const item of full.items) {
    if (!STOCKABLE_TYPES.has(item.type)) continue;
    const productId = (item.additional as LineOptions | null)?.variantId ?? item.productId;
    const { count } = await tx.productInventory.updateMany({
      where: { productId, channelId: full.channelId, qty: { gte: item.quantity } },
      data: { qty: { decrement: item.quantity } },
    });
    if (count === 0) throw Validation.field("quantity", `${item.name} is no longer in stock in the quantity ordered.`);
  }

  let coupon: { id: number; usageLimit: number | null } | null = null;
  if (full.couponCode) {
    coupon = await tx.coupon.findUnique({ where: { code: full.couponCode }, select: { id: true, usageLimit: true } });
    if (coupon) {
      const limit = coupon.usageLimit;
      const { count } = await tx.coupon.updateMany({
        where: { id: coupon.id, ...(limit != null ? { timesUsed: { lt: limit } } : {}) },
        data: { timesUsed: { increment: 1 } },
      });
      if (count === 0) throw Validation.field("couponCode", "This coupon has been used up.");
    }
  }

  const paymentMethod = await tx.paymentMethod.findUnique({ where: { code: full.paymentMethod! } });
  const status = payment.paid ? transition("pending", "pay") : "pending";
  const order = await tx.order.create({
    data: {
      incrementId: `tmp-${cartId}`,
      status,
      channelId: full.channelId,
      channelName: ctx.channel.name,
      customerId: full.customerId,
      customerEmail: full.customer?.email ?? full.customerEmail ?? billing.email ?? "",
      customerFirstName: full.customer?.firstName ?? billing.firstName,
      customerLastName: full.customer?.lastName ?? billing.lastName,
      isGuest: full.customerId == null,
      customerGroupId: full.customer?.customerGroupId ?? null,
      couponCode: full.couponCode,
      shippingMethod: full.shippingMethod,
      shippingTitle: rate ? rate.methodTitle : null,
      shippingDescription: rate?.methodDescription ?? null,
      baseCurrencyCode: ctx.baseCurrency.code,
      channelCurrencyCode: ctx.channel.baseCurrency,
      orderCurrencyCode: ctx.currency.code,
      exchangeRate: ctx.currency.rate.toString(),
      totalItemCount: full.items.length,
      totalQtyOrdered: full.items.reduce((n, i) => n + i.quantity, 0),
      baseSubTotal: full.baseSubtotal,
      subTotal: money(full.baseSubtotal),
      baseDiscountAmount: full.baseDiscountAmount,
      discountAmount: money(full.baseDiscountAmount),
      baseShippingAmount: full.baseShippingAmount,
      shippingAmount: money(full.baseShippingAmount),
      baseTaxAmount: full.baseTaxAmount,
      taxAmount: money(full.baseTaxAmount),
      baseGrandTotal: full.baseGrandTotal,
      grandTotal: money(full.baseGrandTotal),
      grandTotalInvoiced: payment.paid ? money(full.baseGrandTotal) : "0",
      cartId,
      addresses: {
        create: full.addresses.map(({ addressType, firstName, lastName, companyName, email, phone, address, country, state, city, postcode }) => ({
          addressType, firstName, lastName, companyName, email, phone, address, country, state, city, postcode,
        })),
      },
      payment: {
        create: { method: full.paymentMethod!, methodTitle: paymentMethod?.title ?? full.paymentMethodTitle ?? full.paymentMethod!, additional: payment.additional ?? {} },
      },
    },
  });
  const incrementId = String(order.id).padStart(9, "0");
  await tx.order.update({ where: { id: order.id }, data: { incrementId } });

  for (const item of full.items) {
    const options = (item.additional ?? {}) as LineOptions;
    const line = await tx.orderItem.create({
      data: {
        orderId: order.id,
        productId: item.productId,
        sku: item.sku,
        type: item.type,
        name: item.name,
        qtyOrdered: item.quantity,
        qtyInvoiced: payment.paid ? item.quantity : 0,
        basePrice: item.basePrice,
        price: money(item.basePrice),
        baseTotal: item.baseTotal,
        total: money(item.baseTotal),
        weight: item.weight,
        additional: item.additional ?? {},
      },
    });
    if (item.type === "downloadable") {
      const chosen = new Set(options.links ?? []);
      const links = item.product.downloadableLinks.filter((l) => chosen.has(l.id));
      await tx.downloadablePurchase.createMany({
        data: links.map((l) => ({
          customerId: full.customerId,
          orderId: order.id,
          orderItemId: line.id,
          linkId: l.id,
          productName: item.name,
          name: l.title,
          type: l.type,
          filePath: l.filePath,
          url: l.url,
          downloadBought: l.downloads * item.quantity,
          status: payment.paid ? "available" : "pending",
        })),
      });
    }
  }
  if (coupon) await tx.couponUsage.create({ data: { couponId: coupon.id, customerId: full.customerId, orderId: order.id } });
  await tx.cart.update({ where: { id: cartId }, data: { isActive: false } });
  return { id: order.id, incrementId, status };
}
