// Shipping and payment methods over the Admin API. A shipping method's code names a carrier the checkout computes
// (lib/checkout/shipping.ts: flatrate and free), so one of each can exist; payment methods are any number of onsite
// or offsite methods. Orders keep the method's code and title as text, so deleting a method leaves them whole; carts
// that had chosen it lose that choice and choose again.
import { z } from "zod";
import { Validation } from "../../errors.ts";
import { boolParam, recordId } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { nullableText } from "../input.ts";
import { CARRIER_CONFIG, METHOD_FIELDS } from "./method-input.ts";
import {
  createPaymentMethod, createShippingMethod, deletePaymentMethod, deleteShippingMethod, shippingCarrier, updatePaymentMethod, updateShippingMethod,
} from "./method-service.ts";

// In the order the API documents them.
const common = { title: METHOD_FIELDS.title, description: nullableText(2000), active: METHOD_FIELDS.active, sortOrder: METHOD_FIELDS.sortOrder };

export const AdminShippingMethod = z
  .object({ id: z.int(), code: z.string(), title: z.string(), description: z.string().nullable(), active: z.boolean(), sortOrder: z.int(), config: z.record(z.string(), z.unknown()), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: "AdminShippingMethod", iri: "/api/admin/settings/shipping-methods" });

function carrierConfig(code: string, raw: unknown): unknown {
  const parsed = CARRIER_CONFIG[code]?.safeParse(raw);
  if (!parsed?.success) throw Validation.field("config", `must be ${code === "flatrate" ? "{ rate, type: per_item | per_order }" : "{ threshold }"}: ${parsed?.error.issues[0]?.message ?? "unknown method"}.`);
  return parsed.data;
}

const CARRIERS = Object.keys(CARRIER_CONFIG);
const WRITE = { create: "settings.edit", remove: "settings.edit" };

export const shippingMethods = adminResource({
  path: "settings/shipping-methods", one: "ShippingMethod", many: "ShippingMethods", permission: "settings", permissions: WRITE, model: "shippingMethod", output: AdminShippingMethod,
  filters: z.object({ active: boolParam().optional() }),
  where: (_ctx, f) => (f.active === undefined ? {} : { active: f.active }),
  sort: { fields: { id: (d) => ({ id: d }), sort_order: (d) => ({ sortOrder: d }) }, default: "sort_order" },
  create: {
    input: z.object({
      code: z.enum(CARRIERS as [string, ...string[]], { message: `must be a carrier the checkout computes: ${CARRIERS.join(", ")}` }),
      ...common,
      title: common.title.unwrap(),
      config: z.record(z.string(), z.unknown()),
    }),
    summary: "Add a shipping method for a carrier the checkout computes (flatrate or free), one per carrier.",
    // The input first: a bad config is refused whatever exists.
    run: (ctx, { config, ...input }) => createShippingMethod(ctx, input, carrierConfig(input.code, config)),
  },
  remove: deleteShippingMethod,
  update: {
    input: z.object({ ...common, config: z.record(z.string(), z.unknown()).optional() }),
    summary: "Configure a shipping method: flatrate `config` { rate, type: per_item | per_order }, free `config` { threshold }.",
    run: async (ctx, id, { config, ...input }) => {
      const code = await shippingCarrier(ctx, id);
      await updateShippingMethod(ctx, id, input, config ? carrierConfig(code, config) : undefined);
    },
  },
});

export const AdminPaymentMethod = z
  .object({ id: z.int(), code: z.string(), title: z.string(), description: z.string().nullable(), active: z.boolean(), offsite: z.boolean(), sortOrder: z.int(), channels: z.array(z.int()), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: "AdminPaymentMethod", iri: "/api/admin/settings/payment-methods" });

export const paymentMethods = adminResource({
  path: "settings/payment-methods", one: "PaymentMethod", many: "PaymentMethods", permission: "settings", permissions: WRITE, model: "paymentMethod", output: AdminPaymentMethod,
  include: () => ({ channels: { select: { channelId: true } } }),
  toOutput: (_ctx, m) => ({ ...m, channels: m.channels.map((c: { channelId: number }) => c.channelId).sort((a: number, b: number) => a - b) }),
  filters: z.object({ active: boolParam().optional(), offsite: boolParam().optional() }),
  where: (_ctx, f) => ({ ...(f.active === undefined ? {} : { active: f.active }), ...(f.offsite === undefined ? {} : { offsite: f.offsite }) }),
  sort: { fields: { id: (d) => ({ id: d }), sort_order: (d) => ({ sortOrder: d }) }, default: "sort_order" },
  create: {
    input: z.object({
      code: z.string().trim().min(2, { message: "is required" }).max(60).regex(/^[a-z][a-z0-9_]*$/, { message: "must start with a letter and hold lowercase letters, digits and underscores" }),
      ...common,
      title: common.title.unwrap(),
      offsite: boolParam().optional(),
      channels: z.array(recordId()).min(1, { message: "must name at least one channel" }).max(100),
    }),
    summary: "Add a payment method: onsite (the order is placed at once) or offsite (paid on a provider's page), offered in the given channels. The code `stripe` (offsite) is paid through Stripe once STRIPE_SECRET_KEY is set.",
    run: createPaymentMethod,
  },
  remove: deletePaymentMethod,
  update: {
    input: z.object({ ...common, channels: z.array(recordId()).max(100).optional() }),
    summary: "Configure a payment method: title, description, active, sort order and the channels that offer it.",
    run: updatePaymentMethod,
  },
});
