// The stand-in for an offsite payment provider: the shopper lands on /payment-gateway/<token>, pays or cancels,
// and comes back. Paying creates the order; cancelling or failing leaves the cart as it was.
import type { RequestContext } from "../context.ts";
import { getDb } from "../db/client.ts";
import { sha256 } from "../auth/secrets.ts";
import { NotFound } from "../errors.ts";
import { resolveScope, storeSettings } from "../store/settings.ts";
import { placeOrder } from "./place-order.ts";
import { isAllowedReturnUrl } from "./return-urls.ts";

export async function gatewaySession(token: string) {
  const db = await getDb();
  const session = await db.paymentSession.findUnique({
    where: { token: sha256(token) },
    include: { cart: { include: { channel: true } }, order: { select: { id: true, incrementId: true } } },
  });
  if (!session) throw new NotFound("Payment session");
  return session;
}

/** A request context rebuilt from the cart, for a return from the gateway (which carries no API headers). */
async function contextForCart(cart: { channel: { code: string }; currencyCode: string; locale: string; customerId: number | null }, baseUrl: string): Promise<RequestContext> {
  const db = await getDb();
  const scope = resolveScope(await storeSettings(db), { channel: cart.channel.code, currency: cart.currencyCode, locale: cart.locale });
  return {
    db, surface: "shop", ip: null, storefrontKeyId: null, baseUrl, ...scope,
    principal: cart.customerId ? { kind: "customer", customerId: cart.customerId, tokenId: 0 } : { kind: "anonymous" },
  };
}

export type Outcome = "success" | "cancel" | "failure";

/** Settles a session and says where to send the shopper next. */
export async function settle(token: string, outcome: Outcome, baseUrl: string): Promise<{ redirect: string; orderId: number | null }> {
  const session = await gatewaySession(token);
  const db = await getDb();
  const back = (url: string | null, params: Record<string, string>) => {
    // Checked again on the way out: a session stored before the check, or after STOREFRONT_ORIGINS shrank, falls
    // back to the gateway's own page rather than sending the shopper off-site.
    const safe = url && isAllowedReturnUrl(url, baseUrl) ? url : null;
    const target = new URL(safe ?? `${baseUrl}/payment-gateway/${token}`, baseUrl);
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    return target.toString();
  };
  if (session.order) {
    return { redirect: back(session.successUrl, { orderId: String(session.order.id), orderIncrementId: session.order.incrementId }), orderId: session.order.id };
  }
  if (outcome !== "success") {
    if (session.status === "pending") await db.paymentSession.update({ where: { id: session.id }, data: { status: outcome === "cancel" ? "canceled" : "failed" } });
    return { redirect: back(outcome === "cancel" ? session.cancelUrl : session.failureUrl, { status: outcome }), orderId: null };
  }
  if (session.status !== "pending") return { redirect: back(session.failureUrl, { status: session.status }), orderId: null };
  const ctx = await contextForCart(session.cart, baseUrl);
  const order = await placeOrder(ctx, session.cartId, { paid: true, additional: { gateway: session.method, transactionId: `SIM-${session.id}` } });
  await db.paymentSession.update({ where: { id: session.id }, data: { status: "completed", orderId: order.id } });
  return { redirect: back(session.successUrl, { orderId: String(order.id), orderIncrementId: order.incrementId }), orderId: order.id };
}
