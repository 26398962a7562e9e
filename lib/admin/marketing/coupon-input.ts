// The coupon input of the Admin API, pure zod: the coupon declarations (./coupons.ts) parse with it and the
// panel's coupon form checks with it, so both refuse the same things in the same words.
import { z } from "zod";
import { boolParam, intParam, numberParam } from "../../operations/fields.ts";

const count = intParam().pipe(z.int().min(1).max(1e9)).nullable().optional();

export const CouponFields = z.object({
  code: z.string().trim().min(1, { message: "is required" }).max(60).regex(/^[A-Za-z0-9_-]+$/, { message: "may hold letters, digits, dash and underscore" }),
  name: z.string().trim().min(1, { message: "is required" }).max(255),
  type: z.enum(["percent", "fixed"], { message: "must be percent or fixed" }),
  amount: numberParam().pipe(z.number().gt(0, { message: "must be more than 0" }).max(1e9)),
  minSubtotal: numberParam().pipe(z.number().min(0)).nullable().optional(),
  usageLimit: count,
  usagePerCustomer: count,
  startsAt: z.iso.datetime({ offset: true }).nullable().optional(),
  endsAt: z.iso.datetime({ offset: true }).nullable().optional(),
  status: boolParam().optional(),
});
