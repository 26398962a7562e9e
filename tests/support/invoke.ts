// Calls any declared operation on either transport, built from its declaration alone, and reads both answers the
// same way. REST: the binding's method and path (placeholders filled from the input), the rest of the input as
// query string (GET) or JSON body. GraphQL: the root field named after the operation, a mutation's `input` and
// payload resource (lib/graphql/schema.ts), a query's arguments as typed variables, and a selection of every field
// the built schema offers. GraphQL data is flattened to REST's shape (connections → arrays, `_id` → id) and a
// GraphQL error carries the status REST would answer, so one case table runs on both transports.
import {
  getNamedType, isInterfaceType, isLeafType, isNonNullType, isObjectType,
  type GraphQLField, type GraphQLOutputType, type GraphQLSchema,
} from "graphql";
 
import { z } from "zod";
import type { AnyOperation, Surface } from "../../lib/operations/define.ts";
import { unwrap } from "../../lib/operations/project.ts";
import { metaOf } from "../../lib/graphql/zod-types.ts";
import { buildSchema, resourceName } from "../../lib/graphql/schema.ts";
import { encodeCursor } from "../../lib/graphql/connection.ts";
import { shopOperations } from "../../lib/operations/shop.ts";
import { adminOperations } from "../../lib/operations/admin.ts";
import { camel } from "../../lib/wire/case.ts";
import { BASE, dispatch } from "./app.ts";
import { call, type Answer, type CallOptions } from "./client.ts";

export type Via = "rest" | "graphql";
export const VIAS: Via[] = ["rest", "graphql"];

export const operations: Record<Surface, AnyOperation[]> = { shop: shopOperations, admin: adminOperations };

/** A declared operation by its name (the GraphQL field name), on either surface. */
export function operationNamed(name: string): AnyOperation {
  const op = shopOperations.find((o) => o.name === name) ?? adminOperations.find((o) => o.name === name);
  if (!op) throw new Error(`no operation is declared as ${name}`);
  return op;
}

/** The transports an operation is bound to. */
export function viasOf(op: AnyOperation): Via[] {
  const out: Via[] = [];
  if (op.rest) out.push("rest");
  if (op.graphql !== false) out.push("graphql");
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// GraphQL documents, from the schema the server builds out of the same declarations.

const schemas = new Map<Surface, GraphQLSchema>();
export function schemaOf(surface: Surface): GraphQLSchema {
  let schema = schemas.get(surface);
  if (!schema) schemas.set(surface, (schema = buildSchema(operations[surface])));
  return schema;
}

export const GRAPHQL_ENDPOINT: Record<Surface, string> = { shop: "/api/graphql", admin: "/api/admin/graphql" };

/**
 * Every field the type offers, `depth` object levels down (fields with required arguments are left out). A type
 * already selected on the way down (a category's children) is not expanded again, so recursive types end.
 */
export function selectionOf(type: GraphQLOutputType, depth: number, above: ReadonlySet<string> = new Set()): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return "";
  if (!(isObjectType(named) || isInterfaceType(named))) return "{ __typename }";
  const path = new Set(above).add(named.name);
  const parts: string[] = [];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    const inner = getNamedType(field.type);
    if (isLeafType(inner)) parts.push(field.name);
    else if (depth > 0 && !path.has(inner.name)) parts.push(`${field.name} ${selectionOf(field.type, depth - 1, path)}`);
  }
  return `{ ${parts.length ? parts.join(" ") : "__typename"} }`;
}

function fieldOf(op: AnyOperation): GraphQLField<unknown, unknown> {
  const schema = schemaOf(op.surface);
  const root = op.kind === "mutation" ? schema.getMutationType() : schema.getQueryType();
  const field = root?.getFields()[op.name];
  if (!field) throw new Error(`${op.name} is not in the ${op.surface} GraphQL schema`);
  return field;
}

/** Deep enough for every declared output; recursion is cut by `selectionOf`. */
const FULL_DEPTH = 8;
const documents = new Map<string, string>();

