// Coupons: percentage or fixed discounts with dates, a minimum subtotal and usage limits.
import type { Tx } from "../db/client.ts";
import { Validation } from "../errors.ts";
import { dec, Decimal } from "../money.ts";

type CouponRow = NonNullable<Awaited<ReturnType<Tx["coupon"]["findUnique"]>>>;

/** Why a coupon cannot be used on this cart now, or null when it can. */
export async function couponProblem(tx: Tx, coupon: CouponRow | null, cart: { customerId: number | null; baseSubtotal: Decimal }, now = new Date()): Promise<string | null> {
  if (!coupon || !coupon.status) return "This coupon code is not valid.";
  if (coupon.startsAt && coupon.startsAt > now) return "This coupon is not active yet.";
  if (coupon.endsAt && coupon.endsAt < now) return "This coupon has expired.";
  if (coupon.usageLimit != null && coupon.timesUsed >= coupon.usageLimit) return "This coupon has been used up.";
  if (coupon.minSubtotal != null && cart.baseSubtotal.lt(dec(coupon.minSubtotal))) {
    return `This coupon needs a subtotal of at least ${dec(coupon.minSubtotal).toFixed(2)}.`;
  }
  if (coupon.usagePerCustomer != null && cart.customerId != null) {
    const used = await tx.couponUsage.count({ where: { couponId: coupon.id, customerId: cart.customerId } });
    if (used >= coupon.usagePerCustomer) return "You have already used this coupon.";
  }
  return null;
}

export function discountFor(coupon: Pick<CouponRow, "type" | "amount">, baseSubtotal: Decimal): Decimal {
  const amount = coupon.type === "percent" ? baseSubtotal.mul(dec(coupon.amount)).div(100) : dec(coupon.amount);
  return Decimal.min(amount, baseSubtotal).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export async function requireUsableCoupon(tx: Tx, code: string, cart: { customerId: number | null; baseSubtotal: Decimal }) {
  const coupon = await tx.coupon.findUnique({ where: { code } });
  const problem = await couponProblem(tx, coupon, cart);
  if (problem) throw Validation.field("couponCode", problem);
  return coupon!;
}
