// The customer's product comparison list.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound, Validation } from "../errors.ts";
import { listableProduct, productRows, type ProductRowData } from "../catalog/products.ts";

type Item = {
  id: number; productId: number; createdAt: Date;
  customer: { id: number; email: string; firstName: string; lastName: string; gender: string | null; dateOfBirth: string | null };
};

/** The entry's owner, as compare answers show them (only ever the caller). */
const withCustomer = { customer: { select: { id: true, email: true, firstName: true, lastName: true, gender: true, dateOfBirth: true } } } as const;

function toItem(i: Item, product: ProductRowData | undefined) {
  const created = i.createdAt.toISOString();
  // An entry is never changed once made: it was last updated when it was created.
  return { id: i.id, productId: i.productId, product: product ?? null, customer: i.customer, createdAt: created, updatedAt: created };
}

export async function listCompareItems(ctx: RequestContext, input: { productId?: number }, paging: Paging): Promise<Page<ReturnType<typeof toItem>>> {
  const where = { customerId: customerId(ctx), ...(input.productId !== undefined ? { productId: input.productId } : {}) };
  const [total, items] = await Promise.all([
    ctx.db.compareItem.count({ where }),
    ctx.db.compareItem.findMany({ where, orderBy: { id: "asc" }, skip: paging.offset, take: paging.limit, include: withCustomer }),
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
  const item = await ctx.db.compareItem.create({ data: { customerId: owner, productId: input.productId }, include: withCustomer });
  const rows = await productRows(ctx, [item.productId]);
  return toItem(item, rows.get(item.productId));
}

async function ownItem(ctx: RequestContext, id: number) {
  const item = await ctx.db.compareItem.findFirst({ where: { id, customerId: customerId(ctx) }, include: withCustomer });
  if (!item) throw new NotFound("Compare item");
  return item;
}

/** One entry of the caller's compare list; someone else's is 404. */
export async function compareItem(ctx: RequestContext, id: number) {
  const item = await ownItem(ctx, id);
  return toItem(item, (await productRows(ctx, [item.productId])).get(item.productId));
}

/** The removed entry's product is read before it goes, so the answer can name it. */
export async function deleteCompareItem(ctx: RequestContext, id: number) {
  const item = await ownItem(ctx, id);
  const product = (await productRows(ctx, [item.productId])).get(item.productId) ?? null;
  await ctx.db.compareItem.deleteMany({ where: { id: item.id } });
  return { id: item.id, success: true, message: "The product was removed from your compare list.", product };
}

export async function clearCompareItems(ctx: RequestContext) {
  const { count } = await ctx.db.compareItem.deleteMany({ where: { customerId: customerId(ctx) } });
  return { message: count ? "Your compare list has been cleared." : "Your compare list was already empty.", deletedCount: count };
}
