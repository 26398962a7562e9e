// Account operations on either transport from their declarations: `invoke(via, op, input, auth)` calls the REST
// route or builds the GraphQL document (the selection is derived from the operation's output schema, so no field
// list is written twice) and answers `{ status, ok, body, total, message }`. GraphQL answers are flattened to the
// REST shape (connections → arrays, `_id` → id) and a GraphQL error carries the status REST would answer.
import { z } from "zod";
import type { AnyOperation } from "../../lib/operations/define.ts";
import { unwrap } from "../../lib/operations/project.ts";
import { metaOf } from "../../lib/graphql/zod-types.ts";
import { resourceName } from "../../lib/graphql/schema.ts";
import { encodeCursor } from "../../lib/graphql/connection.ts";
import { call, graphql, type CallOptions } from "./client.ts";

export type Via = "rest" | "graphql";
export const VIAS: Via[] = ["rest", "graphql"];

export interface Result {
  status: number;
  ok: boolean;
  body: any;
  /** List operations: X-Total-Count on REST, totalCount on GraphQL. */
  total?: number;
  message?: string;
}

export interface InvokeOptions extends CallOptions {
  /** REST path when not the declaration's first. */
  path?: string;
  /** List paging: `per_page`/`page` on REST, `first`/`after` on GraphQL. */
  perPage?: number;
  page?: number;
}

/** The GraphQL selection set of an output schema, as lib/graphql/zod-types.ts shapes it. */
export function selection(schema: z.ZodType): string {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodArray) {
    const sub = selection(inner.element as z.ZodType);
    return metaOf(schema).connection || metaOf(inner).connection ? `{ totalCount edges { node ${sub} } }` : sub;
  }
  if (!(inner instanceof z.ZodObject)) return "";
  const iri = metaOf(inner).iri;
  const fields = Object.entries(inner.shape).map(([k, s]) => (k === "id" && iri ? "id _id" : `${k} ${selection(s as z.ZodType)}`.trim()));
  return `{ ${fields.join(" ")} }`;
}

/** A JSON value as a GraphQL literal (object keys unquoted). */
function literal(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(literal).join(", ")}]`;
  if (v && typeof v === "object") return `{ ${Object.entries(v).map(([k, x]) => `${k}: ${literal(x)}`).join(", ")} }`;
  return JSON.stringify(v);
}

/** GraphQL records as REST shows them: connections become arrays and the numeric `_id` becomes `id`. */
export function flatten(value: any): any {
  if (Array.isArray(value)) return value.map(flatten);
  if (!value || typeof value !== "object") return value;
  if (Array.isArray(value.edges)) return value.edges.map((e: { node: unknown }) => flatten(e.node));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "_id") out.id = v;
    else if (k !== "id" || !("_id" in value)) out[k] = flatten(v);
  }
  return out;
}

async function viaRest(op: AnyOperation, input: Record<string, unknown>, opts: InvokeOptions): Promise<Result> {
  const rest = op.rest!;
  const params = { ...input };
  let path = (opts.path ?? rest.paths[0]).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    delete params[name];
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  if (opts.perPage !== undefined) query.set("per_page", String(opts.perPage));
  if (opts.page !== undefined) query.set("page", String(opts.page));
  let body: unknown;
  if (rest.method === "GET") for (const [k, v] of Object.entries(params)) query.set(k, String(v));
  else if (Object.keys(params).length || rest.method !== "DELETE") body = params;
  if ([...query].length) path += `?${query}`;
  const res = await call(rest.method, path, body, opts);
  const ok = res.status >= 200 && res.status < 300;
  const total = res.headers.get("X-Total-Count");
  return { status: res.status, ok, body: res.body, total: total === null ? undefined : Number(total), message: res.body?.message };
}

async function viaGraphql(op: AnyOperation, input: Record<string, unknown>, opts: InvokeOptions): Promise<Result> {
  const isList = op.list !== undefined && op.list !== "all";
  let document: string;
  if (op.kind === "mutation") {
    document = `mutation($input: ${op.name}Input!) { ${op.name}(input: $input) { ${resourceName(op)} ${selection(op.output)} clientMutationId } }`;
  } else {
    const args: Record<string, unknown> = { ...input };
    if (isList && opts.perPage !== undefined) args.first = opts.perPage;
    if (isList && opts.page !== undefined && opts.page > 1) args.after = encodeCursor((opts.page - 1) * (opts.perPage ?? 10) - 1);
    const argText = Object.keys(args).length ? `(${Object.entries(args).map(([k, v]) => `${k}: ${literal(v)}`).join(", ")})` : "";
    const sub = selection(op.output);
    document = `{ ${op.name}${argText} ${isList ? `{ totalCount edges { node ${sub} } }` : sub} }`;
  }
  const res = await graphql(document, op.kind === "mutation" ? { input } : undefined, opts);
  const error = res.body?.errors?.[0] as { message: string; extensions?: { status?: number; errors?: unknown } } | undefined;
  if (error) return { status: error.extensions?.status ?? 400, ok: false, body: { ...error, errors: error.extensions?.errors }, message: error.message };
  const data = res.body.data?.[op.name];
  const value = op.kind === "mutation" ? data?.[resourceName(op)] : data;
  return { status: op.rest?.status ?? 200, ok: true, body: flatten(value), total: isList ? data?.totalCount : undefined };
}

export function invoke(via: Via, op: AnyOperation, input: Record<string, unknown> = {}, opts: InvokeOptions = {}): Promise<Result> {
  return via === "rest" ? viaRest(op, input, opts) : viaGraphql(op, input, opts);
}

/** The body of a successful answer; otherwise fails with the answer, so a wrong status explains itself. */
export function must(r: Result, status?: number): any {
  const good = status === undefined ? r.ok : r.status === status;
  if (!good) throw new Error(`expected ${status ?? "success"}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}
