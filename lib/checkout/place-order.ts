// Turning a cart into an order: one transaction for the order, its lines, addresses and payment, the stock
// decrement, the coupon usage and closing the cart. The cart id is unique on orders, so a retry or a double
// click finds the order the first attempt made instead of making a second one. The change feed's events of the order
// (`order.placed`, then an `inventory.updated` per stock row taken) are written in that transaction, in one INSERT.
import type { RequestContext } from "../context.ts";
import type { Sql, SqlTx } from "../db/sql/index.ts";
import { later } from "../db/sql/pipeline.ts";
import { declareRows, withDeclaredRows } from "../db/observe.ts";
import { Conflict, Validation } from "../errors.ts";
import { convert, formatPrice, Decimal } from "../money.ts";
import { STOCKABLE_TYPES } from "../cart/totals.ts";
import { loadCart, stockNeeds, type CartState } from "../cart/state.ts";
import { transition } from "../orders/transitions.ts";
import { requireStep } from "./steps.ts";
import { paymentMethodByCode } from "./reference.ts";
import { activeShippingMethods } from "./reference.ts";
import { canTakePayment, noProviderMessage } from "../payments/providers.ts";
import { paymentPageUrl, recordSession, type Opening } from "../payments/sessions.ts";
import { bookCapture, type Capture } from "../payments/capture.ts";
import { storeSettings } from "../store/settings.ts";
import { mailOrderPlaced } from "../mail/events.ts";
import { requireUsableCoupon } from "../cart/coupons.ts";
import { recordEvents, type NewEvent } from "../events/record.ts";
import { inventoryUpdated } from "../orders/stock.ts";

export interface PlacedOrder {
  id: number;
  incrementId: string;
  status: string;
}

/** The order a cart became, if any (the cart id is unique on orders). */
async function orderForCart(db: Sql, cartId: number): Promise<PlacedOrder | null> {
  return (await db.selectFrom("Order").select(["id", "incrementId", "status"]).where("cartId", "=", cartId).executeTakeFirst()) ?? null;
}

/**
 * The payment method of a code (./reference.ts), for an order transaction. The list is held in process and warmed
 * here, before the transaction, so the transaction usually finds it held.
 */
async function paymentMethodLookup(ctx: RequestContext) {
  await paymentMethodByCode(ctx.sql, ""); // loads the held list (a code no method has)
  return (code: string) => paymentMethodByCode(ctx.sql, code);
}
type MethodLookup = Awaited<ReturnType<typeof paymentMethodLookup>>;

export interface PaymentRecord {
  /** Marks the order paid (offsite gateway): pending → processing. */
  paid: boolean;
  /** What the gateway reported (its name, the transaction id), kept on the order payment. */
  additional?: Record<string, string>;
  /** The money the provider took (or is taking), booked on the order with its invoice when it is in. */
  transaction?: Capture;
  /** The method it was paid with (a payment session's), when not the cart's current choice. */
  method?: string;
}

/**
 * Step 4: onsite methods place the order at once; an offsite gateway gets a new payment session (with the return
 * URLs the payment step stored last) and the order is created when the shopper has paid. An order already placed
 * for the cart is the answer to a retry. One transaction reads the cart once and does whichever applies.
 */
export async function checkoutOrder(ctx: RequestContext, cartId: number): Promise<{ order: PlacedOrder } | { redirectUrl: string }> {
  const [settings, methodOf] = await Promise.all([storeSettings(ctx.db), paymentMethodLookup(ctx)]);
  const done = await inOrderTransaction<{ order: PlacedOrder } | { opening: Opening }>(ctx, cartId, (order) => ({ order }), async (tx) => {
    const state = await loadCart(tx, ctx, cartId, { allowClosed: true });
    // An open cart has no order yet (the order closes the cart in its transaction): only a closed one is looked up.
    const placed = state.cart.isActive ? null : await orderForCart(tx, cartId);
    if (placed) return { order: placed };
    const method = state.cart.paymentMethod ? await methodOf(state.cart.paymentMethod) : null;
    if (!method?.offsite) return { order: await createOrder(tx, ctx, methodOf, state, { paid: false }) };
    // Chosen while a provider was configured for it, and none is now (./providers.ts).
    if (!canTakePayment(method)) throw Validation.field("paymentMethod", noProviderMessage(method.code));
    requireStep(state, "placeOrder");
    const last = await tx
      .selectFrom("PaymentSession")
      .select(["successUrl", "failureUrl", "cancelUrl"])
      .where("cartId", "=", cartId)
      .where("status", "=", "pending")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    const urls = { successUrl: last?.successUrl ?? null, failureUrl: last?.failureUrl ?? null, cancelUrl: last?.cancelUrl ?? null };
    return { opening: await recordSession(tx, settings, state, method, urls) };
  });
  // Opened at the provider once the session is committed (lib/payments/sessions.ts).
  return "order" in done ? done : { redirectUrl: await paymentPageUrl(ctx, done.opening) };
}

