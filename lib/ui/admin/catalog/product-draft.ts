// The product form's state and the Admin API input it becomes: text as typed in the form, the body as
// createAdminProduct and updateAdminProduct take it, and which form field each of the API's error paths
// (`translations.1.name`, `inventories.0.qty`, `attributeValues.2.optionId`) belongs to.
import type { paths } from "../../../openapi/types/admin-api";
import { slugOf } from "./taxonomy";
import { KEEPS_STOCK, type Attribute, type Product } from "./product-data";

export type CreateBody = NonNullable<paths["/api/admin/catalog/products"]["post"]["requestBody"]>["content"]["application/json"];

export interface TranslationDraft {
  name: string;
  urlKey: string;
  shortDescription: string;
  description: string;
}

/** An attribute's value as the form holds it: option ids, "true"/"false", or text. */
export type AttributeDraft = string | string[];

export interface Draft {
  type: string;
  parentId: number | null;
  sku: string;
  status: boolean;
  visibleIndividually: boolean;
  new: boolean;
  featured: boolean;
  price: string;
  specialPrice: string;
  specialPriceFrom: string;
  specialPriceTo: string;
  cost: string;
  weight: string;
  translations: Record<string, TranslationDraft>;
  channels: number[];
  categories: number[];
  /** Units on hand per channel id. */
  stock: Record<number, string>;
  /** Keyed by `attributeKey`. */
  attributes: Record<string, AttributeDraft>;
  superAttributes: string[];
}

/** `material` or, for a value per locale, `material@fr`. */
export const attributeKey = (code: string, locale?: string | null) => (locale ? `${code}@${locale}` : code);

const text = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

/** An ISO instant as a datetime-local input shows it (local time), and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

export function draftOf(p: Product | null, defaults: { channels: number[]; parentId?: number | null }): Draft {
  const attributes: Record<string, AttributeDraft> = {};
  for (const v of p?.attributeValues ?? []) {
    const key = attributeKey(v.attributeCode, v.locale);
    if (v.optionId !== null) {
      const held = attributes[key];
      // A multiselect's options come as one row each.
      attributes[key] = held === undefined ? String(v.optionId) : [...(Array.isArray(held) ? held : [held]), String(v.optionId)];
    } else attributes[key] = v.value ?? "";
  }
  return {
    type: p?.type ?? "simple",
    parentId: p?.parentId ?? defaults.parentId ?? null,
    sku: p?.sku ?? "",
    status: p?.status ?? true,
    visibleIndividually: p?.visibleIndividually ?? !defaults.parentId,
    new: p?.new ?? false,
    featured: p?.featured ?? false,
    price: text(p?.price),
    specialPrice: text(p?.specialPrice),
    specialPriceFrom: toLocalInput(p?.specialPriceFrom ?? null),
    specialPriceTo: toLocalInput(p?.specialPriceTo ?? null),
    cost: text(p?.cost),
    weight: text(p?.weight),
    translations: Object.fromEntries(
      (p?.translations ?? []).map((t) => [t.locale, { name: t.name, urlKey: t.urlKey, shortDescription: t.shortDescription ?? "", description: t.description ?? "" }]),
    ),
    channels: p?.channels ?? defaults.channels,
    categories: p?.categories ?? [],
    stock: Object.fromEntries((p?.inventories ?? []).map((i) => [i.channelId, String(i.qty)])),
    attributes,
    superAttributes: p?.superAttributes ?? [],
  };
}

/** A number as typed: a number when it reads as one, blank as null, anything else as typed (the schema says why). */
const amount = (value: string): number | string | null => {
  const v = value.trim();
  if (v === "") return null;
  return Number.isNaN(Number(v)) ? v : Number(v);
};

export interface Built {
  body: Record<string, unknown>;
  /** The form field (`translations.fr.name`, `stock.2`, `attributes.material@fr`) of each of the body's error paths. */
  fieldOf: (path: string) => string;
}

/**
 * The body to send: every field of the form; translations of the locales given a name (or that the product has),
 * stock for the channels it is sold in (products that keep stock), attribute values that were changed (`touched`)
 * and are not blank. Attributes cannot be cleared through the API, so a blank one is left as it is.
 */
export function buildBody(d: Draft, opts: { isNew: boolean; locales: string[]; attributes: Attribute[]; touched: Set<string> }): Built {
  const locales = opts.locales.filter((l) => {
    const t = d.translations[l];
    return t && (t.name.trim() || t.urlKey.trim() || t.shortDescription.trim() || t.description.trim());
  });
  const stockChannels = KEEPS_STOCK.has(d.type) ? d.channels.filter((c) => (d.stock[c] ?? "").trim() !== "") : [];
  const values: { key: string; value: Record<string, unknown> }[] = [];
  for (const a of opts.attributes) {
    for (const locale of a.valuePerLocale ? opts.locales : [null]) {
      const key = attributeKey(a.code, locale);
      const held = d.attributes[key];
      if (!opts.touched.has(key) || held === undefined || held === "" || (Array.isArray(held) && !held.length)) continue;
      const base = { attributeCode: a.code, ...(locale ? { locale } : {}) };
      if (a.type === "select") values.push({ key, value: { ...base, optionId: Number(held) } });
      else if (a.type === "multiselect") values.push({ key, value: { ...base, optionIds: [held].flat().map(Number) } });
      else if (a.type === "boolean") values.push({ key, value: { ...base, value: held === "true" } });
      else values.push({ key, value: { ...base, value: String(held) } });
    }
  }
  const body: Record<string, unknown> = {
    ...(opts.isNew ? { type: d.type, ...(d.parentId ? { parentId: d.parentId } : {}) } : {}),
    ...(opts.isNew && d.type === "configurable" ? { superAttributes: d.superAttributes } : {}),
    sku: d.sku,
    status: d.status,
    visibleIndividually: d.visibleIndividually,
    new: d.new,
    featured: d.featured,
    price: amount(d.price) ?? "",
    specialPrice: amount(d.specialPrice),
    specialPriceFrom: fromLocalInput(d.specialPriceFrom),
    specialPriceTo: fromLocalInput(d.specialPriceTo),
    cost: amount(d.cost),
    weight: amount(d.weight),
    translations: locales.map((l) => {
      const t = d.translations[l];
      return { locale: l, name: t.name, urlKey: t.urlKey.trim() || slugOf(t.name), shortDescription: t.shortDescription, description: t.description };
    }),
    // A new product without channels is sold in the request's channel.
    ...(d.channels.length || !opts.isNew ? { channels: d.channels } : {}),
    categories: d.categories,
    ...(stockChannels.length ? { inventories: stockChannels.map((c) => ({ channelId: c, qty: amount(d.stock[c]) })) } : {}),
    ...(values.length ? { attributeValues: values.map((v) => v.value) } : {}),
  };
  const fieldOf = (path: string) => {
    const [head, index, ...rest] = path.split(".");
    const i = Number(index);
    if (head === "translations" && locales[i]) return ["translations", locales[i], ...rest].join(".");
    if (head === "inventories" && stockChannels[i] !== undefined) return `stock.${stockChannels[i]}`;
    if (head === "attributeValues" && values[i]) return `attributes.${values[i].key}`;
    return path;
  };
  return { body, fieldOf };
}

/** The API's (or the schema's) field errors keyed by the form's fields. */
export function formErrors(fields: Record<string, string[]> | null | undefined, fieldOf: (path: string) => string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(fields ?? {})) (out[fieldOf(path)] ??= []).push(...messages);
  return out;
}
