// Product reviews: the public list of a product's reviews, and a customer's own reviews (create, change,
// delete). A new or changed review waits for approval; only approved reviews are public.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound, Validation } from "../errors.ts";
import { listableProduct, productRows } from "../catalog/products.ts";
import { recordEvent } from "../events/record.ts";

export const REVIEW_STATUSES = ["pending", "approved", "disapproved"] as const;

type Review = {
  id: number; productId: number; customerId: number | null; name: string; title: string; comment: string; rating: number;
  status: string; createdAt: Date; updatedAt: Date; product: { id: number; sku: string; type: string };
};

/** What every review answer reads beside its row: the reviewed product's number, SKU and type. */
const withProduct = { product: { select: { id: true, sku: true, type: true } } } as const;

type ProductText = { name: string | null; urlKey: string | null; baseImageUrl: string | null };

/** The reviewed products' names, URL keys and first images in the request locale, by product id. */
async function productTexts(ctx: RequestContext, ids: number[]): Promise<Map<number, ProductText>> {
  const rows = await productRows(ctx, ids);
  return new Map([...rows].map(([id, p]) => [id, { name: p.name ?? null, urlKey: p.urlKey ?? null, baseImageUrl: p.baseImageUrl ?? null }]));
}

async function toReviews(ctx: RequestContext, rows: Review[]) {
  const texts = await productTexts(ctx, rows.map((r) => r.productId));
  return rows.map((r) => toReview(r, texts.get(r.productId)));
}

const toOne = async (ctx: RequestContext, r: Review) => (await toReviews(ctx, [r]))[0];

/** The email a reviewer gave is never shown. */
function toReview(r: Review, text: ProductText | undefined) {
  return {
    id: r.id,
    productId: r.productId,
    customerId: r.customerId,
    name: r.name,
    title: r.title,
    comment: r.comment,
    rating: r.rating,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    product: { ...r.product, name: text?.name ?? null, urlKey: text?.urlKey ?? null, baseImageUrl: text?.baseImageUrl ?? null },
    // Only the author's number, which `customerId` shows already.
    customer: r.customerId === null ? null : { id: r.customerId },
  };
}

export interface ReviewFilter {
  productId?: number;
  status?: string;
  rating?: number;
}

async function page(ctx: RequestContext, where: object, paging: Paging): Promise<Page<ReturnType<typeof toReview>>> {
  const [total, rows] = await Promise.all([
    ctx.db.productReview.count({ where }),
    ctx.db.productReview.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: paging.offset, take: paging.limit, include: withProduct }),
  ]);
  return { total, items: await toReviews(ctx, rows) };
}

/**
 * A product's reviews, approved by default. Reviews in any other status are shown only to their author: asking
 * for `pending` lists the caller's own pending reviews (none for a visitor).
 */
export async function productReviews(ctx: RequestContext, input: ReviewFilter & { productId: number }, paging: Paging) {
  await listableProduct(ctx, input.productId);
  const status = input.status ?? "approved";
  const author = ctx.principal.kind === "customer" ? ctx.principal.customerId : null;
  if (status !== "approved" && author === null) return { total: 0, items: [] };
  const where = {
    productId: input.productId,
    status,
    ...(input.rating ? { rating: input.rating } : {}),
    ...(status !== "approved" ? { customerId: author } : {}),
  };
  return page(ctx, where, paging);
}

export async function customerReviews(ctx: RequestContext, input: ReviewFilter, paging: Paging) {
  const where = {
    customerId: customerId(ctx),
    ...(input.productId ? { productId: input.productId } : {}),
    ...(input.status ? { status: input.status } : {}),
    ...(input.rating ? { rating: input.rating } : {}),
  };
  return page(ctx, where, paging);
}

export interface ReviewInput {
  productId: number;
  title: string;
  comment: string;
  rating: number;
  name?: string;
}

export async function createReview(ctx: RequestContext, input: ReviewInput) {
  const owner = customerId(ctx);
  await listableProduct(ctx, input.productId);
  const customer = await ctx.db.customer.findUnique({ where: { id: owner }, select: { firstName: true, lastName: true, email: true } });
  if (!customer) throw new NotFound("Customer");
  const review = await ctx.db.$transaction(async (tx) => {
    const row = await tx.productReview.create({
      data: {
        productId: input.productId,
        customerId: owner,
        name: input.name ?? `${customer.firstName} ${customer.lastName}`,
        email: customer.email,
        title: input.title,
        comment: input.comment,
        rating: input.rating,
        status: "pending",
        locale: ctx.locale,
        channelId: ctx.channel.id,
      },
      include: withProduct,
    });
    // No author, email or text: a receiver reads the review itself when it needs them.
    await recordEvent(tx, "review.created", { id: row.id, productId: row.productId, rating: row.rating, status: row.status, updatedAt: row.updatedAt });
    return row;
  });
  return { ...(await toOne(ctx, review)), success: true, message: "Thank you: your review will appear once it is approved." };
}

async function ownReview(ctx: RequestContext, id: number) {
  const review = await ctx.db.productReview.findFirst({ where: { id, customerId: customerId(ctx) }, include: withProduct });
  if (!review) throw new NotFound("Review");
  return review;
}

/** A changed review goes back to `pending` until it is approved again. */
export async function updateReview(ctx: RequestContext, input: Partial<Omit<ReviewInput, "productId">> & { id: number }) {
  const review = await ownReview(ctx, input.id);
  if ([input.title, input.comment, input.rating, input.name].every((v) => v === undefined)) {
    throw new Validation("Give at least one of title, comment, rating or name to change.", { body: ["nothing to change"] });
  }
  const updated = await ctx.db.productReview.update({
    where: { id: review.id },
    data: { title: input.title, comment: input.comment, rating: input.rating, name: input.name, status: "pending" },
    include: withProduct,
  });
  return { ...(await toOne(ctx, updated)), success: true, message: "Your review was updated and will appear once it is approved." };
}

/** One of the caller's reviews in any status; someone else's is 404. */
export async function customerReview(ctx: RequestContext, id: number) {
  return toOne(ctx, await ownReview(ctx, id));
}

export async function deleteReview(ctx: RequestContext, id: number) {
  const review = await ownReview(ctx, id);
  await ctx.db.productReview.deleteMany({ where: { id: review.id } });
  return { id: review.id, success: true, message: "Your review was deleted." };
}
