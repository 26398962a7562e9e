// Newsletter subscribers: the database work behind ./newsletter-subscribers.ts.
import type { RequestContext } from "../../context.ts";
import { setNewsletterFlag } from "../../newsletter/subscriptions.ts";
import type { Column } from "../../reporting/products.ts";

/** A subscriber who is a customer: the customer's own newsletter flag follows (a change of the customer's, told as one). */
export async function updateSubscriber(ctx: RequestContext, id: number, input: { isSubscribed?: boolean }): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const row = await tx.newsletterSubscriber.update({ where: { id }, data: input });
    if (row.customerId && input.isSubscribed !== undefined) await setNewsletterFlag(tx, row.customerId, input.isSubscribed);
  });
}

/** The export's columns, in the order a mailing tool's import maps them. */
const EXPORT_COLUMNS: Column[] = [
  { key: "email", label: "Email" },
  { key: "subscribed", label: "Subscribed" },
  { key: "channel", label: "Channel" },
  { key: "customer_id", label: "Customer ID" },
  { key: "signed_up_at", label: "Signed up at" },
];

/**
 * Every subscriber the list's filters select, in its order, as the export's table: the standing as yes/no, the
 * channel by its code, the customer's id (empty for a guest) and the sign-up time in ISO 8601 (UTC).
 */
export async function subscriberTable(ctx: RequestContext, where: object, orderBy: object[]) {
  const rows = await ctx.db.newsletterSubscriber.findMany({
    where,
    orderBy,
    select: { email: true, isSubscribed: true, customerId: true, createdAt: true, channel: { select: { code: true } } },
  });
  const records = rows.map((r) => ({
    email: r.email,
    subscribed: r.isSubscribed ? "yes" : "no",
    channel: r.channel.code,
    customer_id: r.customerId,
    signed_up_at: r.createdAt.toISOString(),
  }));
  return { columns: EXPORT_COLUMNS, records };
}
