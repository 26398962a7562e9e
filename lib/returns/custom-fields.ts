// The store's own return fields (ReturnCustomField): the values a customer gives when raising a return, checked
// against each field's type, options and required flag. Accepted as `{ code: value }` or as a list of
// `{ code | field_id, value }`, so REST JSON, multipart (`customAttributes[code]=…`) and GraphQL all fit.
import type { Db, Tx } from "../db/client.ts";
import { Validation, type FieldErrors } from "../errors.ts";

type Field = { id: number; code: string; label: string; type: string; isRequired: boolean; options: unknown };

const MAX_LENGTH: Record<string, number> = { textarea: 5000 };

function entriesOf(raw: unknown): [string, unknown][] | null {
  if (raw === undefined || raw === null || raw === "") return [];
  if (typeof raw === "string") {
    try {
      return entriesOf(JSON.parse(raw));
    } catch {
      return null;
    }
  }
  if (Array.isArray(raw)) {
    const out: [string, unknown][] = [];
    for (const e of raw) {
      if (!e || typeof e !== "object") return null;
      const o = e as Record<string, unknown>;
      const key = o.code ?? o.field_id ?? o.fieldId;
      if (typeof key !== "string" && typeof key !== "number") return null;
      out.push([String(key), o.value]);
    }
    return out;
  }
  return typeof raw === "object" ? Object.entries(raw as Record<string, unknown>) : null;
}

/** A number, flag or text as text; anything else (a missing value, an object) as "". */
function scalarText(v: unknown): string {
  return typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : "";
}

function optionValues(options: unknown): string[] {
  if (!Array.isArray(options)) return [];
  return options.map((o) => scalarText(o && typeof o === "object" ? (o as { value?: unknown }).value : o));
}

/** The value as stored text; null when none was given, undefined when it cannot be text. */
function text(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "string" || typeof value === "number") return String(value).trim();
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) return value.join(",");
  return undefined;
}

function problem(field: Field, value: string): string | null {
  if (value.length > (MAX_LENGTH[field.type] ?? 255)) return `${field.label} is too long.`;
  if (field.type === "select" && !optionValues(field.options).includes(value)) return `${field.label} must be one of ${optionValues(field.options).join(", ")}.`;
  if (field.type === "date" && (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))) return `${field.label} must be a date (YYYY-MM-DD).`;
  return null;
}

/** The values to store, one per field given; a 422 naming every bad or missing field. */
export async function customValues(db: Db | Tx, raw: unknown): Promise<{ fieldId: number; value: string }[]> {
  const entries = entriesOf(raw);
  if (entries === null) throw Validation.field("customAttributes", "customAttributes must be an object of field code to value, or a list of { code, value }.");
  const fields: Field[] = await db.returnCustomField.findMany({ orderBy: { position: "asc" } });
  const errors: FieldErrors = {};
  const given = new Map<number, string>();
  for (const [key, value] of entries) {
    const field = fields.find((f) => f.code === key || String(f.id) === key);
    if (!field) {
      errors[`customAttributes.${key}`] = ["is not a return field of this store"];
      continue;
    }
    const v = text(value);
    if (v === undefined) errors[`customAttributes.${field.code}`] = [`${field.label} must be text.`];
    else if (v) {
      const bad = problem(field, v);
      if (bad) errors[`customAttributes.${field.code}`] = [bad];
      else given.set(field.id, v);
    }
  }
  for (const f of fields) {
    if (f.isRequired && !given.has(f.id) && !errors[`customAttributes.${f.code}`]) errors[`customAttributes.${f.code}`] = [`${f.label} is required.`];
  }
  const [first] = Object.values(errors);
  if (first) throw new Validation(first[0], errors);
  return [...given].map(([fieldId, value]) => ({ fieldId, value }));
}
