// Payment methods: onsite ones (cash on delivery, money transfer) place the order at once; an offsite gateway
// returns a `paymentGatewayUrl` and the order is created when the shopper comes back from it. Only offsite methods
// with a configured provider (./providers.ts) are offered or accepted.
import type { RequestContext } from "../context.ts";
import type { Sql } from "../db/sql/index.ts";
import { Validation } from "../errors.ts";
import { randomSecret, sha256 } from "../auth/secrets.ts";
import { requireStep } from "./steps.ts";
import { channelPaymentMethods } from "./reference.ts";
import { loadCart, type CartState } from "../cart/state.ts";
import { resolveReturnUrls, type ReturnUrlInput, type ReturnUrls } from "./return-urls.ts";
import { canTakePayment, noProviderMessage } from "./providers.ts";
import { shownFor } from "./payment-snapshot.ts";
import { storeSettings, type StoreSettings } from "../store/settings.ts";
import { cartTransaction } from "../db/sql/expressions.ts";

/** The channel's active methods (held in process, ./reference.ts) that can take a payment. */
export async function availablePaymentMethods(ctx: RequestContext) {
  return (await channelPaymentMethods(ctx.sql, ctx.channel.id)).filter(canTakePayment);
}

export interface PaymentChoice extends ReturnUrlInput {
  paymentMethod: string;
}

/** Step 3's list: the channel's methods once the billing address is saved, none before. */
export async function cartPaymentMethods(ctx: RequestContext, cartId: number) {
  const state = requireStep(await loadCart(ctx.sql, ctx, cartId), "paymentMethods");
  return state.hasAddress ? availablePaymentMethods(ctx) : [];
}

/**
 * Opens an offsite gateway session for the cart as read in this transaction (`state`) and answers the URL the
 * shopper pays at. The session keeps what its page shows (amount, currency, lines) and only the token's hash.
 */
export async function openGatewaySession(
  db: Sql, ctx: RequestContext, settings: StoreSettings, state: CartState, method: string, urls: ReturnUrls,
): Promise<string> {
  const token = randomSecret(24);
  const { amount, currencyCode, lines } = shownFor(settings, state);
  await db
    .insertInto("PaymentSession")
    .values({ cartId: state.cart.id, token: sha256(token), method, ...urls, amount: amount.toString(), currencyCode, lines })
    .execute();
  return `${ctx.baseUrl}/payment-gateway/${token}`;
}

/** Records the method; for an offsite one opens a gateway session and returns its URL. */
export async function choosePayment(ctx: RequestContext, cartId: number, input: PaymentChoice): Promise<{ title: string; gatewayUrl: string | null; offsite: boolean }> {
  const methods = await channelPaymentMethods(ctx.sql, ctx.channel.id);
  const method = methods.find((m) => m.code === input.paymentMethod);
  // Read before the transaction (held in process): a transaction must not wait on another connection.
  const settings = await storeSettings(ctx.db);
  return cartTransaction(ctx.sql, async (tx) => {
    const state = await loadCart(tx, ctx, cartId); // a closed cart is a 409 first
    requireStep(state, "paymentMethod");
    if (!method) throw Validation.field("paymentMethod", `"${input.paymentMethod}" is not a payment method of this store.`);
    if (!canTakePayment(method)) throw Validation.field("paymentMethod", noProviderMessage(method.code));
    // Refused before anything is written. A method that never redirects has no use for return URLs: they are ignored.
    const urls = method.offsite ? resolveReturnUrls(input, ctx) : null;
    await tx.updateTable("Cart").set({ paymentMethod: method.code, paymentMethodTitle: method.title }).where("id", "=", cartId).execute();
    // Only a cart that went to a gateway has sessions to cancel.
    if (state.pendingSessions) {
      await tx.updateTable("PaymentSession").set({ status: "canceled" }).where("cartId", "=", cartId).where("status", "=", "pending").execute();
    }
    if (!urls) return { title: method.title, gatewayUrl: null, offsite: false };
    return { title: method.title, gatewayUrl: await openGatewaySession(tx, ctx, settings, state, method.code, urls), offsite: true };
  });
}
