// The payment simulator: the stand-in for an offsite payment provider (lib/payments/providers.ts says which methods
// it may stand in for). The shopper lands on /payment-gateway/<token>, pays or cancels, and comes back. Paying creates
// the order, paid, if the cart is still what the page showed; cancelling or failing leaves the cart as it was. No
// money moves: the click on "Pay" is the simulator's whole record, which is why production names it explicitly.
import { getSql } from "../db/client.ts";
import { NotFound } from "../errors.ts";
import { dec } from "../money.ts";
import { providerFor } from "../payments/providers.ts";
import { backTo, CartChanged, loadSession, placeForSession } from "../payments/settle.ts";

/** A session of the simulator; 404 for an unknown token and for a method the simulator does not stand in for (now). */
export async function gatewaySession(token: string) {
  const session = await loadSession({ token });
  if (session.provider !== "simulator" || providerFor({ code: session.method, offsite: true })?.code !== "simulator") throw new NotFound("Payment session");
  return session;
}

export type Outcome = "success" | "cancel" | "failure";

/** Settles a session and says where to send the shopper next; 409 when paying a cart other than the one shown. */
export async function settle(token: string, outcome: Outcome, baseUrl: string): Promise<{ redirect: string; orderId: number | null }> {
  const session = await gatewaySession(token);
  const back = (url: string | null, params: Record<string, string>) => backTo(token, url, params, baseUrl);
  if (session.order) {
    return { redirect: back(session.successUrl, { orderId: String(session.order.id), orderIncrementId: session.order.incrementId }), orderId: session.order.id };
  }
  if (outcome !== "success") {
    if (session.status === "pending") {
      const sql = await getSql();
      await sql.updateTable("PaymentSession").set({ status: outcome === "cancel" ? "canceled" : "failed" }).where("id", "=", session.id).where("status", "=", "pending").execute();
    }
    return { redirect: back(outcome === "cancel" ? session.cancelUrl : session.failureUrl, { status: outcome }), orderId: null };
  }
  if (session.status === "superseded") throw new CartChanged();
  if (session.status !== "pending") return { redirect: back(session.failureUrl, { status: session.status }), orderId: null };
  const reference = `SIM-${session.id}`;
  const { order } = await placeForSession(session, {
    paid: true,
    additional: { gateway: session.method, transactionId: reference },
    transaction: { provider: "simulator", reference, amount: dec(session.amount), currencyCode: session.currencyCode ?? "", status: "succeeded" },
  }, baseUrl, ["pending"]);
  // The cart's order came from another of its sessions: this one is settled by it.
  const sql = await getSql();
  await sql.updateTable("PaymentSession").set({ status: "completed", orderId: order.id }).where("id", "=", session.id).where("orderId", "is", null).execute();
  return { redirect: back(session.successUrl, { orderId: String(order.id), orderIncrementId: order.incrementId }), orderId: order.id };
}
