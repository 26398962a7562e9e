// Coupons over the Admin API. Codes are unique and kept exactly as given (the cart matches them exactly).
import { z } from "zod";
import { boolParam } from "../../operations/fields.ts";
import { toNumber } from "../../money.ts";
import { adminResource } from "../resource.ts";
import { createCoupon, updateCoupon } from "./coupon-service.ts";
import { CouponFields } from "./coupon-input.ts";

export const AdminCoupon = z
  .object({
    id: z.int(), code: z.string(), name: z.string(), type: z.string(), amount: z.number(), minSubtotal: z.number().nullable(),
    usageLimit: z.int().nullable(), usagePerCustomer: z.int().nullable(), timesUsed: z.int(), startsAt: z.string().nullable(), endsAt: z.string().nullable(),
    status: z.boolean(), createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminCoupon", iri: "/api/admin/marketing/coupons" });

export const coupons = adminResource({
  path: "marketing/coupons",
  one: "Coupon",
  many: "Coupons",
  permission: "marketing.coupons",
  model: "coupon",
  output: AdminCoupon,
  toOutput: (_ctx, c) => ({ ...c, amount: toNumber(c.amount), minSubtotal: c.minSubtotal == null ? null : toNumber(c.minSubtotal) }),
  filters: z.object({ code: z.string().trim().max(60).optional(), status: boolParam().optional() }),
  where: (_ctx, f) => ({ ...(f.code ? { code: f.code } : {}), ...(f.status !== undefined ? { status: f.status } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }), times_used: (d) => ({ timesUsed: d }) }, default: "-id" },
  create: {
    input: CouponFields,
    run: createCoupon,
  },
  update: { input: CouponFields.partial(), run: updateCoupon },
  remove: true,
});
