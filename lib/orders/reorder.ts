// Reorder: the lines of one of the caller's orders go into their cart again, each through the cart's own add
// rules (availability, options, stock); the answer lists what went in and what did not, and why.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import { isAppError, NotFound } from "../errors.ts";
import { addItem, type AddItemInput } from "../cart/items.ts";
import { customerCart } from "../cart/carts.ts";
import type { BundleChild } from "../cart/state.ts";
import { bundleOptionsOf, SINGLE_CHOICE } from "../catalog/composite.ts";

type Line = { id: number; parentId: number | null; productId: number | null; type: string; name: string; qtyOrdered: number; additional: unknown };

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

/**
 * A bundle's choice as the bundle is now. The order line keeps what was bought, product by product, with the
 * option ids of the time; saving a bundle's options again gives them new ids. So each product bought is looked up
 * in the option it came from while that option holds it, else in the option that holds it now. Null when one is
 * in no option any more: the stored choice then goes to the cart, which says why it cannot be added.
 */
async function bundleChoiceNow(ctx: RequestContext, productId: number, bought: BundleChild[]): Promise<Pick<AddItemInput, "bundleOptions" | "bundleOptionQty"> | null> {
  const options = await bundleOptionsOf(ctx.sql, ctx, productId);
  const bundleOptions: Record<string, number[]> = {};
  const bundleOptionQty: Record<string, number> = {};
  for (const c of bought) {
    const holds = (o: (typeof options)[number]) => o.products.some((op) => op.product.id === c.productId);
    const option = options.find((o) => o.id === c.optionId && holds(o)) ?? options.find(holds);
    if (!option) return null;
    (bundleOptions[option.id] ??= []).push(option.products.find((op) => op.product.id === c.productId)!.id);
    if (SINGLE_CHOICE.has(option.type)) bundleOptionQty[option.id] = c.qty;
  }
  return { bundleOptions, bundleOptionQty };
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
    const bought = (line.additional as { bundle?: BundleChild[] } | null)?.bundle;
    if (line.type === "bundle" && bought?.length) Object.assign(input, await bundleChoiceNow(ctx, line.productId, bought));
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
