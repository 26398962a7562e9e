// Newsletter subscriptions, one per email and channel.
import type { RequestContext } from "../context.ts";
import { Validation } from "../errors.ts";
import { randomSecret } from "../auth/secrets.ts";

export async function subscribe(ctx: RequestContext, email: string, customerId: number | null, opts: { quiet?: boolean } = {}) {
  const existing = await ctx.db.newsletterSubscriber.findUnique({ where: { email_channelId: { email, channelId: ctx.channel.id } } });
  if (existing?.isSubscribed) {
    if (!opts.quiet) throw Validation.field("customerEmail", "This email is already subscribed to the newsletter.");
    // A guest subscription of the email a customer now registers with becomes that customer's.
    if (customerId && existing.customerId == null) {
      await ctx.db.newsletterSubscriber.update({ where: { id: existing.id }, data: { customerId } });
    }
    return { success: true, message: "You are subscribed to the newsletter." };
  }
  if (existing) {
    await ctx.db.newsletterSubscriber.update({ where: { id: existing.id }, data: { isSubscribed: true, customerId: customerId ?? existing.customerId } });
  } else {
    await ctx.db.newsletterSubscriber
      .create({ data: { email, channelId: ctx.channel.id, customerId, isSubscribed: true, token: randomSecret(24) } })
      .catch((e: { code?: string }) => {
        if (e?.code === "P2002") throw Validation.field("customerEmail", "This email is already subscribed to the newsletter.");
        throw e;
      });
  }
  if (customerId) await ctx.db.customer.update({ where: { id: customerId }, data: { subscribedToNewsletter: true } });
  return { success: true, message: "You are subscribed to the newsletter." };
}
