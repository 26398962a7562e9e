// The signed-in customer's newsletter subscription in the request's channel, under the account's email.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import { NotFound, Validation } from "../errors.ts";
import { setNewsletterFlag, subscribe } from "../newsletter/subscriptions.ts";

async function account(ctx: RequestContext) {
  const customer = await ctx.db.customer.findUnique({ where: { id: customerId(ctx) }, select: { id: true, email: true } });
  if (!customer) throw new NotFound("Customer");
  return customer;
}

async function subscription(ctx: RequestContext, email: string) {
  return ctx.db.newsletterSubscriber.findUnique({ where: { email_channelId: { email, channelId: ctx.channel.id } } });
}

function status(email: string, subscribed: boolean, message: string) {
  return { email, isSubscribed: subscribed, success: true, message };
}

export async function newsletterStatus(ctx: RequestContext) {
  const customer = await account(ctx);
  const row = await subscription(ctx, customer.email);
  const on = row?.isSubscribed ?? false;
  return status(customer.email, on, on ? "You are subscribed to the newsletter." : "You are not subscribed to the newsletter.");
}

/** Subscribing twice is a 422, as on the open newsletter form; an address that opted out may subscribe again here (it is the account's own). */
export async function subscribeCustomer(ctx: RequestContext) {
  const customer = await account(ctx);
  const result = await subscribe(ctx, customer.email, customer.id);
  return status(customer.email, true, result.message);
}

/** Unsubscribing without a subscription is a 422: nothing changes. */
export async function unsubscribeCustomer(ctx: RequestContext) {
  const customer = await account(ctx);
  const row = await subscription(ctx, customer.email);
  if (!row?.isSubscribed) throw Validation.field("email", "This email is not subscribed to the newsletter.");
  await setNewsletter(ctx, customer, false);
  return status(customer.email, false, "You are unsubscribed from the newsletter.");
}

/** Quietly brings the subscription to `on` (the profile's `subscribedToNewsLetter` switch). */
export async function setNewsletter(ctx: RequestContext, customer: { id: number; email: string }, on: boolean) {
  if (on) {
    await subscribe(ctx, customer.email, customer.id, { quiet: true });
    return;
  }
  await ctx.db.$transaction(async (tx) => {
    await tx.newsletterSubscriber.updateMany({ where: { email: customer.email, channelId: ctx.channel.id }, data: { isSubscribed: false } });
    await setNewsletterFlag(tx, customer.id, false);
  });
}
