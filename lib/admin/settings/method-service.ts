// Shipping and payment methods: the database work behind ./methods.ts. Orders keep the method's code and title as
// text, so deleting a method leaves them whole; carts that had chosen it lose that choice and choose again.
import type { RequestContext } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { Validation } from "../../errors.ts";
import { STRIPE_METHOD } from "../../payments/providers.ts";

type Common = { title?: string; description?: string | null; active?: boolean; sortOrder?: number };

/** One method per carrier; `config` is already checked against the carrier's own shape. */
export async function createShippingMethod(ctx: RequestContext, input: Common & { code: string; title: string }, config: unknown): Promise<number> {
  if (await ctx.db.shippingMethod.count({ where: { code: input.code } })) throw Validation.field("code", `A ${input.code} method exists already; configure that one.`);
  return (await ctx.db.shippingMethod.create({ data: { ...input, config: config as never } })).id;
}

/** A method's carrier, whose shape its `config` must have. */
export async function shippingCarrier(ctx: RequestContext, id: number): Promise<string> {
  return (await ctx.db.shippingMethod.findUniqueOrThrow({ where: { id } })).code;
}

export async function updateShippingMethod(ctx: RequestContext, id: number, input: Common, config: unknown): Promise<void> {
  await ctx.db.shippingMethod.update({ where: { id }, data: { ...input, config: config as never } });
}

export async function deleteShippingMethod(ctx: RequestContext, id: number): Promise<void> {
  const method = await ctx.db.shippingMethod.findUniqueOrThrow({ where: { id } });
  await ctx.db.$transaction(async (tx) => {
    await tx.shippingMethod.delete({ where: { id } });
    await forgetShippingChoice(tx, method.code);
  });
}

async function checkChannels(ctx: RequestContext, channels: number[] | undefined) {
  if (channels && (await ctx.db.channel.count({ where: { id: { in: channels } } })) !== new Set(channels).size) throw Validation.field("channels", "must name existing channels only.");
}

/** Carts that had chosen a deleted method choose again (their order is not placed with a method the store dropped). */
async function forgetShippingChoice(tx: Tx, code: string) {
  await tx.cartShippingRate.deleteMany({ where: { carrier: code } });
  await tx.cart.updateMany({ where: { shippingMethod: `${code}_${code}` }, data: { shippingMethod: null } });
}

export async function createPaymentMethod(ctx: RequestContext, { channels, ...input }: Common & { code: string; title: string; offsite?: boolean; channels: number[] }): Promise<number> {
  await checkChannels(ctx, channels);
  if (await ctx.db.paymentMethod.count({ where: { code: input.code } })) throw Validation.field("code", `The payment method ${input.code} exists already.`);
  // Stripe takes the money on its own page (lib/payments/providers.ts): an onsite "stripe" would place unpaid orders.
  if (input.code === STRIPE_METHOD && !input.offsite) throw Validation.field("offsite", "The stripe method is paid on Stripe's page: create it with offsite true.");
  return (await ctx.db.paymentMethod.create({ data: { ...input, channels: { create: [...new Set(channels)].map((channelId) => ({ channelId })) } } })).id;
}

export async function updatePaymentMethod(ctx: RequestContext, id: number, { channels, ...input }: Common & { channels?: number[] }): Promise<void> {
  await checkChannels(ctx, channels);
  await ctx.db.$transaction(async (tx) => {
    await tx.paymentMethod.update({ where: { id }, data: input });
    if (channels) {
      await tx.paymentMethodChannel.deleteMany({ where: { paymentMethodId: id } });
      await tx.paymentMethodChannel.createMany({ data: [...new Set(channels)].map((channelId) => ({ paymentMethodId: id, channelId })) });
    }
  });
}

/** Carts that had chosen the method choose again; its pending gateway sessions are canceled. */
export async function deletePaymentMethod(ctx: RequestContext, id: number): Promise<void> {
  const method = await ctx.db.paymentMethod.findUniqueOrThrow({ where: { id } });
  await ctx.db.$transaction(async (tx) => {
    await tx.paymentMethod.delete({ where: { id } });
    await tx.cart.updateMany({ where: { paymentMethod: method.code }, data: { paymentMethod: null, paymentMethodTitle: null } });
    await tx.paymentSession.updateMany({ where: { method: method.code, status: "pending" }, data: { status: "canceled" } });
  });
}
