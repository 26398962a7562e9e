// Store configuration values over the Admin API: key/value rows (CoreConfig), global or for one channel. Only the
// keys the code reads are accepted, each with its own value type, so a value written here is one the store can use;
// an unknown key or a value of the wrong type is a 422 and writes nothing.
import { z } from "zod";
import { Validation } from "../../errors.ts";
import { adminResource } from "../resource.ts";
import { configKey, createConfigValue, updateConfigValue } from "./config-service.ts";

interface ConfigKey {
  type: "integer" | "boolean" | "string";
  /** Parses a value as sent (text from a form, or typed JSON) into the value stored as text. */
  value: z.ZodType<string>;
  description: string;
}

const integer = (min: number, max: number) =>
  z.union([z.int(), z.string().trim().regex(/^-?\d{1,9}$/, { message: "must be a whole number" }).transform(Number)]).pipe(
    z.int().min(min, { message: `must be at least ${min}` }).max(max, { message: `must be at most ${max}` }).transform(String),
  );

/** The keys the store reads (grep their codes to find the reader). */
export const CONFIG_KEYS: Record<string, ConfigKey> = {
  "rma.return_period_days": {
    type: "integer",
    value: integer(0, 3650),
    description: "Days after an order is placed during which its items may be returned (lib/returns/quantities.ts); a product's own period wins.",
  },
};

export const AdminConfigValue = z
  .object({ id: z.int(), code: z.string(), channel: z.string().nullable(), type: z.string(), value: z.string(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: "AdminConfigValue", iri: "/api/admin/settings/config-values" });

const scalar = z.union([z.string().max(2000), z.number(), z.boolean()], { message: "must be a string, number or boolean" });

function checkedValue(code: string, raw: unknown): string {
  // Own keys only: a code such as "valueOf" must not find what every object inherits.
  const key = Object.hasOwn(CONFIG_KEYS, code) ? CONFIG_KEYS[code] : undefined;
  if (!key) throw Validation.field("code", `"${code}" is not a configuration key; known keys: ${Object.keys(CONFIG_KEYS).join(", ")}.`);
  const parsed = key.value.safeParse(raw);
  if (!parsed.success) throw Validation.field("value", `${code} takes a ${key.type}: ${parsed.error.issues[0]?.message ?? "invalid"}.`);
  return parsed.data;
}

export const configValues = adminResource({
  path: "settings/config-values", one: "ConfigValue", many: "ConfigValues", permission: "settings.config",
  permissions: { create: "settings.config.edit", remove: "settings.config.edit" }, model: "coreConfig", output: AdminConfigValue,
  toOutput: (_ctx, row) => ({ ...row, channel: row.channelCode || null, type: Object.hasOwn(CONFIG_KEYS, row.code) ? CONFIG_KEYS[row.code].type : "string" }),
  filters: z.object({ code: z.string().trim().max(191).optional(), channelCode: z.string().trim().max(60).optional() }),
  where: (_ctx, f) => ({ ...(f.code ? { code: f.code } : {}), ...(f.channelCode !== undefined ? { channelCode: f.channelCode } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }) }, default: "code" },
  create: {
    input: z.object({ code: z.string().trim().min(1, { message: "is required" }).max(191), value: scalar, channel: z.string().trim().max(60).nullable().optional() }),
    summary: `Set a configuration value, for the whole store or for one channel (\`channel\` code). Keys: ${Object.keys(CONFIG_KEYS).join(", ")}.`,
    run: (ctx, input) => createConfigValue(ctx, { ...input, value: checkedValue(input.code, input.value) }),
  },
  update: {
    input: z.object({ value: scalar }),
    summary: "Change a configuration value; it is checked against its key's type.",
    run: async (ctx, id, input) => updateConfigValue(ctx, id, checkedValue(await configKey(ctx, id), input.value)),
  },
  remove: true,
});
