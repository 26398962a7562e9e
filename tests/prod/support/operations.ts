// Calls any declared operation on either transport with any input, built from the declaration alone: the REST
// method and path (placeholders filled from the input), the query string or JSON body; the GraphQL document with
// variables typed from the schema and a selection of every field a few levels deep. Answers read the same way.
import {
  getNamedType, isInterfaceType, isLeafType, isNonNullType, isObjectType, isUnionType,
  type GraphQLField, type GraphQLOutputType, type GraphQLSchema,
} from "graphql";
import type { AnyOperation, Surface } from "../../../lib/operations/define.ts";
import { buildSchema } from "../../../lib/graphql/schema.ts";
import { shopOperations } from "../../../lib/operations/shop.ts";
import { adminOperations } from "../../../lib/operations/admin.ts";
import { camel } from "../../../lib/http/rest.ts";
import { call, type CallOptions } from "../../support/client.ts";
import { BASE, dispatch } from "../../support/app.ts";

export type Transport = "REST" | "GraphQL";

export const operations: Record<Surface, AnyOperation[]> = { shop: shopOperations, admin: adminOperations };

export function transportsOf(op: AnyOperation): Transport[] {
  const out: Transport[] = [];
  if (op.rest) out.push("REST");
  if (op.graphql !== false) out.push("GraphQL");
  return out;
}

/** Every (operation, transport) pair of a surface, for `it.each`. */
export function cases(surface: Surface, filter: (op: AnyOperation) => boolean = () => true) {
  return operations[surface].filter(filter).flatMap((op) => transportsOf(op).map((transport) => ({ name: op.name, op, transport })));
}

const schemas = new Map<Surface, GraphQLSchema>();
export function schemaOf(surface: Surface): GraphQLSchema {
  let schema = schemas.get(surface);
  if (!schema) schemas.set(surface, (schema = buildSchema(operations[surface])));
  return schema;
}

const ENDPOINT: Record<Surface, string> = { shop: "/api/graphql", admin: "/api/admin/graphql" };

/** Every field the type offers, `depth` object levels down; fields with required arguments are left out. */
export function selectionOf(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return "";
  if (isUnionType(named) || !(isObjectType(named) || isInterfaceType(named))) return "{ __typename }";
  const parts = ["__typename"];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    if (isLeafType(getNamedType(field.type))) parts.push(field.name);
    else if (depth > 0) parts.push(`${field.name} ${selectionOf(field.type, depth - 1)}`);
  }
  return `{ ${parts.join(" ")} }`;
}

function fieldOf(op: AnyOperation): GraphQLField<unknown, unknown> {
  const schema = schemaOf(op.surface);
  const root = op.kind === "mutation" ? schema.getMutationType() : schema.getQueryType();
  const field = root?.getFields()[op.name];
  if (!field) throw new Error(`${op.name} is not in the ${op.surface} GraphQL schema`);
  return field;
}

const documents = new Map<AnyOperation, string>();

/** `mutation Run($input: XInput!) { X(input: $input) {…} }`, or a query declaring each argument as a variable. */
export function documentOf(op: AnyOperation, depth = 4): string {
  let doc = documents.get(op);
  if (doc) return doc;
  const field = fieldOf(op);
  const vars = field.args.map((a) => `$${a.name}: ${a.type}`).join(", ");
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
  doc = `${op.kind} Run${vars ? `(${vars})` : ""} { ${op.name}${args ? `(${args})` : ""} ${selectionOf(field.type, depth)} }`;
  documents.set(op, doc);
  return doc;
}

