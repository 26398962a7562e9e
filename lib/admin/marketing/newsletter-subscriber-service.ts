// Newsletter subscribers: the database work behind ./newsletter-subscribers.ts.
import type { RequestContext } from "../../context.ts";
import { setNewsletterFlag } from "../../newsletter/subscriptions.ts";

/** A subscriber who is a customer: the customer's own newsletter flag follows (a change of the customer's, told as one). */
export async function updateSubscriber(ctx: RequestContext, id: number, input: { isSubscribed?: boolean }): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const row = await tx.newsletterSubscriber.update({ where: { id }, data: input });
    if (row.customerId && input.isSubscribed !== undefined) await setNewsletterFlag(tx, row.customerId, input.isSubscribed);
  });
}
