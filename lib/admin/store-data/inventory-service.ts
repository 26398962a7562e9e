// Stock per product and channel: the database work behind ./inventory.ts. Every write moves the row's and its
// product's `updatedAt` and tells the change feed (`inventory.updated`, reason admin) in its transaction.
import type { RequestContext } from "../../context.ts";
import { Conflict, Validation } from "../../errors.ts";
import { recordEvent } from "../../events/record.ts";
import { inventoryUpdated, touchProducts } from "../../orders/stock.ts";

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
  return ctx.db.$transaction(async (tx) => {
    const row = await tx.productInventory.create({ data: input });
    await touchProducts(tx, [row.productId]);
    await recordEvent(tx, "inventory.updated", inventoryUpdated(row, 0, "admin").data);
    return row.id;
  });
}

export async function setInventoryQty(ctx: RequestContext, id: number, input: { qty: number }): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    // Guarded on the quantity read, so that the old quantity told is the one replaced: a sale committing in between
    // makes it read again.
    for (let tries = 0; tries < 5; tries++) {
      const before = await tx.productInventory.findUniqueOrThrow({ where: { id }, select: { qty: true } });
      const { count } = await tx.productInventory.updateMany({ where: { id, qty: before.qty }, data: input });
      if (!count) continue;
      const row = await tx.productInventory.findUniqueOrThrow({ where: { id } });
      await touchProducts(tx, [row.productId]);
      await recordEvent(tx, "inventory.updated", inventoryUpdated(row, before.qty, "admin").data);
      return;
    }
    throw new Conflict("The stock of this row keeps changing; try again.");
  });
}

/** A deleted row held nothing from now on: told as its quantity going to 0, at the moment of the delete. */
export async function deleteInventory(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const row = await tx.productInventory.delete({ where: { id } });
    await touchProducts(tx, [row.productId]);
    await recordEvent(tx, "inventory.updated", inventoryUpdated({ ...row, qty: 0, updatedAt: new Date() }, row.qty, "admin").data);
  });
}
