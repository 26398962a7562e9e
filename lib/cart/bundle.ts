// What a shopper chose of a grouped or bundle product, checked against the product's definition
// (lib/catalog/composite.ts): every refusal is a 422 naming the input field at fault.
import type { RequestContext } from "../context.ts";
import type { Sql } from "../db/sql/index.ts";
import { Validation } from "../errors.ts";
import { Decimal } from "../money.ts";
import { finalPrice } from "../catalog/pricing.ts";
import { bundleOptionsOf, groupedChildren, SINGLE_CHOICE } from "../catalog/composite.ts";
import type { BundleChild, LineOptions } from "./state.ts";

export const MAX_CHILD_QTY = 10_000;

type Loose = number | string | (number | string)[];

/** A whole number from `min` to MAX_CHILD_QTY, or a 422 on `field`. */
function count(value: unknown, field: string, what: string, min: number): number {
  const n = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > MAX_CHILD_QTY) {
    throw Validation.field(field, `${what} must be a whole number from ${min} to ${MAX_CHILD_QTY}.`);
  }
  return n;
}

/** A numeric id (a record key or a value), or a 422 on `field`. */
function id(value: unknown, field: string): number {
  const n = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1) throw Validation.field(field, `"${String(value)}" is not an id.`);
  return n;
}

/**
 * The associated products to add for a grouped product and how many of each: `groupedQty {productId: n}`, or
 * the products' default quantities when it is not sent. Products at 0 are left out; at least one must remain.
 */
export async function groupedChoice(tx: Sql, ctx: RequestContext, productId: number, groupedQty: Record<string, unknown> | undefined) {
  const links = await groupedChildren(tx, ctx, productId);
  const known = new Map(links.map((l) => [l.product.id, l]));
  const wanted = new Map<number, number>();
  if (groupedQty === undefined) {
    for (const l of links) if (l.qty > 0) wanted.set(l.product.id, l.qty);
  } else {
    for (const [key, value] of Object.entries(groupedQty)) {
      const childId = id(key, "groupedQty");
      if (!known.has(childId)) throw Validation.field("groupedQty", `Product ${childId} is not part of this grouped product.`);
      const qty = count(value, "groupedQty", `The quantity of product ${childId}`, 0);
      if (qty > 0) wanted.set(childId, qty);
    }
  }
  if (!wanted.size) throw Validation.field("groupedQty", "Choose a quantity of at least one product of this group.");
  return [...wanted].map(([childId, qty]) => {
    const c = known.get(childId)!.product;
    if (!c.available) throw Validation.field("groupedQty", `${c.name} is not available.`);
    return { productId: childId, quantity: qty };
  });
}

export interface BundleLine {
  options: LineOptions;
  /** The bundle's price: each chosen product at its price × its units. */
  unit: Decimal;
  weight: Decimal | null;
  /** Units on hand of each chosen simple product, by product id. */
  stock: Map<number, number>;
  /** Names of the chosen products, by product id (for the out-of-stock message). */
  names: Map<number, string>;
}

/**
 * A bundle's choice: `bundleOptions {optionId: [optionProductId, …]}` (a single id for a radio or select) and
 * `bundleOptionQty {optionId: n}` for an option whose product lets the shopper set the quantity. Required options
 * must be chosen, a radio or select takes exactly one product; the products must be sold.
 */
export async function bundleChoice(
  tx: Sql,
  ctx: RequestContext,
  productId: number,
  chosen: Record<string, Loose> | undefined,
  quantities: Record<string, unknown> | undefined,
): Promise<BundleLine> {
  const options = await bundleOptionsOf(tx, ctx, productId);
  const byId = new Map(options.map((o) => [o.id, o]));
  const picks = new Map<number, number[]>();
  for (const [key, value] of Object.entries(chosen ?? {})) {
    const optionId = id(key, "bundleOptions");
    const option = byId.get(optionId);
    if (!option) throw Validation.field("bundleOptions", `Option ${optionId} is not an option of this bundle.`);
    const ids = [...new Set((Array.isArray(value) ? value : [value]).map((v) => id(v, "bundleOptions")))];
    for (const p of ids) {
      if (!option.products.some((op) => op.id === p)) throw Validation.field("bundleOptions", `${p} is not a product of the option "${option.label}".`);
    }
    if (ids.length) picks.set(optionId, ids);
  }
  const qtyOf = new Map<number, number>();
  for (const [key, value] of Object.entries(quantities ?? {})) {
    const optionId = id(key, "bundleOptionQty");
    const option = byId.get(optionId);
    if (!option) throw Validation.field("bundleOptionQty", `Option ${optionId} is not an option of this bundle.`);
    const pick = picks.get(optionId);
    if (!pick) throw Validation.field("bundleOptionQty", `Choose a product of the option "${option.label}" before its quantity.`);
    const qty = count(value, "bundleOptionQty", `The quantity of the option "${option.label}"`, 1);
    const chosenProduct = option.products.find((op) => op.id === pick[0])!;
    // Only a single choice whose product lets the shopper set it takes another quantity than the product's own.
    const settable = pick.length === 1 && chosenProduct.isUserDefined;
    if (!settable && qty !== Math.max(1, chosenProduct.qty)) throw Validation.field("bundleOptionQty", `The quantity of the option "${option.label}" cannot be changed.`);
    qtyOf.set(optionId, qty);
  }

  const children: BundleChild[] = [];
  let unit = new Decimal(0);
  let weight: Decimal | null = null;
  const stock = new Map<number, number>();
  const names = new Map<number, string>();
  const now = new Date();
  for (const option of options) {
    const pick = picks.get(option.id) ?? [];
    if (!pick.length) {
      if (option.isRequired) throw Validation.field("bundleOptions", `Choose a product for the option "${option.label}".`);
      continue;
    }
    if (SINGLE_CHOICE.has(option.type) && pick.length !== 1) throw Validation.field("bundleOptions", `Choose exactly one product for the option "${option.label}".`);
    for (const optionProductId of pick) {
      const op = option.products.find((x) => x.id === optionProductId)!;
      const c = op.product;
      if (!c.available) throw Validation.field("bundleOptions", `${c.name} is not available.`);
      const qty = qtyOf.get(option.id) ?? Math.max(1, op.qty);
      stock.set(c.id, c.stock);
      names.set(c.id, c.name);
      children.push({ optionId: option.id, label: option.label, optionProductId, productId: c.id, sku: c.sku, name: c.name, type: c.type, qty });
      unit = unit.add(finalPrice(c.priced, now).mul(qty));
      if (c.weight) weight = (weight ?? new Decimal(0)).add(c.weight.mul(qty));
    }
  }
  if (!children.length) throw Validation.field("bundleOptions", "Choose at least one product of this bundle.");
  const bundleOptions = Object.fromEntries(children.reduce((m, c) => m.set(String(c.optionId), [...(m.get(String(c.optionId)) ?? []), c.optionProductId]), new Map<string, number[]>()));
  const bundleOptionQty = Object.fromEntries(options.filter((o) => picks.has(o.id) && SINGLE_CHOICE.has(o.type)).map((o) => [String(o.id), children.find((c) => c.optionId === o.id)!.qty]));
  return { options: { bundleOptions, bundleOptionQty, bundle: children }, unit, weight, stock, names };
}
