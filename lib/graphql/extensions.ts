// GraphQL-only additions to the types ./zod-types.ts makes from output shapes, declared once beside the domain
// that reads them (lib/catalog/product-graph.ts):
//   graphqlFields  fields a query may ask that the REST answer does not carry; each is read by its own `load`, only
//                  when a query asks for it, so a list that asks for none costs what it did without them.
//   servedAs       an output shown on GraphQL as the type of another: the product detail is a `Product`, whose
//                  lazily read fields cover what the detail carries beyond a list row.
//   argumentScope  query arguments that set the scope (channel, locale) an answer is made in, as the X-CHANNEL and
//                  X-LOCALE headers do; the records of that answer keep it for their lazily read fields.
import type { z } from "zod";
import type { RequestContext } from "../context.ts";
import type { AnyOperation } from "../operations/define.ts";

export interface LazyField {
  /** The value's shape: its GraphQL type is made as any output field's (an array marked `connection` is a connection). */
  output: z.ZodType;
  description?: string;
  /**
   * The values for several parents at once, in their order: every record of an answer that asks for the field is
   * read in one call (records of a list page together), so a page costs what one record does. A parent is the
   * projected record (lib/operations/project.ts) of the type's shape. Each value is projected onto `output`; a
   * connection is paged in memory over the array answered.
   */
  load(ctx: RequestContext, parents: Record<string, unknown>[]): unknown[] | Promise<unknown[]>;
}

interface Batch {
  parents: Record<string, unknown>[];
  waiting: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[];
}

const batches = new WeakMap<RequestContext, Map<LazyField, Batch>>();

/**
 * `field`'s value for `parent`: parents asked for in the same turn of the event loop (GraphQL resolves the records
 * of a list, and those made from one batch, before it yields) are loaded together.
 */
export function loadLazy(ctx: RequestContext, field: LazyField, parent: Record<string, unknown>): Promise<unknown> {
  let open = batches.get(ctx);
  if (!open) batches.set(ctx, (open = new Map<LazyField, Batch>()));
  let batch = open.get(field);
  if (!batch) {
    const mine: Batch = (batch = { parents: [], waiting: [] });
    open.set(field, mine);
    setImmediate(() => {
      if (open.get(field) === mine) open.delete(field);
      Promise.resolve()
        .then(() => field.load(ctx, mine.parents))
        .then(
          (values) => mine.waiting.forEach((w, i) => w.resolve(values[i])),
          (e: unknown) => mine.waiting.forEach((w) => w.reject(e)),
        );
    });
  }
  const joined = batch;
  return new Promise((resolve, reject) => {
    joined.parents.push(parent);
    joined.waiting.push({ resolve, reject });
  });
}

const fields = new WeakMap<z.ZodType, Record<string, LazyField>>();
const aliases = new WeakMap<z.ZodType, z.ZodObject>();

/** Adds fields to the GraphQL type of `schema`, wherever that type appears. */
export function graphqlFields(schema: z.ZodObject, add: Record<string, LazyField>): void {
  const own = fields.get(schema) ?? {};
  for (const key of Object.keys(add)) {
    if (key in schema.shape || key in own) throw new Error(`GraphQL field "${key}" is declared twice.`);
  }
  fields.set(schema, { ...own, ...add });
}

export const lazyFieldsOf = (schema: z.ZodType): Record<string, LazyField> => fields.get(schema) ?? {};

/** GraphQL shows records of `schema` as the type of `as` (whose fields, own or lazily read, cover those of `schema`). */
export function servedAs(schema: z.ZodObject, as: z.ZodObject): void {
  aliases.set(schema, as);
}

export const aliasOf = (schema: z.ZodType): z.ZodObject | undefined => aliases.get(schema);

type Scope = (ctx: RequestContext, args: Record<string, unknown>) => Promise<RequestContext>;
const scopes = new WeakMap<AnyOperation, { args: readonly string[]; scope: Scope }>();

/**
 * `args` of the operation's GraphQL field (declared among its `graphql.args`) set the scope its answer is made in:
 * `scope` answers the request context to run it with (and fails with a 4xx error for a code the store lacks).
 */
export function argumentScope(op: AnyOperation, args: readonly string[], scope: Scope): void {
  scopes.set(op, { args, scope });
}

export const scopeArgsOf = (op: AnyOperation) => scopes.get(op);

const recordScopes = new WeakMap<object, RequestContext>();

/** Every record in `value` (objects, deeply) was made in `ctx`: their lazily read fields are read in it too. */
export function keepScope(value: unknown, ctx: RequestContext): void {
  if (!value || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const v of value) keepScope(v, ctx);
    return;
  }
  if (recordScopes.has(value)) return;
  recordScopes.set(value, ctx);
  for (const v of Object.values(value)) keepScope(v, ctx);
}

/** The context a record's lazily read fields are read in: the one its answer was made in, else the request's. */
export const scopeOfRecord = (record: object, fallback: RequestContext): RequestContext => recordScopes.get(record) ?? fallback;
