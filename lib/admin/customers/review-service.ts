// Product reviews in the back office: the database work behind ./reviews.ts. Moderation moves go through the
// review state machine (lib/reviews/transitions.ts).
import type { RequestContext } from "../../context.ts";
import { transition, type ReviewEvent } from "../../reviews/transitions.ts";

export async function updateReview(ctx: RequestContext, id: number, input: { title?: string; comment?: string; rating?: number }): Promise<void> {
  await ctx.db.productReview.update({ where: { id }, data: input });
}

export async function moderateReview(ctx: RequestContext, id: number, event: ReviewEvent): Promise<void> {
  const review = await ctx.db.productReview.findUniqueOrThrow({ where: { id } });
  const next = transition(review.status, event);
  await ctx.db.productReview.update({ where: { id }, data: { status: next } });
}
