// The generic admin resource: one declaration gives list, get, create, update and delete on REST and GraphQL,
// each behind its own permission (`<area>.view|create|edit|delete`).
//
// Naming scheme, for a resource with `one: "Product"`, `many: "Products"` at `path: "catalog/products"`:
//   REST    GET    /api/admin/catalog/products         list, `{ data, meta }`; page, per_page (≤ 50), filters, sort
//           GET    /api/admin/catalog/products/{id}    one
//           POST   /api/admin/catalog/products         create (201)
//           PATCH  /api/admin/catalog/products/{id}    partial update
//           DELETE /api/admin/catalog/products/{id}    delete
//           POST   /api/admin/catalog/products/{id}/<action>   state changes (approve, cancel, …)
//   GraphQL adminProducts (connection), adminProduct(id:), createAdminProduct, updateAdminProduct,
//           deleteAdminProduct, <action>AdminProduct; every payload's data field is `adminProduct`.
//   IRIs    /api/admin/catalog/products/<n> as `id`, the number as `_id`.
//   Version a model with `updatedAt` (every one but url redirects, countries and country states): REST sends the
//           record's ETag on GET of one, create and update, and PATCH and DELETE take `If-Match` (412 when the
//           record has moved on); GraphQL shows `version` on the record and takes `ifMatch` in the update and
//           delete inputs (./precondition.ts).
import { z } from "zod";
import type { RequestContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { Prisma } from "../generated/sqlite/client.ts";
import { operation, type AnyOperation, type ListOperation, type MultipartSpec, type SingleOperation } from "../operations/define.ts";
import { recordId } from "../operations/fields.ts";
import { NotFound } from "../errors.ts";
import { deletedShape } from "../wire/shapes.ts";
import { graphqlFields, lazyFieldsOf } from "../graphql/extensions.ts";
import { claimVersion, etagOf, IfMatchArg, parseIfMatch, versionOf, type Versioned } from "./precondition.ts";
import { assertSomeField, ChangeArgs, deepCamel, exactFilters, listInput, orderBy, sortArgs, type SortSpec } from "./input.ts";

export const ADMIN_LIST = { defaultPerPage: 10, maxPerPage: 50 };

/** A Prisma model by its delegate name on the client (`product`, `productReview`). */
export type Model = Uncapitalize<Prisma.ModelName>;

/** A row of the model as read with the resource's `include` (none: the plain row). */
export type RowOf<M extends Model, I> = Prisma.Result<Db[M], [I] extends [undefined] ? object : { include: I }, "findFirstOrThrow">;

/**
 * The reads and the delete a resource makes on its model. Every Prisma delegate has them, each with its own
 * argument and row types; a resource picks its delegate by model name at run time.
 */
interface Delegate<Row> {
  findFirst(args: { where: object; include?: object }): Promise<Row | null>;
  findMany(args: { where: object; orderBy: object[]; skip: number; take: number; include?: object }): Promise<Row[]>;
  count(args: { where: object }): Promise<number>;
  delete(args: { where: { id: number } }): Promise<unknown>;
}

/**
 * A record on its way out, typed as its declared output. It is what `toOutput` made (by default the row), which the
 * projector shapes to the output: Dates become ISO strings, undeclared fields are left out. So the declared output
 * is the contract, checked by the tests, not by the compiler.
 */
export type Out<O extends z.ZodObject> = z.input<O>;

/**
 * Type parameters, inferred from the spec: O output, F filters, C/U create/update inputs, RT/RF `remove` as `true` or
 * as a function (never: no such verb), M model, I include, S shared.
 */
export interface ResourceSpec<O extends z.ZodObject, F extends z.ZodObject, C extends z.ZodObject, U extends z.ZodObject, RT extends true, RF, M extends Model, I, S> {
  path: string;
  one: string;
  many: string;
  /** Permission area, e.g. `catalog.products`. */
  permission: string;
  /** Verbs whose permission differs from the default (`view`, `create`, `edit`, `delete`). */
  permissions?: Partial<Record<"list" | "get" | "create" | "update" | "remove", string>>;
  /** Prisma model (delegate name on the client). */
  model: M;
  output: O;
  include?: (ctx: RequestContext) => I;
  toOutput?: (ctx: RequestContext, row: RowOf<M, I>, shared: S) => object | Promise<object>;
  /** What every row's output needs from the store, read once per request rather than once per row. */
  shared?: (ctx: RequestContext) => Promise<S>;
  /** Rows the caller may see at all (others answer 404), e.g. a sub-admin sees only their own tokens. */
  visible?: (ctx: RequestContext) => object;
  filters?: F;
  where?: (ctx: RequestContext, filters: z.output<F>) => object | Promise<object>;
  sort?: SortSpec;
  /**
   * The model keeps `createdAt` and `updatedAt`: the list also takes `created_since` and `updated_since` (ISO 8601,
   * inclusive) and sorts by `created_at` and `updated_at`, so a connector reads only what changed since its last run.
   */
  changes?: true;
  /** Returns the new id, or the id with fields shown once beside the record (a secret). */
  create?: { input: C; summary?: string; run(ctx: RequestContext, input: z.output<C>): Promise<number | { id: number; extra: object }> };
  update?: { input: U; summary?: string; run(ctx: RequestContext, id: number, input: z.output<U>): Promise<void> };
  /** `true`: delete the row (a record still referenced answers 409). A function: custom delete. */
  remove?: RT | ((ctx: RequestContext, id: number) => Promise<RF>);
}

export interface Resource<O extends z.ZodObject = z.ZodObject> {
  spec: { one: string; output: O };
  iri: string;
  list: ListOperation;
  get: SingleOperation;
  create?: SingleOperation;
  update?: SingleOperation;
  remove?: SingleOperation;
  /** Loads one record in its output shape (404 when missing). */
  load(ctx: RequestContext, id: number): Promise<Out<O>>;
  /**
   * For a write of its own on an existing record (`PUT`): runs `write` after claiming the version `ifMatch` names,
   * if any (412 when the record has moved on; ./precondition.ts). A model without `updatedAt` ignores it.
   */
  guarded<T>(ctx: RequestContext, id: number, ifMatch: string | null | undefined, write: () => Promise<T>): Promise<T>;
  /** The ETag of the record this request loaded last (REST's `ETag`), when the model keeps `updatedAt`. */
  etag?: (ctx: RequestContext) => string | undefined;
  operations: AnyOperation[];
}

/** The verbs a spec declares are there, so a route binds `rest(products.update)`. */
type Declared<C, U, RT, RF> = ([C] extends [never] ? unknown : { create: SingleOperation }) &
  ([U] extends [never] ? unknown : { update: SingleOperation }) &
  ([RT | RF] extends [never] ? unknown : { remove: SingleOperation });

/** The model keeps `updatedAt`, the version of its records (./precondition.ts). */
function hasUpdatedAt(model: Model): boolean {
  const fields = (Prisma as unknown as Record<string, Record<string, string> | undefined>)[`${model.charAt(0).toUpperCase()}${model.slice(1)}ScalarFieldEnum`];
  return !!fields && "updatedAt" in fields;
}

const DEFAULT_SORT: SortSpec = { fields: { id: (dir) => ({ id: dir }) }, default: "-id" };

export function adminResource<
  O extends z.ZodObject,
  M extends Model,
  F extends z.ZodObject = z.ZodObject,
  C extends z.ZodObject = never,
  U extends z.ZodObject = never,
  RT extends true = never,
  RF = never,
  const I extends object | undefined = undefined,
  S = undefined,
>(spec: ResourceSpec<O, F, C, U, RT, RF, M, I, S>): Resource<O> & Declared<C, U, RT, RF> {
  const base = `/api/admin/${spec.path}`;
  const one = `${base}/{id}`;
  const perm = (verb: "list" | "get" | "create" | "update" | "remove", fallback: string) => spec.permissions?.[verb] ?? `${spec.permission}.${fallback}`;
  // The boundary between a model chosen by name and Prisma's per-model delegate types.
  const delegate = (ctx: RequestContext) => ctx.db[spec.model] as unknown as Delegate<RowOf<M, I>>;
  const include = (ctx: RequestContext) => (spec.include ? { include: spec.include(ctx) } : {});
  const shape = async (ctx: RequestContext, row: RowOf<M, I>, shared?: S): Promise<object> =>
    spec.toOutput ? spec.toOutput(ctx, row, shared ?? ((await spec.shared?.(ctx)) as S)) : row;

  // The version of the record each request loaded last: the one its REST answer carries as ETag, read with the row.
  const versioned = hasUpdatedAt(spec.model);
  const loaded = new WeakMap<RequestContext, Date>();
  const etag = versioned ? (ctx: RequestContext) => { const at = loaded.get(ctx); return at && etagOf(at); } : undefined;

  async function load(ctx: RequestContext, id: number): Promise<Out<O>> {
    const row = await delegate(ctx).findFirst({ where: { id, ...spec.visible?.(ctx) }, ...include(ctx) });
    if (!row) throw new NotFound(spec.one.replace(/([a-z])([A-Z])/g, "$1 $2"));
    const at = (row as { updatedAt?: unknown }).updatedAt;
    if (at instanceof Date) loaded.set(ctx, at);
    return (await shape(ctx, row)) as Out<O>; // see Out
  }

  /** Runs `write` after claiming the version `ifMatch` names, if any (412 when it has moved on). */
  async function guarded<T>(ctx: RequestContext, id: number, ifMatch: string | null | undefined, write: () => Promise<T>): Promise<T> {
    if (ifMatch == null || !versioned) return write();
    const claim = await claimVersion(ctx.db[spec.model] as unknown as Versioned, id, parseIfMatch(ifMatch));
    let done: T;
    try {
      done = await write();
    } catch (e) {
      await claim.undo().catch(() => undefined);
      throw e;
    }
    await claim.settle();
    return done;
  }

  if (versioned && !("version" in spec.output.shape) && !lazyFieldsOf(spec.output).version) {
    graphqlFields(spec.output, {
      version: {
        output: z.string().nullable(),
        description: "The version of the record (its `updatedAt` in epoch milliseconds; REST: the ETag). Give it as `ifMatch` to update or delete it only if nobody has since.",
        load: async (ctx, parents) => {
          const ids = parents.map((p) => Number(p.id));
          const rows = await (ctx.db[spec.model] as unknown as { findMany(a: object): Promise<{ id: number; updatedAt: Date }[]> })
            .findMany({ where: { id: { in: ids } }, select: { id: true, updatedAt: true } });
          const byId = new Map(rows.map((r) => [r.id, versionOf(r.updatedAt)]));
          return ids.map((id) => byId.get(id) ?? null);
        },
      },
    });
  }

  // Typed as any output: what `run` answers is projected to it (lib/operations/project.ts), see ResourceSpec.
  const output: z.ZodType = spec.output;
  const filters = (spec.filters ?? z.object({})) as F;
  const sorts: SortSpec = spec.changes
    ? { ...(spec.sort ?? DEFAULT_SORT), fields: { ...(spec.sort ?? DEFAULT_SORT).fields, created_at: (d) => ({ createdAt: d }), updated_at: (d) => ({ updatedAt: d }) } }
    : (spec.sort ?? DEFAULT_SORT);
  const list: ListOperation = operation({
    name: `admin${spec.many}`,
    surface: "admin",
    kind: "query",
    summary:
      `List ${spec.many.toLowerCase()}: filters, \`sort\`, \`page\` and \`per_page\` (at most 50)` +
      (spec.changes ? "; `updated_since` and `created_since` (ISO 8601) for what changed since then." : ".") +
      " An unknown parameter is a 422 naming it.",
    access: { admin: perm("list", "view") },
    input: listInput({ ...exactFilters(filters.shape), ...sortArgs(sorts).shape, ...(spec.changes ? ChangeArgs.shape : {}) }),
    output,
    list: ADMIN_LIST,
    rest: { method: "GET", paths: [base] },
    run: async (ctx, input, paging) => {
      const { sort, order, updatedSince, createdSince, ...rest } = input as { sort?: string; order?: "asc" | "desc"; updatedSince?: Date; createdSince?: Date };
      const filtered = spec.where ? await spec.where(ctx, rest as z.output<F>) : {};
      const since = { ...(updatedSince ? { updatedAt: { gte: updatedSince } } : {}), ...(createdSince ? { createdAt: { gte: createdSince } } : {}) };
      const where = { AND: [filtered, since, spec.visible?.(ctx) ?? {}] };
      const orderByList = orderBy(sorts, sort, order);
      const [total, rows, shared] = await Promise.all([
        delegate(ctx).count({ where }),
        paging.limit === 0 ? [] : delegate(ctx).findMany({ where, orderBy: orderByList, skip: paging.offset, take: paging.limit, ...include(ctx) }),
        spec.shared?.(ctx),
      ]);
      return { total, items: await Promise.all(rows.map((r) => shape(ctx, r, shared))) };
    },
  });

  const get: SingleOperation = operation({
    name: `admin${spec.one}`,
    surface: "admin",
    kind: "query",
    summary: `One ${spec.one.toLowerCase()}.`,
    access: { admin: perm("get", "view") },
    input: z.object({ id: recordId() }),
    output,
    rest: { method: "GET", paths: [one] },
    etag,
    run: (ctx, { id }) => load(ctx, id),
  });

  const ops: AnyOperation[] = [list, get];
  const resource: Resource<O> = { spec, iri: base, list, get, load, guarded, etag, operations: ops };

  if (spec.create) {
    const c = spec.create;
    resource.create = operation({
      name: `createAdmin${spec.one}`,
      surface: "admin",
      kind: "mutation",
      summary: c.summary ?? `Create a ${spec.one.toLowerCase()}.`,
      access: { admin: perm("create", "create") },
      input: c.input.strict(),
      output,
      rest: { method: "POST", paths: [base], status: 201, input: deepCamel },
      etag,
      run: async (ctx, input) => {
        const made = await c.run(ctx, input as z.output<C>);
        return typeof made === "number" ? load(ctx, made) : { ...(await load(ctx, made.id)), ...made.extra };
      },
    });
    ops.push(resource.create);
  }

  if (spec.update) {
    const u = spec.update;
    resource.update = operation({
      name: `updateAdmin${spec.one}`,
      surface: "admin",
      kind: "mutation",
      summary: u.summary ?? `Change some fields of a ${spec.one.toLowerCase()}.`,
      access: { admin: perm("update", "edit") },
      input: u.input.extend({ id: recordId(), ...(versioned ? { ifMatch: IfMatchArg } : {}) }).strict(),
      output,
      rest: { method: "PATCH", paths: [one], input: deepCamel, ...(versioned ? { ifMatch: true, errors: [412] } : {}) },
      etag,
      run: async (ctx, input) => {
        const { id, ifMatch, ...fields } = input as { id: number; ifMatch?: string | null } & Record<string, unknown>;
        assertSomeField(fields);
        await load(ctx, id);
        await guarded(ctx, id, ifMatch, () => u.run(ctx, id, fields as z.output<U>));
        return load(ctx, id);
      },
    });
    ops.push(resource.update);
  }

  if (spec.remove) {
    const remove = spec.remove === true ? (ctx: RequestContext, id: number) => delegate(ctx).delete({ where: { id } }) : spec.remove;
    resource.remove = operation({
      name: `deleteAdmin${spec.one}`,
      surface: "admin",
      kind: "mutation",
      summary: `Delete a ${spec.one.toLowerCase()}.`,
      access: { admin: perm("remove", "delete") },
      input: z.object({ id: recordId(), ...(versioned ? { ifMatch: IfMatchArg } : {}) }),
      output: deletedShape(`AdminDeleted${spec.one}`, base),
      rest: { method: "DELETE", paths: [one], ...(versioned ? { ifMatch: true, errors: [412] } : {}) },
      run: async (ctx, input) => {
        const { id, ifMatch } = input as { id: number; ifMatch?: string | null };
        await load(ctx, id);
        await guarded(ctx, id, ifMatch, () => remove(ctx, id));
        return { id, success: true, message: `${spec.one.replace(/([a-z])([A-Z])/g, "$1 $2")} ${id} deleted.` };
      },
    });
    ops.push(resource.remove);
  }
  // The verbs were added just above for exactly the parts the spec declares.
  return resource as Resource<O> & Declared<C, U, RT, RF>;
}

/**
 * A state change or sub-record on one record: `POST /api/admin/<path>/{id}/<action>`, GraphQL `<verb>Admin<One>`.
 * Answers with the record (or `output` when given).
 */
export function resourceAction<O extends z.ZodObject, I extends z.ZodObject, R extends z.ZodType = O>(
  resource: Resource<O>,
  def: {
    verb: string;
    /** GraphQL name when `<verb>Admin<One>` reads badly. */
    name?: string;
    /** Path segment after `{id}`; defaults to the verb in kebab case. */
    segment?: string;
    summary: string;
    permission: string;
    input?: I;
    output?: R;
    status?: number;
    /** Statuses beyond the ones every action may answer (./define.ts `errors`), such as a provider's 503. */
    errors?: number[];
    multipart?: MultipartSpec;
    graphql?: false;
    run(ctx: RequestContext, id: number, input: z.output<I>): Promise<unknown>;
  },
): AnyOperation {
  const segment = def.segment ?? def.verb.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase();
  const input = (def.input ?? z.object({})).extend({ id: recordId() }).strict();
  return operation({
    name: def.name ?? `${def.verb}Admin${resource.spec.one}`,
    surface: "admin",
    kind: "mutation",
    summary: def.summary,
    access: { admin: def.permission },
    input,
    output: (def.output ?? resource.spec.output) as z.ZodType,
    rest: { method: "POST", paths: [`${resource.iri}/{id}/${segment}`], status: def.status, errors: def.errors, multipart: def.multipart, input: deepCamel },
    graphql: def.graphql === false ? false : { resource: `admin${resource.spec.one}` },
    run: async (ctx, parsed) => {
      const { id, ...rest } = parsed as { id: number } & Record<string, unknown>;
      await resource.load(ctx, id);
      const result = await def.run(ctx, id, rest as z.output<I>);
      return def.output ? result : resource.load(ctx, id);
    },
  });
}
