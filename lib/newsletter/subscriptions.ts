// Newsletter subscriptions, one per email and channel. A row with `isSubscribed: false` is an address that opted
// out; only its own account may subscribe it again, so nobody can sign a stranger's address back up.
import type { RequestContext } from "../context.ts";
import type { Tx } from "../db/client.ts";
import { Conflict, Validation } from "../errors.ts";
import { randomSecret } from "../auth/secrets.ts";
import { recordEvent } from "../events/record.ts";

export const OPTED_OUT_MESSAGE =
  "This email address unsubscribed from the newsletter earlier and is not subscribed again on an open request; its owner can subscribe again from their account.";

/** The customer, when `email` is that customer's own account email (the caller then speaks for the address). */
async function owner(ctx: RequestContext, customerId: number | null, email: string): Promise<number | null> {
  if (customerId == null) return null;
  const customer = await ctx.db.customer.findUnique({ where: { id: customerId }, select: { email: true } });
  return customer && customer.email.toLowerCase() === email.toLowerCase() ? customerId : null;
}

/**
 * Subscribes `email`. `customerId` is the signed-in caller, if any: it is linked to the subscription, and may
 * re-subscribe an address that opted out, only when the address is that customer's own.
 */
export async function subscribe(ctx: RequestContext, email: string, customerId: number | null, opts: { quiet?: boolean } = {}) {
  const own = await owner(ctx, customerId, email);
  const existing = await ctx.db.newsletterSubscriber.findUnique({ where: { email_channelId: { email, channelId: ctx.channel.id } } });
  if (existing?.isSubscribed) {
    if (!opts.quiet) throw Validation.field("customerEmail", "This email is already subscribed to the newsletter.");
    // A guest subscription of the email a customer now registers with becomes that customer's.
    if (own && existing.customerId == null) {
      await ctx.db.newsletterSubscriber.update({ where: { id: existing.id }, data: { customerId: own } });
    }
    return { success: true, message: "You are subscribed to the newsletter." };
  }
  if (existing) {
    // Opted out earlier. SPEC.md's open newsletter write has no confirmation step and the datamodel no pending
    // state, so a request that does not come from the address's own account is refused rather than obeyed.
    if (!own) throw new Conflict(OPTED_OUT_MESSAGE);
    await ctx.db.newsletterSubscriber.update({ where: { id: existing.id }, data: { isSubscribed: true, customerId: own } });
  } else {
    await ctx.db.newsletterSubscriber
      .create({ data: { email, channelId: ctx.channel.id, customerId: own, isSubscribed: true, token: randomSecret(24) } })
      .catch((e: { code?: string }) => {
        if (e?.code === "P2002") throw Validation.field("customerEmail", "This email is already subscribed to the newsletter.");
        throw e;
      });
  }
  if (own) await ctx.db.$transaction((tx) => setNewsletterFlag(tx, own, true));
  return { success: true, message: "You are subscribed to the newsletter." };
}

/**
 * Sets customer `customerId`'s own newsletter flag in `tx`; when it moves, records the `customer.updated` event
 * (a flag already so changes nothing, and tells nothing).
 */
export async function setNewsletterFlag(tx: Tx, customerId: number, on: boolean): Promise<void> {
  const moved = await tx.customer.updateMany({ where: { id: customerId, subscribedToNewsletter: !on }, data: { subscribedToNewsletter: on } });
  if (moved.count === 0) return;
  const row = await tx.customer.findUniqueOrThrow({ where: { id: customerId }, select: { email: true, updatedAt: true } });
  await recordEvent(tx, "customer.updated", { id: customerId, email: row.email, changed: ["subscribedToNewsletter"], updatedAt: row.updatedAt });
}
