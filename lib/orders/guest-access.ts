// A guest has no account to see an order on, so each order mail to a guest carries a link that shows that order:
// `/orders/view?token=…` on the store's own pages, read through the Shop API's `guestOrder`. The outbox keeps no live
// link: the stored mail holds a sealed reference to the order (lib/mail/sealed.ts), and the token is drawn as the mail
// leaves, only for the order's own address, valid GUEST_ORDER_LINK_DAYS (90). Only its SHA-256 is kept.
import type { RequestContext } from "../context.ts";
import type { Sql } from "../db/sql/index.ts";
import { NotFound } from "../errors.ts";
import { randomSecret, sha256 } from "../auth/secrets.ts";
import { currencyOf, detailInclude, toOrderDetail } from "./customer-orders.ts";

const DAY_MS = 24 * 3600_000;
const SEAL_PREFIX = "sealed-order-";
/** A seal in a stored mail: the order's id where the token goes. */
export const ORDER_SEAL = /sealed-order-(\d{1,10})(?!\d)/g;

export function guestLinkDays(): number {
  const n = Number(process.env.GUEST_ORDER_LINK_DAYS);
  return Number.isFinite(n) && n > 0 ? n : 90;
}

/** The link an order mail carries: a customer's account page, or a guest's sealed link. */
export function orderLink(baseUrl: string, order: { id: number; customerId: number | null }): string {
  return order.customerId ? `${baseUrl}/account/orders/${order.id}` : `${baseUrl}/orders/view?token=${SEAL_PREFIX}${order.id}`;
}

/** A new token for guest order `orderId` if `to` is its address (lower case, as mail is addressed); null otherwise. */
export async function issueOrderToken(sql: Sql, orderId: number, to: string, now: Date): Promise<string | null> {
  const order = await sql.selectFrom("Order").select(["customerId", "customerEmail"]).where("id", "=", orderId).executeTakeFirst();
  if (!order || order.customerId !== null || order.customerEmail.trim().toLowerCase() !== to) return null;
  const token = randomSecret(32);
  await sql.insertInto("OrderAccessToken").values({ orderId, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + guestLinkDays() * DAY_MS) }).execute();
  return token;
}

/** The order a guest's link shows, as a customer sees their own; 404 for a token that is unknown or expired. */
export async function guestOrderDetail(ctx: RequestContext, token: string) {
  const order = await ctx.db.order.findFirst({
    where: { customerId: null, accessTokens: { some: { tokenHash: sha256(token), expiresAt: { gt: new Date() } } } },
    include: detailInclude,
  });
  if (!order) throw new NotFound("Order");
  return toOrderDetail(order, await currencyOf(ctx, order.orderCurrencyCode));
}
