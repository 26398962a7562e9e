// Payment methods: onsite ones (cash on delivery, money transfer) place the order at once; an offsite gateway
// returns a `paymentGatewayUrl` and the order is created when the provider says the shopper paid. Only offsite
// methods with a configured provider (lib/payments/providers.ts) are offered or accepted.
import type { RequestContext } from "../context.ts";
import { Validation } from "../errors.ts";
import { requireStep } from "./steps.ts";
import { channelPaymentMethods } from "./reference.ts";
import { loadCart } from "../cart/state.ts";
import { resolveReturnUrls, type ReturnUrlInput } from "./return-urls.ts";
import { canTakePayment, noProviderMessage } from "../payments/providers.ts";
import { paymentPageUrl, recordSession } from "../payments/sessions.ts";
import { storeSettings } from "../store/settings.ts";
import { cartTransaction } from "../db/sql/expressions.ts";
import { later } from "../db/sql/pipeline.ts";

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

/** Records the method; for an offsite one opens a gateway session and returns its URL. */
export async function choosePayment(ctx: RequestContext, cartId: number, input: PaymentChoice): Promise<{ title: string; gatewayUrl: string | null; offsite: boolean }> {
  const methods = await channelPaymentMethods(ctx.sql, ctx.channel.id);
  const method = methods.find((m) => m.code === input.paymentMethod);
  // Read before the transaction (held in process): a transaction must not wait on another connection.
  const settings = await storeSettings(ctx.db);
  const chosen = await cartTransaction(ctx.sql, async (tx) => {
    const state = await loadCart(tx, ctx, cartId); // a closed cart is a 409 first
    requireStep(state, "paymentMethod");
    if (!method) throw Validation.field("paymentMethod", `"${input.paymentMethod}" is not a payment method of this store.`);
    if (!canTakePayment(method)) throw Validation.field("paymentMethod", noProviderMessage(method.code));
    // Refused before anything is written. A method that never redirects has no use for return URLs: they are ignored.
    const urls = method.offsite ? resolveReturnUrls(input, ctx) : null;
    await later(tx, tx.updateTable("Cart").set({ paymentMethod: method.code, paymentMethodTitle: method.title }).where("id", "=", cartId));
    // Only a cart that went to a gateway has sessions to cancel.
    if (state.pendingSessions) {
      await later(tx, tx.updateTable("PaymentSession").set({ status: "canceled" }).where("cartId", "=", cartId).where("status", "=", "pending"));
    }
    return { title: method.title, opening: urls ? await recordSession(tx, settings, state, method, urls) : null };
  });
  // Opened at the provider once the session is committed (lib/payments/sessions.ts).
  const gatewayUrl = chosen.opening ? await paymentPageUrl(ctx, chosen.opening) : null;
  return { title: chosen.title, gatewayUrl, offsite: gatewayUrl !== null };
}
