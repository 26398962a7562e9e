// Coupons over the Admin API. Codes are unique and kept exactly as given (the cart matches them exactly).
import { z } from "zod";
import { boolParam, intParam, numberParam } from "../../operations/fields.ts";
import { toNumber } from "../../money.ts";
import { adminResource } from "../resource.ts";
import { createCoupon, updateCoupon } from "./coupon-service.ts";

export const AdminCoupon = z
  .object({
    id: z.int(), code: z.string(), name: z.string(), type: z.string(), amount: z.number(), minSubtotal: z.number().nullable(),
    usageLimit: z.int().nullable(), usagePerCustomer: z.int().nullable(), timesUsed: z.int(), startsAt: z.string().nullable(), endsAt: z.string().nullable(),
    status: z.boolean(), createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminCoupon", iri: "/api/admin/marketing/coupons" });

const count = intParam().pipe(z.int().min(1).max(1e9)).nullable().optional();
const Fields = z.object({
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
    input: Fields,
    run: createCoupon,
  },
  update: { input: Fields.partial(), run: updateCoupon },
  remove: true,
});
