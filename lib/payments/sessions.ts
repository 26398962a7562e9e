// Opening an offsite payment: the store's session is written in the cart's transaction (what the payment page will
// show: amount, currency, lines; and where the shopper goes back to), and once that has committed the provider opens
// its own (Stripe: a Checkout Session) for exactly that. A network call never runs inside a transaction.
import type { RequestContext } from "../context.ts";
import type { Sql } from "../db/sql/index.ts";
import type { CartState } from "../cart/state.ts";
import type { StoreSettings } from "../store/settings.ts";
import { randomSecret, sha256 } from "../auth/secrets.ts";
import { shownFor, type Shown } from "../checkout/payment-snapshot.ts";
import type { ReturnUrls } from "../checkout/return-urls.ts";
import { providerFor, noProviderMessage, type PaymentProvider } from "./providers.ts";
import { Validation } from "../errors.ts";

export interface Opening {
  id: number;
  token: string;
  provider: PaymentProvider;
  shown: Shown;
  lines: { name: string; quantity: number }[];
  customerEmail: string | null;
}

/** In the cart's transaction: the store's session for paying `state` with `method`, and only its token's hash. */
export async function recordSession(
  db: Sql, settings: StoreSettings, state: CartState, method: { code: string; offsite: boolean }, urls: ReturnUrls,
): Promise<Opening> {
  const provider = providerFor(method);
  if (!provider) throw Validation.field("paymentMethod", noProviderMessage(method.code));
  const token = randomSecret(24);
  const shown = shownFor(settings, state);
  const { id } = await db
    .insertInto("PaymentSession")
    .values({ cartId: state.cart.id, token: sha256(token), method: method.code, provider: provider.code, ...urls, amount: shown.amount.toString(), currencyCode: shown.currencyCode, lines: shown.lines })
    .returning("id")
    .executeTakeFirstOrThrow();
  return {
    id, token, provider, shown,
    lines: state.lines.map((l) => ({ name: l.name, quantity: l.quantity })),
    customerEmail: state.cart.customerEmail ?? state.billing?.email ?? null,
  };
}

/**
 * After the cart's transaction committed: the page the shopper pays on. The simulator's is this app's own; a
 * provider's is opened now, for what the session recorded. A provider that cannot be reached fails the session
 * (503): the shopper can try again.
 */
export async function paymentPageUrl(ctx: RequestContext, opening: Opening): Promise<string> {
  const own = `${ctx.baseUrl}/payment-gateway/${opening.token}`;
  if (!opening.provider.openSession) return own;
  try {
    const remote = await opening.provider.openSession({
      sessionId: opening.id,
      // The token's hash: unique to this session and never reused, even by a store whose database starts over.
      idempotencyKey: `checkout-${sha256(opening.token).slice(0, 40)}`,
      amount: opening.shown.amount,
      currencyCode: opening.shown.currencyCode,
      title: `Order at ${ctx.channel.name}`,
      lines: opening.lines,
      customerEmail: opening.customerEmail,
      returnUrl: `${own}/return`,
    });
    await ctx.sql.updateTable("PaymentSession").set({ providerReference: remote.reference }).where("id", "=", opening.id).execute();
    return remote.url;
  } catch (e) {
    await ctx.sql.updateTable("PaymentSession").set({ status: "failed" }).where("id", "=", opening.id).where("status", "=", "pending").execute();
    throw e;
  }
}
