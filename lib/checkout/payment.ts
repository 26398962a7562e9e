// Payment methods: onsite ones (cash on delivery, money transfer) place the order at once; an offsite gateway
// returns a `paymentGatewayUrl` and the order is created when the shopper comes back from it.
import type { RequestContext } from "../context.ts";
import type { Tx } from "../db/client.ts";
import { Validation } from "../errors.ts";
import { randomSecret, sha256 } from "../auth/secrets.ts";
import { requireStep } from "./steps.ts";
import { channelPaymentMethods } from "./reference.ts";
import { loadCart } from "../cart/state.ts";
import { assertReturnUrls } from "./return-urls.ts";
import { updateRow } from "../db/raw.ts";

/** The channel's active methods (held in process, ./reference.ts). */
export async function availablePaymentMethods(ctx: RequestContext) {
  return channelPaymentMethods(ctx.db, ctx.channel.id);
}

export interface PaymentChoice {
  paymentMethod: string;
  paymentSuccessUrl?: string;
  paymentFailureUrl?: string;
  paymentCancelUrl?: string;
}

/** Step 3's list: the channel's methods once the billing address is saved, none before. */
export async function cartPaymentMethods(ctx: RequestContext, cartId: number) {
  const state = requireStep(await loadCart(ctx.db, ctx, cartId), "paymentMethods");
  return state.hasAddress ? availablePaymentMethods(ctx) : [];
}

export interface ReturnUrls {
  successUrl: string | null;
  failureUrl: string | null;
  cancelUrl: string | null;
}

/** Opens an offsite gateway session for the cart and answers the URL the shopper pays at; only the token's hash is kept. */
export async function openGatewaySession(db: Pick<Tx, "paymentSession">, ctx: RequestContext, cartId: number, method: string, urls: ReturnUrls): Promise<string> {
  const token = randomSecret(24);
  await db.paymentSession.create({ data: { cartId, token: sha256(token), method, ...urls } });
  return `${ctx.baseUrl}/payment-gateway/${token}`;
}

/** Records the method; for an offsite one opens a gateway session and returns its URL. */
export async function choosePayment(ctx: RequestContext, cartId: number, input: PaymentChoice): Promise<{ title: string; gatewayUrl: string | null; offsite: boolean }> {
  const methods = await availablePaymentMethods(ctx);
  const method = methods.find((m) => m.code === input.paymentMethod);
  return ctx.db.$transaction(async (tx) => {
    const state = await loadCart(tx, ctx, cartId); // a closed cart is a 409 first
    // Refused before anything is written, whichever method is chosen.
    assertReturnUrls(input, ctx.baseUrl);
    requireStep(state, "paymentMethod");
    if (!method) throw Validation.field("paymentMethod", `"${input.paymentMethod}" is not a payment method of this store.`);
    await updateRow(tx, "Cart", cartId, { paymentMethod: method.code, paymentMethodTitle: method.title });
    // Only a cart that went to a gateway has sessions to cancel.
    if (state.pendingSessions) await tx.paymentSession.updateMany({ where: { cartId, status: "pending" }, data: { status: "canceled" } });
    if (!method.offsite) return { title: method.title, gatewayUrl: null, offsite: false };
    const urls = { successUrl: input.paymentSuccessUrl ?? null, failureUrl: input.paymentFailureUrl ?? null, cancelUrl: input.paymentCancelUrl ?? null };
    return { title: method.title, gatewayUrl: await openGatewaySession(tx, ctx, cartId, method.code, urls), offsite: true };
  });
}
