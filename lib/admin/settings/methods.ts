// Shipping and payment methods over the Admin API. Each method code is backed by code in the checkout (flatrate and
// free shipping; cash on delivery, money transfer and the offsite gateway), so methods are configured, switched on
// or off and ordered here, not created or deleted.
import { z } from "zod";
import { Validation } from "../../errors.ts";
import { boolParam, intParam, numberParam, recordId } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { nullableText } from "../input.ts";

const common = {
  title: z.string().trim().min(1, { message: "is required" }).max(255).optional(),
  description: nullableText(2000),
  active: boolParam().optional(),
  sortOrder: intParam().pipe(z.int().min(0).max(1e6)).optional(),
};

export const AdminShippingMethod = z
  .object({ id: z.int(), code: z.string(), title: z.string(), description: z.string().nullable(), active: z.boolean(), sortOrder: z.int(), config: z.record(z.string(), z.unknown()), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: "AdminShippingMethod", iri: "/api/admin/settings/shipping-methods" });

const CONFIG: Record<string, z.ZodType> = {
  flatrate: z.object({ rate: numberParam().pipe(z.number().min(0)), type: z.enum(["per_item", "per_order"], { message: "must be per_item or per_order" }) }).strict(),
  free: z.object({ threshold: numberParam().pipe(z.number().min(0)) }).strict(),
};

export const shippingMethods = adminResource({
  path: "settings/shipping-methods", one: "ShippingMethod", many: "ShippingMethods", permission: "settings", model: "shippingMethod", output: AdminShippingMethod,
  sort: { fields: { id: (d) => ({ id: d }), sort_order: (d) => ({ sortOrder: d }) }, default: "sort_order" },
  update: {
    input: z.object({ ...common, config: z.record(z.string(), z.unknown()).optional() }),
    summary: "Configure a shipping method: flatrate `config` { rate, type: per_item | per_order }, free `config` { threshold }.",
    run: async (ctx, id, input) => {
      const method = await ctx.db.shippingMethod.findUniqueOrThrow({ where: { id } });
      let config: unknown;
      if (input.config) {
        const schema = CONFIG[method.code];
        const parsed = schema?.safeParse(input.config);
        if (!parsed?.success) throw Validation.field("config", `must be ${method.code === "flatrate" ? "{ rate, type: per_item | per_order }" : "{ threshold }"}: ${parsed?.error.issues[0]?.message ?? "unknown method"}.`);
        config = parsed.data;
      }
      await ctx.db.shippingMethod.update({ where: { id }, data: { ...input, config: config as never } });
    },
  },
});

export const AdminPaymentMethod = z
  .object({ id: z.int(), code: z.string(), title: z.string(), description: z.string().nullable(), active: z.boolean(), offsite: z.boolean(), sortOrder: z.int(), channels: z.array(z.int()), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: "AdminPaymentMethod", iri: "/api/admin/settings/payment-methods" });

export const paymentMethods = adminResource({
  path: "settings/payment-methods", one: "PaymentMethod", many: "PaymentMethods", permission: "settings", model: "paymentMethod", output: AdminPaymentMethod,
  include: () => ({ channels: { select: { channelId: true } } }),
  toOutput: (_ctx, m) => ({ ...m, channels: m.channels.map((c: { channelId: number }) => c.channelId).sort((a: number, b: number) => a - b) }),
  sort: { fields: { id: (d) => ({ id: d }), sort_order: (d) => ({ sortOrder: d }) }, default: "sort_order" },
  update: {
    input: z.object({ ...common, channels: z.array(recordId()).max(100).optional() }),
    summary: "Configure a payment method: title, description, active, sort order and the channels that offer it.",
    run: async (ctx, id, { channels, ...input }) => {
      if (channels && (await ctx.db.channel.count({ where: { id: { in: channels } } })) !== new Set(channels).size) throw Validation.field("channels", "must name existing channels only.");
      await ctx.db.$transaction(async (tx) => {
        await tx.paymentMethod.update({ where: { id }, data: input });
        if (channels) {
          await tx.paymentMethodChannel.deleteMany({ where: { paymentMethodId: id } });
          await tx.paymentMethodChannel.createMany({ data: [...new Set(channels)].map((channelId) => ({ paymentMethodId: id, channelId })) });
        }
      });
    },
  },
});
