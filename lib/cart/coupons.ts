// Coupons: percentage or fixed discounts with dates, a minimum subtotal and usage limits.
import type { Selectable } from "kysely";
import type { DB, Sql } from "../db/sql/index.ts";
import { Validation } from "../errors.ts";
import { dec, Decimal } from "../money.ts";

type CouponRow = Selectable<DB["Coupon"]>;

/** The coupon of `code`, or null. */
export async function couponByCode(db: Sql, code: string): Promise<CouponRow | null> {
  return (await db.selectFrom("Coupon").selectAll().where("code", "=", code).executeTakeFirst()) ?? null;
}

/** Why a coupon cannot be used on this cart now, or null when it can. */
export async function couponProblem(db: Sql, coupon: CouponRow | null, cart: { customerId: number | null; baseSubtotal: Decimal }, now = new Date()): Promise<string | null> {
  if (!coupon || !coupon.status) return "This coupon code is not valid.";
  if (coupon.startsAt && coupon.startsAt > now) return "This coupon is not active yet.";
  if (coupon.endsAt && coupon.endsAt < now) return "This coupon has expired.";
  if (coupon.usageLimit != null && coupon.timesUsed >= coupon.usageLimit) return "This coupon has been used up.";
  if (coupon.minSubtotal != null && cart.baseSubtotal.lt(dec(coupon.minSubtotal))) {
    return `This coupon needs a subtotal of at least ${dec(coupon.minSubtotal).toFixed(2)}.`;
  }
  if (coupon.usagePerCustomer != null && cart.customerId != null) {
    const { used } = await db
      .selectFrom("CouponUsage")
      .select((eb) => eb.fn.countAll().as("used"))
      .where("couponId", "=", coupon.id)
      .where("customerId", "=", cart.customerId)
      .executeTakeFirstOrThrow();
    // A count is typed by no column: a number on SQLite, a bigint's text on PostgreSQL.
    if (Number(used) >= coupon.usagePerCustomer) return "You have already used this coupon.";
  }
  return null;
}

export function discountFor(coupon: Pick<CouponRow, "type" | "amount">, baseSubtotal: Decimal): Decimal {
  const amount = coupon.type === "percent" ? baseSubtotal.mul(dec(coupon.amount)).div(100) : dec(coupon.amount);
  return Decimal.min(amount, baseSubtotal).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export async function requireUsableCoupon(db: Sql, code: string, cart: { customerId: number | null; baseSubtotal: Decimal }) {
  const coupon = await couponByCode(db, code);
  const problem = await couponProblem(db, coupon, cart);
  if (problem) throw Validation.field("couponCode", problem);
  return coupon!;
}
