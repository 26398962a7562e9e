// Coupons: the database work behind ./coupons.ts. Codes are unique and kept exactly as given (the cart matches
// them exactly).
import type { RequestContext } from "../../context.ts";
import { Validation } from "../../errors.ts";

export interface CouponFields {
  code: string;
  name: string;
  type: "percent" | "fixed";
  amount: number;
  minSubtotal?: number | null;
  usageLimit?: number | null;
  usagePerCustomer?: number | null;
  startsAt?: string | null;
  endsAt?: string | null;
  status?: boolean;
}
type Input = Partial<CouponFields>;

async function check(ctx: RequestContext, input: Input, current?: { id: number; type: string; amount: unknown; startsAt: Date | null; endsAt: Date | null }) {
  if (input.code) {
    const clash = await ctx.db.coupon.findFirst({ where: { code: input.code, ...(current ? { id: { not: current.id } } : {}) } });
    if (clash) throw Validation.field("code", `A coupon with code "${input.code}" already exists.`);
  }
  const type = input.type ?? current?.type;
  const amount = input.amount ?? (current ? Number(current.amount) : undefined);
  if (type === "percent" && amount !== undefined && amount > 100) throw Validation.field("amount", "A percent coupon takes at most 100.");
  const starts = input.startsAt !== undefined ? input.startsAt : current?.startsAt?.toISOString();
  const ends = input.endsAt !== undefined ? input.endsAt : current?.endsAt?.toISOString();
  if (starts && ends && new Date(starts) > new Date(ends)) throw Validation.field("endsAt", "must not be before startsAt.");
}

const data = (i: Input) => ({
  ...i,
  startsAt: i.startsAt === undefined ? undefined : i.startsAt && new Date(i.startsAt),
  endsAt: i.endsAt === undefined ? undefined : i.endsAt && new Date(i.endsAt),
});

export async function createCoupon(ctx: RequestContext, input: CouponFields): Promise<number> {
  await check(ctx, input);
  return (await ctx.db.coupon.create({ data: { ...data(input), code: input.code, name: input.name, type: input.type, amount: input.amount } })).id;
}

export async function updateCoupon(ctx: RequestContext, id: number, input: Input): Promise<void> {
  await check(ctx, input, await ctx.db.coupon.findUniqueOrThrow({ where: { id } }));
  await ctx.db.coupon.update({ where: { id }, data: data(input) });
}