/** What the payment an order is placed for holds it to, in the order's transaction; throwing undoes everything. */
export interface OrderGuard {
  /** Checks the cart as read in the transaction, before anything is written. */
  before(state: CartState): void;
  /** Runs once the order is written. */
  after(tx: SqlTx, order: PlacedOrder): Promise<void>;
}

/**
 * Places the order of a cart paid offsite (lib/checkout/gateway.ts), or answers the one already placed (then the
 * guard does not run: that order was paid for by whoever placed it).
 */
export async function placeOrder(ctx: RequestContext, cartId: number, payment: PaymentRecord, guard: OrderGuard): Promise<PlacedOrder> {
  const existing = await orderForCart(ctx.sql, cartId);
  if (existing) return existing;
  const methodOf = await paymentMethodLookup(ctx);
  return inOrderTransaction(ctx, cartId, (order) => order, async (tx) => {
    const state = await loadCart(tx, ctx, cartId, { allowClosed: true });
    const placed = state.cart.isActive ? null : await orderForCart(tx, cartId);
    if (placed) return placed;
    guard.before(state);
    const order = await createOrder(tx, ctx, methodOf, state, payment);
    await guard.after(tx, order);
    return order;
  });
}

/**
 * Runs `work` in the transaction an order is made in. Lost a race with another attempt on the same cart (a
 * unique-key clash on the order's cart id, a ConstraintError; or the cart closed under us): that attempt's order is
 * the answer, as `found` makes it.
 */
async function inOrderTransaction<T>(ctx: RequestContext, cartId: number, found: (order: PlacedOrder) => T, work: (tx: SqlTx) => Promise<T>): Promise<T> {
  try {
    // The stock it takes names its products, so the catalog caches drop only what shows them (lib/catalog/cache.ts).
    return await withDeclaredRows(() => ctx.sql.transaction().execute(work));
  } catch (e) {
    const order = await orderForCart(ctx.sql, cartId);
    if (order) return found(order);
    throw e;
  }
}

