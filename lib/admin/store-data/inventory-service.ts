// Stock per product and channel: the database work behind ./inventory.ts. Every write moves the row's and its
// product's `updatedAt` and tells the change feed (`inventory.updated`, reason admin) in its transaction.
import type { RequestContext } from "../../context.ts";
import { Conflict, PreconditionFailed, Validation } from "../../errors.ts";
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

/** A new quantity (`qty`, if still `expectedQty`) or a signed change of it (`adjust`): exactly one of the two. */
interface StockChange {
  qty?: number;
  adjust?: number;
  expectedQty?: number;
}

/** Checks a change's fields, before anything is read. */
export function checkStockChange(input: StockChange, at = ""): void {
  if ((input.qty === undefined) === (input.adjust === undefined)) {
    const message = "Give exactly one of qty and adjust.";
    throw new Validation(message, { [`${at}qty`]: [message], [`${at}adjust`]: [message] });
  }
  if (input.expectedQty !== undefined && input.qty === undefined) throw Validation.field(`${at}expectedQty`, "goes with qty, not with adjust.");
}

/**
 * The quantity a change leaves when the row holds `current`: a 412 when `expectedQty` is not `current`, a 422 when
 * `adjust` would take it below 0.
 */
function stockAfter(current: number, input: StockChange, at = ""): number {
  if (input.qty !== undefined) {
    if (input.expectedQty !== undefined && input.expectedQty !== current) {
      throw new PreconditionFailed(`The quantity in stock is ${current}, not the expected ${input.expectedQty}; nothing was changed.`);
    }
    return input.qty;
  }
  const qty = current + input.adjust!;
  if (qty < 0) throw Validation.field(`${at}adjust`, `would leave ${qty} in stock (there are ${current}); the quantity cannot be negative.`);
  if (qty > 1e9) throw Validation.field(`${at}adjust`, "would leave more than 1000000000 in stock.");
  return qty;
}

export async function setInventoryQty(ctx: RequestContext, id: number, input: StockChange): Promise<void> {
  checkStockChange(input);
  await ctx.db.$transaction(async (tx) => {
    // Guarded on the quantity read, so that the old quantity told is the one replaced and a delta or an expected
    // quantity applies to it: a sale committing in between makes it read again.
    for (let tries = 0; tries < 5; tries++) {
      const before = await tx.productInventory.findUniqueOrThrow({ where: { id }, select: { qty: true } });
      const qty = stockAfter(before.qty, input);
      const { count } = await tx.productInventory.updateMany({ where: { id, qty: before.qty }, data: { qty } });
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