/** `mutation Run($input: XInput!) { X(input: $input) {…} }`, or a query declaring each argument as a variable. */
export function documentOf(op: AnyOperation, depth = FULL_DEPTH): string {
  const cacheKey = `${op.surface}:${op.name}:${depth}`;
  let doc = documents.get(cacheKey);
  if (doc) return doc;
  const field = fieldOf(op);
  const vars = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(", ");
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
  doc = `${op.kind} Run${vars ? `(${vars})` : ""} { ${op.name}${args ? `(${args})` : ""} ${selectionOf(field.type, depth)} }`;
  documents.set(cacheKey, doc);
  return doc;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * An input as a GraphQL client sends it: a field the declaration carries over GraphQL as JSON text (`meta({ scalar:
 * "String" })`, e.g. a bundle choice) is sent as that text when the case gives it as an object, as REST takes it.
 */
function withJsonText(op: AnyOperation, input: unknown): unknown {
  const shape = op.input instanceof z.ZodObject ? (op.input.shape as Record<string, z.ZodType>) : null;
  if (!shape || !isObject(input)) return input;
  const asText = (k: string, v: unknown) => typeof v === "object" && v !== null && Object.hasOwn(shape, k) && metaOf(unwrap(shape[k])).scalar === "String";
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, asText(k, v) ? JSON.stringify(v) : v]));
}

/** GraphQL variables for an input: `{ input }` for a mutation, the matching arguments for a query. */
export function graphqlVariables(op: AnyOperation, input: unknown): Record<string, unknown> {
  if (op.kind === "mutation") return { input: withJsonText(op, input) };
  if (!isObject(input)) return {};
  const names = new Set(fieldOf(op).args.map((a) => a.name));
  return Object.fromEntries(Object.entries(input).filter(([k]) => names.has(k)));
}

/**
 * GraphQL records as REST shows them: connections become arrays, and a record's IRI `id` gives way to its numeric
 * `_id` under the name `id` (WIRE.md). An `_id` REST also answers (beside a numeric `id`) stays as it is.
 */
export function flatten(value: any): any {
  if (Array.isArray(value)) return value.map(flatten);
  if (!isObject(value)) return value;
  if (Array.isArray(value.edges)) return value.edges.map((e: { node: unknown }) => flatten(e.node));
  const iri = typeof value.id === "string" && value.id.startsWith("/") && "_id" in value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "__typename" || (iri && k === "id")) continue;
    out[iri && k === "_id" ? "id" : k] = flatten(v);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// REST requests.

export interface RestRequest {
  method: string;
  path: string;
  body?: unknown;
}

function queryValue(v: unknown): string {
  if (typeof v === "string") return v.replace(/\p{Surrogate}/gu, "\uFFFD");
  if (v === null || v === undefined) return "";
  if (typeof v === "object") return JSON.stringify(v);
  return typeof v === "number" || typeof v === "boolean" || typeof v === "bigint" ? String(v) : "";
}

export interface RestOptions {
  /** A path of the binding other than its first (an alias SPEC.md lists), placeholders and all. */
  path?: string;
  /** Placeholder values that are not input fields. */
  pathParams?: Record<string, unknown>;
  /** The value of a placeholder neither the input nor `pathParams` fills; without it such a call throws. */
  missingPathParam?: unknown;
  /** Extra query-string keys (paging). */
  query?: Record<string, string>;
}

