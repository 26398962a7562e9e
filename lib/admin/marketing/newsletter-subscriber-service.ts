// Newsletter subscribers: the database work behind ./newsletter-subscribers.ts.
import type { RequestContext } from "../../context.ts";

/** A subscriber who is a customer: the customer's own newsletter flag follows. */
export async function updateSubscriber(ctx: RequestContext, id: number, input: { isSubscribed?: boolean }): Promise<void> {
  const row = await ctx.db.newsletterSubscriber.update({ where: { id }, data: input });
  if (row.customerId && input.isSubscribed !== undefined) {
    await ctx.db.customer.update({ where: { id: row.customerId }, data: { subscribedToNewsletter: input.isSubscribed } });
  }
}