/** The order of `state`, the cart as read in this transaction; a closed cart without an order is a 409. */
async function createOrder(tx: SqlTx, ctx: RequestContext, methodOf: MethodLookup, state: CartState, payment: PaymentRecord): Promise<PlacedOrder> {
  if (!state.cart.isActive) throw new Conflict("This cart has already been checked out.");
  const cartId = state.cart.id;
  requireStep(state, "placeOrder");
  const downloadable = state.lines.filter((l) => l.type === "downloadable").map((l) => l.productId);
  // Links by id, so a line's purchases are written in the same order on every database.
  const customer = state.cart.customerId != null
    ? ((await tx
        .selectFrom("Customer")
        .select(["id", "customerGroupId", "email", "firstName", "lastName"])
        .where("id", "=", state.cart.customerId)
        .executeTakeFirst()) ?? null)
    : null;
  const links = downloadable.length
    ? await tx.selectFrom("DownloadableLink").selectAll().where("productId", "in", downloadable).orderBy("id", "asc").execute()
    : [];
  const methods = await activeShippingMethods(tx);
  const full = {
    ...state.cart,
    items: state.lines.map((l) => ({ ...l, product: { downloadableLinks: links.filter((d) => d.productId === l.productId) } })),
    addresses: [state.billing, state.shipping].filter((a) => a != null),
    customer,
  };
  const billing = state.billing!;
  const method = methods.find((m) => `${m.code}_${m.code}` === full.shippingMethod);
  const rate = method ? { methodTitle: method.title, methodDescription: method.description } : null;
  const money = (base: Decimal) => convert(base, ctx.currency);

  // Stock first: a conditional decrement per product a line takes (a bundle line: each of its products), so two
  // shoppers racing for the last unit cannot both win. Each row's change is an event of the order's.
  const sold: NewEvent<"inventory.updated">[] = [];
  for (const item of full.items) {
    if (!STOCKABLE_TYPES.has(item.type)) continue;
    for (const [productId, qty] of stockNeeds(item)) {
      // The shop shows whether a product is in stock, not how many units: only stock that runs out changes what a
      // cached read shows, so that product (and the line's, which shows it) is named once the decrement tells.
      declareRows("ProductInventory", []);
      const left = await tx
        .updateTable("ProductInventory")
        .set((eb) => ({ qty: eb("qty", "-", qty) }))
        .where("productId", "=", productId)
        .where("channelId", "=", full.channelId)
        .where("qty", ">=", qty)
        .returning(["id", "productId", "channelId", "qty", "updatedAt"])
        .executeTakeFirst();
      if (!left) throw Validation.field("quantity", `${item.name} is no longer in stock in the quantity ordered.`);
      if (left.qty <= 0) declareRows("ProductInventory", [productId, item.productId]);
      sold.push(inventoryUpdated(left, left.qty + qty, "sale"));
    }
  }
  // A sale moves its products' updatedAt too, all at once. No cached read shows it: declared as touching nothing a
  // cache shows, it drops no catalog read (the stock that ran out, declared above, drops what shows it).
  const soldProducts = [...new Set(sold.map((e) => e.data.productId))];
  if (soldProducts.length) {
    declareRows("Product", []);
    await later(tx, tx.updateTable("Product").set({ updatedAt: new Date() }).where("id", "in", soldProducts));
  }

  let coupon: { id: number; usageLimit: number | null } | null = null;
  if (full.couponCode) {
    // Checked again as the order is made: a coupon switched off, out of its dates, under its minimum or used up by
    // this customer since it went on the cart gives no discount to this order (422 naming it; nothing is written).
    const usable = await requireUsableCoupon(tx, full.couponCode, { customerId: full.customerId, baseSubtotal: full.baseSubtotal });
    const limit = usable.usageLimit;
    // Counted conditionally, so two orders racing for a coupon's last use cannot both take it.
    const { numUpdatedRows } = await tx
      .updateTable("Coupon")
      .set((eb) => ({ timesUsed: eb("timesUsed", "+", 1) }))
      .where("id", "=", usable.id)
      .$if(limit != null, (q) => q.where("timesUsed", "<", limit!))
      .executeTakeFirst();
    if (numUpdatedRows === 0n) throw Validation.field("couponCode", "This coupon has been used up.");
    coupon = usable;
  }

  // Paid through a session: the method of that session, even if the cart chose another since (the shopper paid anyway).
  const methodCode = payment.method ?? full.paymentMethod!;
  const paymentMethod = await methodOf(methodCode);
  const status = payment.paid ? transition("pending", "pay") : "pending";
  const { id: orderId } = await tx.insertInto("Order").values({
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
    baseSubTotal: full.baseSubtotal.toString(),
    subTotal: money(full.baseSubtotal).toString(),
    baseDiscountAmount: full.baseDiscountAmount.toString(),
    discountAmount: money(full.baseDiscountAmount).toString(),
    baseShippingAmount: full.baseShippingAmount.toString(),
    shippingAmount: money(full.baseShippingAmount).toString(),
    baseTaxAmount: full.baseTaxAmount.toString(),
    taxAmount: money(full.baseTaxAmount).toString(),
    baseGrandTotal: full.baseGrandTotal.toString(),
    grandTotal: money(full.baseGrandTotal).toString(),
    cartId,
  }).returning("id").executeTakeFirstOrThrow();
  const incrementId = String(orderId).padStart(9, "0");
  // One statement each: the number, the addresses, the payment, the lines that need no id back. From here on, every
  // write whose answer is not needed goes with the others and the commit in one round trip (lib/db/sql/pipeline.ts);
  // the order's stamp is given, so its event tells it without reading it back.
  const numberedAt = new Date();
  await later(tx, tx.updateTable("Order").set({ incrementId, updatedAt: numberedAt }).where("id", "=", orderId));
  await later(
    tx,
    tx.insertInto("OrderAddress").values(
      full.addresses.map(({ addressType, firstName, lastName, companyName, email, phone, address, country, state, city, postcode }) => ({
        orderId, addressType, firstName, lastName, companyName, email, phone, address, country, state, city, postcode,
      })),
    ),
  );
  await later(
    tx,
    tx.insertInto("OrderPayment").values({
      orderId,
      method: methodCode,
      methodTitle: paymentMethod?.title ?? (methodCode === full.paymentMethod ? full.paymentMethodTitle : null) ?? methodCode,
      additional: payment.additional ?? {},
    }),
  );

  const lineData = (item: (typeof full.items)[number]) => ({
    orderId,
    productId: item.productId,
    sku: item.sku,
    type: item.type,
    name: item.name,
    qtyOrdered: item.quantity,
    basePrice: item.basePrice.toString(),
    price: money(item.basePrice).toString(),
    baseTotal: item.baseTotal.toString(),
    total: money(item.baseTotal).toString(),
    weight: item.weight?.toString() ?? null,
    additional: item.additional ?? {},
  });
  // Lines in cart order; a downloadable line needs its id back for its purchases, so a cart with one goes line by line.
  if (!downloadable.length) await later(tx, tx.insertInto("OrderItem").values(full.items.map((item) => lineData(item))));
  for (const item of downloadable.length ? full.items : []) {
    const options = item.additional ?? {};
    const { id: lineId } = await tx.insertInto("OrderItem").values(lineData(item)).returning("id").executeTakeFirstOrThrow();
    if (item.type === "downloadable") {
      const chosen = new Set(options.links ?? []);
      const links = item.product.downloadableLinks.filter((l) => chosen.has(l.id));
      if (!links.length) continue;
      await tx.insertInto("DownloadablePurchase").values(
        links.map((l) => ({
          customerId: full.customerId,
          orderId,
          orderItemId: lineId,
          linkId: l.id,
          productName: item.name,
          name: l.title,
          type: l.type,
          filePath: l.filePath,
          url: l.url,
          downloadBought: l.downloads * item.quantity,
          status: payment.paid ? "available" : "pending",
        })),
      ).execute();
    }
  }
  // The money the provider took: its transaction, and once it is in the invoice (lib/payments/capture.ts).
  const booked = payment.transaction ? await bookCapture(tx, orderId, payment.transaction) : null;
  if (coupon) await later(tx, tx.insertInto("CouponUsage").values({ couponId: coupon.id, customerId: full.customerId, orderId }));
  await later(tx, tx.updateTable("Cart").set({ isActive: false }).where("id", "=", cartId));
  await mailOrderPlaced(tx, ctx, {
    id: orderId, incrementId, customerId: full.customerId, email: full.customer?.email ?? full.customerEmail ?? billing.email ?? "",
    firstName: full.customer?.firstName ?? billing.firstName, grandTotal: money(full.baseGrandTotal),
    // From what the transaction holds: no statement more (checkout counts them).
    summary: {
      lines: full.items.map((i) => ({ name: i.name, sku: i.sku, quantity: i.quantity, total: formatPrice(money(i.baseTotal), ctx.currency) })),
      addresses: full.addresses,
      paymentTitle: paymentMethod?.title ?? full.paymentMethodTitle ?? methodCode,
      shippingTitle: rate?.methodTitle ?? null,
      subTotal: formatPrice(money(full.baseSubtotal), ctx.currency),
      shippingAmount: full.baseShippingAmount.isZero() ? null : formatPrice(money(full.baseShippingAmount), ctx.currency),
      taxAmount: full.baseTaxAmount.isZero() ? null : formatPrice(money(full.baseTaxAmount), ctx.currency),
      discountAmount: full.baseDiscountAmount.isZero() ? null : formatPrice(money(full.baseDiscountAmount), ctx.currency),
      grandTotal: formatPrice(money(full.baseGrandTotal), ctx.currency),
    },
  });
  // Placed paid, the order is told as placed in the state its capture left it (no order.updated of its own).
  const placed = booked?.order ?? { status, updatedAt: numberedAt };
  const placedEvent: NewEvent<"order.placed"> = {
    type: "order.placed",
    data: {
      id: orderId, incrementId, status: placed.status, updatedAt: placed.updatedAt,
      grandTotal: money(full.baseGrandTotal).toString(), currency: ctx.currency.code, customerId: full.customerId, channelId: full.channelId,
    },
  };
  await recordEvents(tx, [placedEvent, ...sold]);
  return { id: orderId, incrementId, status };
}
