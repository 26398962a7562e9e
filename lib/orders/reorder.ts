// Reorder: the lines of one of the caller's orders go into their cart again, each through the cart's own add
// rules (availability, options, stock); the answer lists what went in and what did not, and why.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import { isAppError, NotFound } from "../errors.ts";
import { addItem, type AddItemInput } from "../cart/items.ts";
import { customerCart } from "../cart/carts.ts";

type Line = { id: number; parentId: number | null; productId: number | null; name: string; qtyOrdered: number; additional: unknown };

const record = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/**
 * The cart input that buys the same thing again: a configurable's variant, a downloadable's links, a bundle's
 * chosen products and their quantities (the cart checks them against the bundle as it is now). A grouped
 * product's products were ordered as lines of their own, so they come back as such.
 */
function addInput(line: Line & { productId: number }, lines: Line[]): AddItemInput {
  const options = (line.additional ?? {}) as { variantId?: unknown; links?: unknown; bundleOptions?: unknown; bundleOptionQty?: unknown };
  const child = lines.find((l) => l.parentId === line.id && l.productId !== null);
  const variantId = typeof options.variantId === "number" ? options.variantId : child?.productId ?? undefined;
  const links = Array.isArray(options.links) ? options.links.filter((l): l is number => Number.isInteger(l)) : undefined;
  const bundleOptions = record(options.bundleOptions) as AddItemInput["bundleOptions"];
  return { productId: line.productId, quantity: line.qtyOrdered, selectedConfigurableOption: variantId, links, bundleOptions, bundleOptionQty: record(options.bundleOptionQty) };
}

export async function reorder(ctx: RequestContext, id: number) {
  const owner = customerId(ctx);
  const order = await ctx.db.order.findFirst({ where: { id, customerId: owner }, include: { items: { orderBy: { id: "asc" } } } });
  if (!order) throw new NotFound("Order");
  const cart = await customerCart(ctx, owner);
  const added: { orderItemId: number; productId: number; name: string; quantity: number }[] = [];
  const notAdded: { orderItemId: number; productId: number | null; name: string; quantity: number; reason: string }[] = [];
  for (const line of order.items.filter((l) => l.parentId === null)) {
    const skip = (reason: string) => notAdded.push({ orderItemId: line.id, productId: line.productId, name: line.name, quantity: line.qtyOrdered, reason });
    if (line.productId === null) {
      skip("This product is no longer sold.");
      continue;
    }
    const input = addInput({ ...line, productId: line.productId }, order.items);
    try {
      await addItem(ctx, cart.id, input);
      added.push({ orderItemId: line.id, productId: line.productId, name: line.name, quantity: line.qtyOrdered });
    } catch (e) {
      // A line the cart refuses (gone, out of stock, options no longer valid) is reported, not fatal.
      if (!isAppError(e) || e.status >= 500) throw e;
      skip(e.message);
    }
  }
  const message = !notAdded.length
    ? "All items of the order were added to your cart."
    : added.length
      ? `${added.length} item(s) were added to your cart; ${notAdded.length} could not be added.`
      : "None of the items of this order can be added to your cart.";
  return { success: added.length > 0, message, orderId: order.id, cartId: cart.id, itemsAddedCount: added.length, added, notAdded };
}