/** The REST request for an input: path placeholders from its fields (or `pathParams`), the rest as query or body. */
export function restRequest(op: AnyOperation, input: unknown, opts: RestOptions = {}): RestRequest {
  const binding = op.rest;
  if (!binding) throw new Error(`${op.name} has no REST binding`);
  const rest: Record<string, unknown> = isObject(input) ? { ...input } : {};
  const path = (opts.path ?? binding.paths[0]).replace(/\{(\w+)\}/g, (_, name: string) => {
    const key = opts.pathParams && name in opts.pathParams ? null : [camel(name), name].find((k) => k in rest);
    let value: unknown;
    if (key) {
      value = rest[key];
      delete rest[key];
    } else if (opts.pathParams && name in opts.pathParams) value = opts.pathParams[name];
    else if ("missingPathParam" in opts) value = opts.missingPathParam;
    else throw new Error(`${op.name}: no value for {${name}} in ${JSON.stringify(input)}`);
    // An empty segment would name another route (the collection); a lone surrogate cannot be URL-encoded.
    return encodeURIComponent(queryValue(value).replace(/\p{Surrogate}/gu, "\uFFFD")) || "%20";
  });
  if (binding.method === "GET") {
    const query = new URLSearchParams(opts.query);
    for (const [k, v] of Object.entries(rest)) {
      if (Array.isArray(v)) for (const item of v) query.append(k, queryValue(item));
      else if (v !== undefined) query.append(k, queryValue(v));
    }
    const qs = query.toString();
    return { method: "GET", path: qs ? `${path}?${qs}` : path };
  }
  const qs = new URLSearchParams(opts.query).toString();
  const target = qs ? `${path}?${qs}` : path;
  const body = isObject(input) ? rest : input;
  if (binding.method === "DELETE" && isObject(body) && Object.keys(body).length === 0) return { method: "DELETE", path: target };
  return { method: binding.method, path: target, body: body === undefined ? {} : body };
}

const hasFile = (body: unknown): body is Record<string, unknown> => isObject(body) && Object.values(body).some((v) => v instanceof Blob);

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text; // not JSON: keep the text
  }
}

/** A REST call whose body has file parts, sent as multipart/form-data. */
async function callMultipart(req: RestRequest, opts: CallOptions): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(req.body as Record<string, unknown>)) form.append(k, v instanceof Blob ? v : queryValue(v));
  const headers = new Headers({ Accept: "application/json", ...opts.headers });
  if (opts.key) headers.set("X-STOREFRONT-KEY", opts.key);
  if (opts.bearer) headers.set("Authorization", `Bearer ${opts.bearer}`);
  const res = await dispatch(new Request(BASE + req.path, { method: req.method, headers, body: form }));
  return { status: res.status, headers: res.headers, body: parseBody(await res.text()) };
}

// ---------------------------------------------------------------------------------------------------------------
// One call, one answer shape.

export interface Result {
  via: Via;
  /**
   * The status REST answers, so both transports compare alike. GraphQL: the first error's `extensions.status` (400
   * when it has none); a refusal before GraphQL runs, its HTTP status; a success, the REST binding's success status.
   */
  status: number;
  /** The HTTP status actually sent. */
  http: number;
  /** 2xx on REST; no error on GraphQL. */
  ok: boolean;
  /** The operation's value as REST shows it (a mutation's payload resource on GraphQL), whether or not an error came with it; null when none. */
  data: any;
  /** `data` on success; on failure the error body (GraphQL: the first error, its field errors as `errors`). */
  body: any;
  /** Error code: `error` of a REST body, `extensions.code` of a GraphQL error. */
  code: string | null;
  message: string | null;
  /** Every error message (GraphQL may send several). */
  messages: string[];
  /** Field errors; GraphQL's `input.` prefix is dropped so both transports name fields alike. */
  fields: Record<string, string[]>;
  /** List operations: X-Total-Count on REST, totalCount on GraphQL. */
  total?: number;
  /** GraphQL list operations: the edges' cursors and the page info. */
  cursors?: string[];
  pageInfo?: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean };
  headers: Headers;
  /** The answer's body as sent. */
  raw: any;
}

export interface InvokeOptions extends CallOptions, RestOptions {
  /** List paging: the page-size key and `page` on REST, `first`/`after` on GraphQL. */
  perPage?: number;
  page?: number;
  /** GraphQL selection depth (object levels); every field by default. */
  depth?: number;
}

