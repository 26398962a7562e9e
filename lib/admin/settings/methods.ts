// Shipping and payment methods over the Admin API. A shipping method's code names a carrier the checkout computes
// (lib/checkout/shipping.ts: flatrate and free), so one of each can exist; payment methods are any number of onsite
// or offsite methods. Orders keep the method's code and title as text, so deleting a method leaves them whole; carts
// that had chosen it lose that choice and choose again.
import { z } from "zod";
import type { RequestContext } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
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

function carrierConfig(code: string, raw: unknown): unknown {
  const parsed = CONFIG[code]?.safeParse(raw);
  if (!parsed?.success) throw Validation.field("config", `must be ${code === "flatrate" ? "{ rate, type: per_item | per_order }" : "{ threshold }"}: ${parsed?.error.issues[0]?.message ?? "unknown method"}.`);
  return parsed.data;
}

const CARRIERS = Object.keys(CONFIG);
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
    run: async (ctx, { config, ...input }) => {
      const checked = carrierConfig(input.code, config); // the input first: a bad config is refused whatever exists
      if (await ctx.db.shippingMethod.count({ where: { code: input.code } })) throw Validation.field("code", `A ${input.code} method exists already; configure that one.`);
      return (await ctx.db.shippingMethod.create({ data: { ...input, config: checked as never } })).id;
    },
  },
  remove: async (ctx, id) => {
    const method = await ctx.db.shippingMethod.findUniqueOrThrow({ where: { id } });
    await ctx.db.$transaction(async (tx) => {
      await tx.shippingMethod.delete({ where: { id } });
      await forgetShippingChoice(tx, method.code);
    });
  },
  update: {
    input: z.object({ ...common, config: z.record(z.string(), z.unknown()).optional() }),
    summary: "Configure a shipping method: flatrate `config` { rate, type: per_item | per_order }, free `config` { threshold }.",
    run: async (ctx, id, input) => {
      const method = await ctx.db.shippingMethod.findUniqueOrThrow({ where: { id } });
      const config = input.config ? carrierConfig(method.code, input.config) : undefined;
      await ctx.db.shippingMethod.update({ where: { id }, data: { ...input, config: config as never } });
    },
  },
});

export const AdminPaymentMethod = z
  .object({ id: z.int(), code: z.string(), title: z.string(), description: z.string().nullable(), active: z.boolean(), offsite: z.boolean(), sortOrder: z.int(), channels: z.array(z.int()), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: "AdminPaymentMethod", iri: "/api/admin/settings/payment-methods" });

async function checkChannels(ctx: RequestContext, channels: number[] | undefined) {
  if (channels && (await ctx.db.channel.count({ where: { id: { in: channels } } })) !== new Set(channels).size) throw Validation.field("channels", "must name existing channels only.");
}

/** Carts that had chosen a deleted method choose again (their order is not placed with a method the store dropped). */
async function forgetShippingChoice(tx: Tx, code: string) {
  await tx.cartShippingRate.deleteMany({ where: { carrier: code } });
  await tx.cart.updateMany({ where: { shippingMethod: `${code}_${code}` }, data: { shippingMethod: null } });
}

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
    summary: "Add a payment method: onsite (the order is placed at once) or offsite (through the payment gateway page), offered in the given channels.",
    run: async (ctx, { channels, ...input }) => {
      await checkChannels(ctx, channels);
      if (await ctx.db.paymentMethod.count({ where: { code: input.code } })) throw Validation.field("code", `The payment method ${input.code} exists already.`);
      return (await ctx.db.paymentMethod.create({ data: { ...input, channels: { create: [...new Set(channels)].map((channelId) => ({ channelId })) } } })).id;
    },
  },
  remove: async (ctx, id) => {
    const method = await ctx.db.paymentMethod.findUniqueOrThrow({ where: { id } });
    await ctx.db.$transaction(async (tx) => {
      await tx.paymentMethod.delete({ where: { id } });
      await tx.cart.updateMany({ where: { paymentMethod: method.code }, data: { paymentMethod: null, paymentMethodTitle: null } });
      await tx.paymentSession.updateMany({ where: { method: method.code, status: "pending" }, data: { status: "canceled" } });
    });
  },
  update: {
    input: z.object({ ...common, channels: z.array(recordId()).max(100).optional() }),
    summary: "Configure a payment method: title, description, active, sort order and the channels that offer it.",
    run: async (ctx, id, { channels, ...input }) => {
      await checkChannels(ctx, channels);
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
