// Stock per product and channel: the database work behind ./inventory.ts.
import type { RequestContext } from "../../context.ts";
import { Validation } from "../../errors.ts";

async function checkRefs(ctx: RequestContext, productId: number, channelId: number) {
  const [product, channel] = await Promise.all([
    ctx.db.product.findUnique({ where: { id: productId }, select: { type: true } }),
    ctx.db.channel.count({ where: { id: channelId } }),
  ]);
  if (!product) throw Validation.field("productId", `There is no product ${productId}.`);
  if (product.type === "configurable") throw Validation.field("productId", "A configurable product has no stock of its own; stock its variants.");
  if (!channel) throw Validation.field("channelId", `There is no channel ${channelId}.`);
  if (await ctx.db.productInventory.count({ where: { productId, channelId } })) throw Validation.field("channelId", "The product has stock in this channel already; change that row.");
}

/** One row per product and channel. */
export async function createInventory(ctx: RequestContext, input: { productId: number; channelId: number; qty: number }): Promise<number> {
  await checkRefs(ctx, input.productId, input.channelId);
  return (await ctx.db.productInventory.create({ data: input })).id;
}

export async function setInventoryQty(ctx: RequestContext, id: number, input: { qty: number }): Promise<void> {
  await ctx.db.productInventory.update({ where: { id }, data: input });
}
