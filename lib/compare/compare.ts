// The customer's product comparison list.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound, Validation } from "../errors.ts";
import { listableProduct, productRows, type ProductRowData } from "../account/products.ts";

type Item = { id: number; productId: number; createdAt: Date };

function toItem(i: Item, product: ProductRowData | undefined) {
  return { id: i.id, productId: i.productId, product: product ?? null, createdAt: i.createdAt.toISOString() };
}

export async function listCompareItems(ctx: RequestContext, _input: unknown, paging: Paging): Promise<Page<ReturnType<typeof toItem>>> {
  const where = { customerId: customerId(ctx) };
  const [total, items] = await Promise.all([
    ctx.db.compareItem.count({ where }),
    ctx.db.compareItem.findMany({ where, orderBy: { id: "asc" }, skip: paging.offset, take: paging.limit }),
  ]);
  const rows = await productRows(ctx, items.map((i) => i.productId));
  return { total, items: items.map((i) => toItem(i, rows.get(i.productId))) };
}

/** Adding a product that is already on the list is a 422; nothing changes. */
export async function addCompareItem(ctx: RequestContext, input: { productId: number }) {
  const owner = customerId(ctx);
  await listableProduct(ctx, input.productId);
  const existing = await ctx.db.compareItem.findUnique({ where: { customerId_productId: { customerId: owner, productId: input.productId } } });
  if (existing) throw Validation.field("productId", "This product is already on your compare list.");
  const item = await ctx.db.compareItem.create({ data: { customerId: owner, productId: input.productId } });
  const rows = await productRows(ctx, [item.productId]);
  return toItem(item, rows.get(item.productId));
}

export async function deleteCompareItem(ctx: RequestContext, id: number) {
  const item = await ctx.db.compareItem.findFirst({ where: { id, customerId: customerId(ctx) } });
  if (!item) throw new NotFound("Compare item");
  await ctx.db.compareItem.deleteMany({ where: { id: item.id } });
  return { id: item.id, success: true, message: "The product was removed from your compare list." };
}

export async function clearCompareItems(ctx: RequestContext) {
  const { count } = await ctx.db.compareItem.deleteMany({ where: { customerId: customerId(ctx) } });
  return { message: count ? "Your compare list has been cleared." : "Your compare list was already empty.", deletedCount: count };
}
