// The batch upsert of products, behind ./product-batch.ts and the CSV import (../imports/products.ts): each row is
// matched to a product by its external id, else by its sku, and updated (the PATCH's semantics) or created (the
// POST's), with its variants, through ./product-service.ts, in one transaction per row. A row that fails is answered
// with its field errors and stops no other row.
import type { RequestContext } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { Validation } from "../../errors.ts";
import { toAppError, zodToValidation } from "../../http/respond.ts";
import { deepCamel } from "../input.ts";
import { logError } from "../../log/index.ts";
import { planCreate, planUpdate, ProductCreate, ProductUpdate } from "./product-service.ts";

/** Rows per call: a batch answers within a request's time, and a client sends a larger catalog as several calls. */
export const MAX_BATCH_PRODUCTS = 100;
/** Variants per row: every one of them is written in the row's transaction. */
export const MAX_ROW_VARIANTS = 100;

/** A row with many variants holds its transaction longer than Prisma's default 5 s allows. */
const ROW_TRANSACTION = { maxWait: 10_000, timeout: 60_000 };

export type RowStatus = "created" | "updated" | "failed";
export interface FieldError {
  field: string;
  message: string;
}
export interface VariantResult {
  index: number;
  sku: string | null;
  externalId: string | null;
  id: number | null;
  status: Exclude<RowStatus, "failed">;
}
export interface RowResult {
  index: number;
  sku: string | null;
  externalId: string | null;
  /** The product's id; null when the row failed, and in a dry run. */
  id: number | null;
  status: RowStatus;
  errors: FieldError[];
  variants: VariantResult[];
}
export interface BatchAnswer {
  data: RowResult[];
  created: number;
  updated: number;
  failed: number;
}

export interface UpsertOptions {
  /** Checks and writes each row, then rolls it back: the answer says what a run would do (the CSV import's dry run). */
  dryRun?: boolean;
  /** How a message names another row ("index 3"; the CSV import: "row 5"), when a sku, external id or url key repeats. */
  rowName?: (index: number, variant?: number) => string;
  /** Fields a product that is created takes when its row leaves them out (the CSV import: `type` simple). */
  createDefaults?: Row;
}

type Row = Record<string, unknown>;

/** The product a row names: by external id when it gives one that exists, else by sku. */
type Match = { id: number; sku: string; type: string; parentId: number | null; externalId: string | null; by: "externalId" | "sku" };

const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

async function findMatch(db: Tx, row: Row): Promise<Match | null> {
  const select = { id: true, sku: true, type: true, parentId: true, externalId: true } as const;
  const externalId = text(row.externalId);
  const sku = text(row.sku);
  if (externalId) {
    const found = await db.product.findUnique({ where: { externalId }, select });
    if (found) return { ...found, by: "externalId" };
  }
  if (!sku) return null;
  const found = await db.product.findUnique({ where: { sku }, select });
  if (!found) return null;
  // A product that already carries another external id is another of the caller's records, not this row's.
  if (externalId && found.externalId) {
    throw Validation.field("sku", `The sku "${sku}" belongs to product ${found.id}, whose external id is "${found.externalId}", not "${externalId}".`);
  }
  return { ...found, by: "sku" };
}

/** Creates or updates one product in `tx`; `parentId`: the configurable product a row's variant belongs to. */
async function upsertOne(ctx: RequestContext, tx: Tx, row: Row, defaults: Row, parentId?: number): Promise<{ id: number; status: "created" | "updated" }> {
  if (parentId !== undefined && row.parentId !== undefined) throw Validation.field("parentId", "A variant given in a row belongs to the row's product: leave parentId out.");
  const match = await findMatch(tx, row);
  if (!match) {
    const parsed = ProductCreate.strict().safeParse(parentId === undefined ? { ...defaults, ...row } : { ...defaults, type: "simple", ...row, parentId });
    if (!parsed.success) throw zodToValidation(parsed.error);
    return { id: await (await planCreate(ctx, parsed.data, tx))(tx), status: "created" };
  }
  // What a product is and where it belongs do not change: a row may repeat them, not move them.
  const { type, parentId: givenParent, ...fields } = row;
  if (type !== undefined && type !== match.type) throw Validation.field("type", `cannot change: product ${match.id} is a ${match.type} product.`);
  if (parentId !== undefined && match.parentId !== parentId) {
    throw Validation.field(match.by, `names product ${match.id}, which is not a variant of this product.`);
  }
  if (givenParent !== undefined && Number(givenParent) !== match.parentId) {
    throw Validation.field("parentId", `cannot change: product ${match.id} is ${match.parentId ? `a variant of product ${match.parentId}` : "no variant"}.`);
  }
  // The ids that found the product are not changes of it (a product.updated names only what the row changes).
  if (text(fields.sku) === match.sku) delete fields.sku;
  if (text(fields.externalId) === match.externalId) delete fields.externalId;
  const parsed = ProductUpdate.strict().safeParse(fields);
  if (!parsed.success) throw zodToValidation(parsed.error);
  await (await planUpdate(ctx, match.id, parsed.data, tx))(tx);
  return { id: match.id, status: "updated" };
}

/** A row's failure, with the path of the part that failed (`variants.2.`). */
class PartFailure extends Error {
  constructor(
    readonly prefix: string,
    readonly failure: unknown,
  ) {
    super("A part of the row failed.");
  }
}

