// The payment simulator: the stand-in for an offsite payment provider (./providers.ts says which methods it may
// stand in for). The shopper lands on /payment-gateway/<token>, pays or cancels, and comes back. Paying creates the
// order, if the cart is still what the page showed; cancelling or failing leaves the cart as it was. No money moves.
import type { RequestContext } from "../context.ts";
import { getDb, getSql } from "../db/client.ts";
import { sha256 } from "../auth/secrets.ts";
import { Conflict, NotFound } from "../errors.ts";
import { resolveScope, storeSettings } from "../store/settings.ts";
import { placeOrder } from "./place-order.ts";
import { isAllowedReturnUrl } from "./return-urls.ts";
import { providerFor } from "./providers.ts";
import { sameAsShown, shownFor } from "./payment-snapshot.ts";

/** A session of the simulator; 404 for an unknown token and for a method the simulator does not stand in for (now). */
export async function gatewaySession(token: string) {
  const sql = await getSql();
  // One statement: the session, what of its cart rebuilds the shopper's scope, and the order it made, if any.
  const row = await sql
    .selectFrom("PaymentSession as s")
    .innerJoin("Cart as c", "c.id", "s.cartId")
    .innerJoin("Channel as ch", "ch.id", "c.channelId")
    .leftJoin("Order as o", "o.id", "s.orderId")
    .selectAll("s")
    .select(["ch.code as channelCode", "c.currencyCode as cartCurrencyCode", "c.locale as cartLocale", "c.customerId as cartCustomerId"])
    .select(["o.id as placedId", "o.incrementId as placedIncrementId"])
    .where("s.token", "=", sha256(token))
    .executeTakeFirst();
  if (!row || providerFor(row.method)?.kind !== "simulator") throw new NotFound("Payment session");
  const { channelCode, cartCurrencyCode, cartLocale, cartCustomerId, placedId, placedIncrementId, ...session } = row;
  return {
    ...session,
    cart: { channel: { code: channelCode }, currencyCode: cartCurrencyCode, locale: cartLocale, customerId: cartCustomerId },
    order: placedId != null && placedIncrementId != null ? { id: placedId, incrementId: placedIncrementId } : null,
  };
}

/** A request context rebuilt from the cart, for a return from the gateway (which carries no API headers). */
async function contextForCart(cart: { channel: { code: string }; currencyCode: string; locale: string; customerId: number | null }, baseUrl: string): Promise<RequestContext> {
  const [db, sql] = await Promise.all([getDb(), getSql()]);
  const scope = resolveScope(await storeSettings(db), { channel: cart.channel.code, currency: cart.currencyCode, locale: cart.locale });
  return {
    db, sql, surface: "shop", ip: null, storefrontKeyId: null, baseUrl, ...scope,
    principal: cart.customerId ? { kind: "customer", customerId: cart.customerId, tokenId: 0 } : { kind: "anonymous" },
  };
}

export type Outcome = "success" | "cancel" | "failure";

class CartChanged extends Conflict {
  constructor() {
    super("The cart changed after this payment was opened, so it cannot be paid: nothing was charged. Place the order again from the store.");
  }
}

/** Settles a session and says where to send the shopper next; 409 when paying a cart other than the one shown. */
export async function settle(token: string, outcome: Outcome, baseUrl: string): Promise<{ redirect: string; orderId: number | null }> {
  const session = await gatewaySession(token);
  const [db, sql] = await Promise.all([getDb(), getSql()]);
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
    if (session.status === "pending") await sql.updateTable("PaymentSession").set({ status: outcome === "cancel" ? "canceled" : "failed" }).where("id", "=", session.id).execute();
    return { redirect: back(outcome === "cancel" ? session.cancelUrl : session.failureUrl, { status: outcome }), orderId: null };
  }
  if (session.status === "superseded") throw new CartChanged();
  if (session.status !== "pending") return { redirect: back(session.failureUrl, { status: session.status }), orderId: null };
  const settings = await storeSettings(db);
  const ctx = await contextForCart(session.cart, baseUrl);
  const paid = { paid: true, additional: { gateway: session.method, transactionId: `SIM-${session.id}` } };
  const order = await placeOrder(ctx, session.cartId, paid, {
    // Compared in the order's transaction, on the cart the order is made from.
    before: (state) => {
      if (!sameAsShown(session, shownFor(settings, state))) throw new CartChanged();
    },
    // Claimed with the order: a session cancelled meanwhile (or paid by a parallel return) takes the order back.
    after: async (tx, placed) => {
      const { numUpdatedRows } = await tx
        .updateTable("PaymentSession")
        .set({ status: "completed", orderId: placed.id })
        .where("id", "=", session.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (!numUpdatedRows) throw new Conflict("This payment is no longer open: nothing was charged.");
    },
  }).catch(async (e: unknown) => {
    if (e instanceof CartChanged) {
      await sql.updateTable("PaymentSession").set({ status: "superseded" }).where("id", "=", session.id).where("status", "=", "pending").execute();
    }
    throw e;
  });
  // The cart's order came from another of its sessions: this one is settled by it.
  await sql.updateTable("PaymentSession").set({ status: "completed", orderId: order.id }).where("id", "=", session.id).where("orderId", "is", null).execute();
  return { redirect: back(session.successUrl, { orderId: String(order.id), orderIncrementId: order.incrementId }), orderId: order.id };
}