async function viaRest(op: AnyOperation, input: unknown, opts: InvokeOptions): Promise<Result> {
  const query: Record<string, string> = { ...opts.query };
  const sizeParam = op.list && op.list !== "all" ? (op.list.sizeParam ?? "per_page") : "per_page";
  if (opts.perPage !== undefined) query[sizeParam] = String(opts.perPage);
  if (opts.page !== undefined) query.page = String(opts.page);
  const req = restRequest(op, input, { ...opts, query });
  const res = hasFile(req.body) ? await callMultipart(req, opts) : await call(req.method, req.path, req.body, opts);
  const ok = res.status >= 200 && res.status < 300;
  const errorBody = !ok && isObject(res.body) ? res.body : null;
  const total = res.headers.get("X-Total-Count");
  return {
    via: "rest",
    status: res.status,
    http: res.status,
    ok,
    data: res.status < 400 ? res.body : null,
    body: res.body,
    code: (errorBody?.error as string | undefined) ?? null,
    message: (errorBody?.message as string | undefined) ?? null,
    messages: typeof errorBody?.message === "string" ? [errorBody.message] : [],
    fields: (errorBody?.errors as Record<string, string[]> | undefined) ?? {},
    total: total === null ? undefined : Number(total),
    headers: res.headers,
    raw: res.body,
  };
}

async function viaGraphql(op: AnyOperation, input: unknown, opts: InvokeOptions): Promise<Result> {
  const isList = op.list !== undefined && op.list !== "all";
  const variables = graphqlVariables(op, input);
  if (isList && opts.perPage !== undefined) variables.first = opts.perPage;
  if (isList && opts.page !== undefined && opts.page > 1) variables.after = encodeCursor((opts.page - 1) * (opts.perPage ?? op.list.defaultPerPage) - 1);
  const res = await call("POST", GRAPHQL_ENDPOINT[op.surface], { query: documentOf(op, opts.depth), variables }, opts);
  const errors: any[] = Array.isArray(res.body?.errors) ? res.body.errors : [];
  const first = errors[0];
  const field = res.body?.data?.[op.name];
  const value = op.kind === "mutation" ? field?.[resourceName(op)] : field;
  const data = value == null ? null : flatten(value);
  const fields: Record<string, string[]> = {};
  for (const [k, v] of Object.entries<string[]>(first?.extensions?.errors ?? {})) fields[k.replace(/^input\./, "")] = v;
  // The gate refuses some requests before GraphQL runs, with a REST-shaped body and no `errors`.
  const refused = !first && res.status >= 400;
  const ok = !first && !refused;
  const status = first
    ? (first.extensions?.status ?? first.extensions?.http?.status ?? (res.status >= 400 ? res.status : 400))
    : ok ? (op.rest?.status ?? 200) : res.status;
  return {
    via: "graphql",
    status,
    http: res.status,
    ok,
    data,
    body: ok ? data : first ? { ...first, errors: first.extensions?.errors } : res.body,
    code: first ? (first.extensions?.code ?? null) : refused ? (res.body?.error ?? null) : null,
    message: first ? String(first.message) : refused ? (res.body?.message ?? null) : null,
    messages: errors.length ? errors.map((e) => String(e.message)) : refused && res.body?.message ? [String(res.body.message)] : [],
    fields,
    total: isList && field ? field.totalCount : undefined,
    cursors: isList && Array.isArray(field?.edges) ? field.edges.map((e: { cursor: string }) => e.cursor) : undefined,
    pageInfo: isList ? field?.pageInfo : undefined,
    headers: res.headers,
    raw: res.body,
  };
}

/**
 * Calls `op` (a declaration or its name) with `input` over `via`, with the caller's credentials (`key`, `bearer`,
 * `headers`) and, for lists, paging.
 */
export function invoke(via: Via, op: AnyOperation | string, input: unknown = {}, opts: InvokeOptions = {}): Promise<Result> {
  const declared = typeof op === "string" ? operationNamed(op) : op;
  return via === "rest" ? viaRest(declared, input, opts) : viaGraphql(declared, input, opts);
}

/** The data of a successful answer (of `status`, when given); otherwise fails with the answer, so a wrong status explains itself. */
export function must(r: Result, status?: number): any {
  const good = status === undefined ? r.ok : r.status === status;
  if (!good) throw new Error(`expected ${status ?? "success"}, got ${r.status}: ${JSON.stringify(r.raw)}`);
  return r.body;
}