/** Thrown at the end of a dry run's row, so its transaction rolls back. */
class DryRun extends Error {}

/** The field errors an error stands for, as a single create's 422 would name them (under `prefix`). */
function errorsOf(e: unknown, prefix = ""): FieldError[] {
  if (e instanceof PartFailure) return errorsOf(e.failure, prefix + e.prefix);
  const whole = prefix ? prefix.slice(0, -1) : "row";
  const known = toAppError(e);
  if (!known || known.status >= 500) {
    logError(e, "a batch row could not be written");
    return [{ field: whole, message: "The row could not be written." }];
  }
  const fields = known.details.errors;
  if (!fields) return [{ field: whole, message: known.message }];
  return Object.entries(fields).flatMap(([field, messages]) => messages.map((message) => ({ field: prefix + field, message })));
}

/** The rows a row's `variants` holds (none: an empty list). */
function variantRows(value: unknown): Row[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw Validation.field("variants", "must be a list of products.");
  if (value.length > MAX_ROW_VARIANTS) throw Validation.field("variants", `has at most ${MAX_ROW_VARIANTS} products.`);
  value.forEach((v, i) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) throw Validation.field(`variants.${i}`, "must be a product object.");
  });
  return value as Row[];
}

/**
 * What identifies a product across a batch (its sku, external id and url keys), each with the field path a repeat is
 * reported at. Two rows naming the same product, or the same url, are a mistake in the batch, not two writes.
 */
function identities(row: Row, prefix: string): [key: string, field: string][] {
  const keys: [string, string][] = [];
  const sku = text(row.sku);
  if (sku) keys.push([`sku:${sku}`, `${prefix}sku`]);
  const externalId = text(row.externalId);
  if (externalId) keys.push([`externalId:${externalId}`, `${prefix}externalId`]);
  if (Array.isArray(row.translations)) {
    row.translations.forEach((t: unknown, i) => {
      const { locale, urlKey } = (t ?? {}) as Row;
      if (text(locale) && text(urlKey)) keys.push([`url:${text(locale)}:${text(urlKey)}`, `${prefix}translations.${i}.urlKey`]);
    });
  }
  return keys;
}

/** Writes a row and its variants in one transaction (rolled back in a dry run). */
async function writeRow(ctx: RequestContext, product: Row, variants: Row[], options: UpsertOptions) {
  const defaults = options.createDefaults ?? {};
  let outcome: { own: { id: number; status: "created" | "updated" }; variants: { id: number; status: "created" | "updated" }[] } | undefined;
  try {
    await ctx.db.$transaction(async (tx) => {
      const own = await upsertOne(ctx, tx, product, defaults);
      const done = [];
      for (const [i, v] of variants.entries()) {
        try {
          done.push(await upsertOne(ctx, tx, v, defaults, own.id));
        } catch (e) {
          throw new PartFailure(`variants.${i}.`, e);
        }
      }
      outcome = { own, variants: done };
      if (options.dryRun) throw new DryRun();
    }, ROW_TRANSACTION);
  } catch (e) {
    if (!(e instanceof DryRun)) throw e;
  }
  return outcome!;
}

/** Creates or updates each row in turn; answers per row, in the order given. */
export async function upsertProducts(ctx: RequestContext, rows: Row[], options: UpsertOptions = {}): Promise<BatchAnswer> {
  const rowName = options.rowName ?? ((index, variant) => (variant === undefined ? `index ${index}` : `index ${index} variant ${variant}`));
  // Identities of the rows written (or, in a dry run, checked) so far, and where each was given.
  const seen = new Map<string, string>();
  const data: RowResult[] = [];
  for (const [index, raw] of rows.entries()) {
    const { variants: rawVariants, ...product } = deepCamel(raw) as Row;
    const result: RowResult = { index, sku: text(product.sku), externalId: text(product.externalId), id: null, status: "failed", errors: [], variants: [] };
    data.push(result);
    try {
      const variants = variantRows(rawVariants);
      const keys = [
        ...identities(product, "").map(([key, field]) => ({ key, field, name: rowName(index) })),
        ...variants.flatMap((v, i) => identities(v, `variants.${i}.`).map(([key, field]) => ({ key, field, name: rowName(index, i) }))),
      ];
      const inRow = new Map<string, string>();
      for (const { key, field, name } of keys) {
        const earlier = seen.get(key) ?? inRow.get(key);
        if (earlier) throw Validation.field(field, `is repeated from ${earlier}.`);
        inRow.set(key, name);
      }
      const outcome = await writeRow(ctx, product, variants, options);
      for (const [key, name] of inRow) seen.set(key, name);
      result.status = outcome.own.status;
      result.id = options.dryRun ? null : outcome.own.id;
      result.variants = outcome.variants.map((v, i) => ({
        index: i, sku: text(variants[i].sku), externalId: text(variants[i].externalId), id: options.dryRun ? null : v.id, status: v.status,
      }));
    } catch (e) {
      result.errors = errorsOf(e);
    }
  }
  const count = (s: RowStatus) => data.filter((r) => r.status === s).length;
  return { data, created: count("created"), updated: count("updated"), failed: count("failed") };
}