export interface Request {
  method: string;
  path: string;
  body?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function queryValue(v: unknown): string {
  if (typeof v === "string") return v.replace(/\p{Surrogate}/gu, "\uFFFD");
  if (v === null || v === undefined) return "";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/** The REST request for an input: path placeholders from its fields (or `pathParams`), the rest as query or body. */
export function restRequest(op: AnyOperation, input: unknown, pathParams: Record<string, unknown> = {}): Request {
  const binding = op.rest!;
  const rest: Record<string, unknown> = isObject(input) ? { ...input } : {};
  const path = binding.paths[0].replace(/\{(\w+)\}/g, (_, name: string) => {
    const key = name in pathParams ? null : [camel(name), name].find((k) => k in rest);
    const value = key ? rest[key] : (pathParams[name] ?? 1);
    if (key) delete rest[key];
    // An empty segment would name another route (the collection); a lone surrogate cannot be URL-encoded.
    return encodeURIComponent(queryValue(value).replace(/\p{Surrogate}/gu, "\uFFFD")) || "%20";
  });
  if (binding.method === "GET") {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(rest)) {
      if (Array.isArray(v)) for (const item of v) query.append(k, queryValue(item));
      else if (v !== undefined) query.append(k, queryValue(v));
    }
    const qs = query.toString();
    return { method: "GET", path: qs ? `${path}?${qs}` : path };
  }
  const body = isObject(input) ? rest : input;
  if (binding.method === "DELETE" && isObject(body) && Object.keys(body).length === 0) return { method: "DELETE", path };
  return { method: binding.method, path, body: body === undefined ? {} : body };
}

/** GraphQL variables for an input: `{ input }` for a mutation, the matching arguments for a query. */
export function graphqlVariables(op: AnyOperation, input: unknown): Record<string, unknown> {
  if (op.kind === "mutation") return { input };
  if (!isObject(input)) return {};
  const names = new Set(fieldOf(op).args.map((a) => a.name));
  return Object.fromEntries(Object.entries(input).filter(([k]) => names.has(k)));
}

/** One answer of either transport, read the same way. */
export interface Outcome {
  transport: Transport;
  /** REST: the HTTP status. GraphQL: the first error's `extensions.status` (400 when it has none), else 200. */
  status: number;
  http: number;
  code: string | null;
  message: string | null;
  /** Whether the answer carries any data of the operation (a refusal must not). */
  data: boolean;
  body: any;
  text: string;
}

export interface SendOptions extends CallOptions {
  pathParams?: Record<string, unknown>;
}

export async function send(op: AnyOperation, transport: Transport, input: unknown, opts: SendOptions = {}): Promise<Outcome> {
  if (transport === "REST") {
    const req = restRequest(op, input, opts.pathParams);
    const res = hasFile(req.body) ? await callMultipart(req, opts) : await call(req.method, req.path, req.body, opts);
    const failed = res.status >= 400;
    return {
      transport,
      status: res.status,
      http: res.status,
      code: failed ? (res.body?.error ?? null) : null,
      message: failed ? (res.body?.message ?? null) : null,
      data: !failed,
      body: res.body,
      text: typeof res.body === "string" ? res.body : JSON.stringify(res.body),
    };
  }
  const res = await call("POST", ENDPOINT[op.surface], { query: documentOf(op), variables: graphqlVariables(op, input) }, opts);
  const errors: any[] | undefined = Array.isArray(res.body?.errors) ? res.body.errors : undefined;
  const first = errors?.[0];
  const status = first ? (first.extensions?.status ?? (res.status >= 400 ? res.status : 400)) : res.status >= 400 ? res.status : 200;
  return {
    transport,
    status,
    http: res.status,
    code: first ? (first.extensions?.code ?? null) : res.status >= 400 ? (res.body?.error ?? null) : null,
    message: first ? first.message : res.status >= 400 ? (res.body?.message ?? null) : null,
    data: res.body?.data?.[op.name] != null,
    body: res.body,
    text: typeof res.body === "string" ? res.body : JSON.stringify(res.body),
  };
}

const hasFile = (body: unknown): body is Record<string, unknown> => isObject(body) && Object.values(body).some((v) => v instanceof Blob);

/** A REST call whose body has file parts, sent as multipart/form-data. */
async function callMultipart(req: Request, opts: CallOptions) {
  const form = new FormData();
  for (const [k, v] of Object.entries(req.body as Record<string, unknown>)) form.append(k, v instanceof Blob ? v : queryValue(v));
  const headers = new Headers({ Accept: "application/json", ...opts.headers });
  if (opts.key) headers.set("X-STOREFRONT-KEY", opts.key);
  if (opts.bearer) headers.set("Authorization", `Bearer ${opts.bearer}`);
  const res = await dispatch(new globalThis.Request(BASE + req.path, { method: req.method, headers, body: form }));
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: body as any };
}

/** A 500, or a GraphQL error that stands for one (masked, internal, unexpected). */
export function serverError(o: Outcome): string | null {
  if (o.http >= 500 || o.status >= 500) return `status ${o.http}/${o.status}`;
  const errors = o.transport === "GraphQL" && Array.isArray(o.body?.errors) ? (o.body.errors as any[]) : [];
  for (const e of errors) {
    const code = String(e?.extensions?.code ?? "");
    if (/^(internal|INTERNAL_SERVER_ERROR)$/.test(code) || e?.extensions?.unexpected || e?.message === "Unexpected error.") return `GraphQL error ${JSON.stringify(e)}`;
  }
  return null;
}
