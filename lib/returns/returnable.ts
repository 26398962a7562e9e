// The lines of one of the caller's orders that a return may still be raised for: within their return window and
// with units left to return or cancel (SPEC.md "Returnable item").
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Db, Tx } from "../db/client.ts";
import { NotFound } from "../errors.ts";
import { imageUrl } from "../catalog/products.ts";
import { toNumber } from "../money.ts";
import { lineQuantities, returnPeriod, storeReturnPeriod, windowExpired } from "./quantities.ts";

const lineSelect = {
  id: true, productId: true, parentId: true, sku: true, name: true, type: true, price: true,
  qtyOrdered: true, qtyShipped: true, qtyCanceled: true, qtyRefunded: true,
  returns: { select: { id: true, quantity: true, resolution: true, statusId: true } },
} as const;

/** One of the caller's orders with its top-level lines and their returns; 404 when missing or someone else's. */
export async function ownOrderLines(db: Db | Tx, owner: number, orderId: number) {
  const order = await db.order.findFirst({
    where: { id: orderId, customerId: owner },
    select: {
      id: true, status: true, createdAt: true,
      items: { where: { parentId: null }, orderBy: { id: "asc" }, select: { ...lineSelect, product: { select: { rmaReturnPeriod: true } } } },
    },
  });
  if (!order) throw new NotFound("Order");
  return order;
}

export type OwnOrder = Awaited<ReturnType<typeof ownOrderLines>>;
export type OwnLine = OwnOrder["items"][number];

/** The units and window of one line as the returnable-items answer shows them. */
export function lineStanding(order: OwnOrder, line: OwnLine, storeDays: number, now = new Date()) {
  const period = returnPeriod(line.product, storeDays);
  return { ...lineQuantities(line, order.status, line.returns), rmaReturnPeriod: period, expired: windowExpired(order.createdAt, period, now) };
}

export async function returnableItems(ctx: RequestContext, orderId: number) {
  const [order, storeDays] = await Promise.all([ownOrderLines(ctx.db, customerId(ctx), orderId), storeReturnPeriod(ctx)]);
  const now = new Date();
  const open = order.items
    .map((line) => ({ line, standing: lineStanding(order, line, storeDays, now) }))
    .filter(({ standing }) => !standing.expired && standing.currentQuantity > 0);
  const productIds = open.flatMap(({ line }) => (line.productId === null ? [] : [line.productId]));
  const products = await ctx.db.product.findMany({
    where: { id: { in: productIds } },
    select: {
      id: true,
      images: { orderBy: { position: "asc" }, take: 1, select: { path: true } },
      translations: { where: { locale: { in: [ctx.locale, ctx.channel.defaultLocale] } }, select: { locale: true, urlKey: true } },
    },
  });
  const byId = new Map(products.map((p) => [p.id, p]));
  return open.map(({ line, standing }) => {
    const p = line.productId === null ? undefined : byId.get(line.productId);
    const t = p?.translations.find((x) => x.locale === ctx.locale) ?? p?.translations[0];
    return {
      orderItemId: line.id,
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      type: line.type,
      urlKey: t?.urlKey ?? null,
      price: toNumber(String(line.price)),
      baseImageUrl: p?.images[0] ? imageUrl(ctx, p.images[0].path) : null,
      qtyOrdered: line.qtyOrdered,
      currentQuantity: standing.currentQuantity,
      forReturnQuantity: standing.forReturnQuantity,
      forCancelQuantity: standing.forCancelQuantity,
      rmaQuantity: standing.rmaQuantity,
      rmaReturnPeriod: standing.rmaReturnPeriod,
    };
  });
}
