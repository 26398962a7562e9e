// What a return is made of, over the Admin API: the reasons a customer picks from, the statuses a return moves
// through, and the store's own fields on the return form. A record returns still point at is not deleted (409):
// a reason is switched off instead, and a field's answers would go with it. The nine statuses the return process
// moves through (lib/returns/statuses.ts) can be retitled and recoloured but not deleted.
import { z } from "zod";
import { boolParam, intParam } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import {
  BUILT_IN, createField, createReason, createStatus, deleteField, deleteReason, deleteStatus, updateField, updateReason, updateStatus,
} from "./return-settings-service.ts";

const text = (max: number) => z.string().trim().min(1, { message: "is required" }).max(max);
const position = intParam().pipe(z.int().min(0).max(1e6));
const code = text(60).regex(/^[a-z][a-z0-9_]*$/, { message: "must start with a letter and hold lowercase letters, digits and underscores" });

// ── Reasons ──
export const AdminReturnReason = z
  .object({ id: z.int(), title: z.string(), position: z.int(), resolutionType: z.string(), status: z.boolean(), returnCount: z.int(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: "AdminReturnReason", iri: "/api/admin/sales/return-reasons" });

const ReasonFields = z.object({
  title: text(255),
  position: position.optional(),
  resolutionType: z.enum(["return", "cancel_items", "both"], { message: "must be return, cancel_items or both" }).optional(),
  status: boolParam().optional(),
});

export const returnReasons = adminResource({
  path: "sales/return-reasons", one: "ReturnReason", many: "ReturnReasons", permission: "sales.return-settings", model: "returnReason", output: AdminReturnReason,
  include: () => ({ _count: { select: { returns: true } } }),
  toOutput: (_ctx, r) => ({ ...r, returnCount: r._count.returns }),
  filters: z.object({ status: boolParam().optional(), resolutionType: z.string().max(20).optional() }),
  where: (_ctx, f) => ({ ...(f.status !== undefined ? { status: f.status } : {}), ...(f.resolutionType ? { resolutionType: f.resolutionType } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), position: (d) => ({ position: d }), title: (d) => ({ title: d }) }, default: "position" },
  create: { input: ReasonFields, run: createReason },
  update: { input: ReasonFields.partial(), run: updateReason },
  remove: deleteReason,
});

// ── Statuses ──
export const AdminReturnStatus = z
  .object({ id: z.int(), code: z.string(), title: z.string(), color: z.string(), builtIn: z.boolean(), returnCount: z.int(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: "AdminReturnStatus", iri: "/api/admin/sales/return-statuses" });

const color = z.string().trim().regex(/^#[0-9A-Fa-f]{6}$/, { message: "must be a hex colour such as #F59E0B" });
const StatusFields = z.object({ code, title: text(100), color });

export const returnStatuses = adminResource({
  path: "sales/return-statuses", one: "ReturnStatus", many: "ReturnStatuses", permission: "sales.return-settings", model: "returnStatus", output: AdminReturnStatus,
  include: () => ({ _count: { select: { returns: true } } }),
  toOutput: (_ctx, s) => ({ ...s, builtIn: BUILT_IN.has(s.id), returnCount: s._count.returns }),
  filters: z.object({ code: z.string().max(60).optional() }),
  where: (_ctx, f) => (f.code ? { code: f.code } : {}),
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }) }, default: "id" },
  create: {
    input: StatusFields,
    summary: "Add a return status (a label the store uses beside the built-in ones); its id follows the highest.",
    run: createStatus,
  },
  update: {
    input: StatusFields.omit({ code: true }).partial(),
    summary: "Retitle or recolour a return status; the code is what the return process knows it by and stays.",
    run: updateStatus,
  },
  remove: deleteStatus,
});

// ── Custom fields ──
export const AdminReturnCustomField = z
  .object({
    id: z.int(), code: z.string(), label: z.string(), type: z.string(), position: z.int(), isRequired: z.boolean(),
    options: z.array(z.string()).nullable(), valueCount: z.int(), createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminReturnCustomField", iri: "/api/admin/sales/return-custom-fields" });

const TYPES = ["text", "textarea", "select", "checkbox", "date"] as const;
const FieldFields = z.object({
  code,
  label: text(255),
  type: z.enum(TYPES, { message: `must be one of ${TYPES.join(", ")}` }),
  position: position.optional(),
  isRequired: boolParam().optional(),
  options: z.array(z.string().trim().min(1, { message: "is required" }).max(255)).max(100).nullable().optional(),
});

/** Stored choices as text: plain strings, or `{ value }` objects as an older form wrote them. */
const optionText = (x: unknown): string => {
  const v: unknown = x && typeof x === "object" ? (x as { value?: unknown }).value : x;
  return typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : "";
};
const optionList = (o: unknown): string[] | null => (Array.isArray(o) ? o.map(optionText) : null);

export const returnCustomFields = adminResource({
  path: "sales/return-custom-fields", one: "ReturnCustomField", many: "ReturnCustomFields", permission: "sales.return-settings", model: "returnCustomField", output: AdminReturnCustomField,
  include: () => ({ _count: { select: { values: true } } }),
  toOutput: (_ctx, f) => ({ ...f, options: f.type === "select" ? optionList(f.options) : null, valueCount: f._count.values }),
  filters: z.object({ type: z.string().max(20).optional(), code: z.string().max(60).optional() }),
  where: (_ctx, f) => ({ ...(f.type ? { type: f.type } : {}), ...(f.code ? { code: f.code } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), position: (d) => ({ position: d }), code: (d) => ({ code: d }) }, default: "position" },
  create: { input: FieldFields, run: createField },
  update: {
    input: FieldFields.omit({ code: true }).partial(),
    summary: "Change a return field; its type cannot change once returns have answered it.",
    run: updateField,
  },
  remove: deleteField,
});
