// An operation is declared once: its input and output schemas, the credential it needs and the domain call.
// lib/http binds it to a REST route, lib/graphql to a GraphQL field and lib/openapi to a documented path, so
// the transports and the docs cannot drift apart.
import type { z } from "zod";
import type { RequestContext, Surface } from "../context.ts";

export type { Surface };

/**
 * Who may call: `public` needs the storefront key alone; `customer` adds a customer bearer; `cart` accepts a
 * customer bearer or a guest cart token; `{ admin }` names the permission an integration token must carry
 * (`null`: any valid token).
 */
export type Access = "public" | "customer" | "cart" | { admin: string | null };

export interface Paging {
  offset: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface ListSpec {
  /** Page size when the caller gives none (SPEC.md: 10, 30 on the product list). */
  defaultPerPage: number;
  /** Hard cap; a larger request is clamped (SPEC.md: 50). */
  maxPerPage: number;
  /** REST query key of the page size when it is not `per_page` (SPEC.md: the orders list takes `limit`). */
  sizeParam?: string;
}

export interface MultipartSpec {
  maxBytes: number;
  /** Names of the file parts (the OpenAPI document shows them as binary; other input fields are text parts). */
  files: string[];
}

export interface RestBinding {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Every path this operation answers on (SPEC.md lists aliases for some). `{id}` style placeholders. */
  paths: string[];
  /** Maps the merged path, query and body parameters (already camelCased) to the operation input. */
  input?: (raw: Record<string, unknown>) => unknown;
  /**
   * The query string as clients send it, when `input` maps it to an input of another shape (the product list's
   * `price=min,max` and attribute facets). The OpenAPI document describes this instead of the input; a catchall
   * stands for query keys of the caller's choosing (documented as one `form`/`explode` object parameter).
   */
  query?: z.ZodObject;
  /** Status of a successful answer. */
  status?: number;
  /** Status for a missing or bad bearer where SPEC.md documents one other than 401 (returns: 403). */
  unauthenticatedStatus?: number;
  /**
   * Status for a wrong, deactivated, expired or IP-blocked storefront key where SPEC.md documents one other than 403
   * (returns: 401). The body's `error` stays `invalid_key`.
   */
  invalidKeyStatus?: number;
  /** Accepts `multipart/form-data`; file parts arrive in the input as `File` objects (REST only, SPEC.md item 6). */
  multipart?: MultipartSpec;
  /** The operation returns a `Download`, sent as an attachment instead of JSON. */
  download?: boolean;
  /**
   * Error statuses the OpenAPI document cannot derive from the rest of the declaration (lib/openapi/document.ts):
   * a record named in the body or query that may not exist (404), a report `type` checked at run time (400).
   */
  errors?: number[];
  /**
   * Reads the `If-Match` header into the input's `ifMatch` (which the body and query cannot set); the input field is
   * GraphQL's twin of the header (lib/admin/precondition.ts).
   */
  ifMatch?: boolean;
}

/** A file answer (exports): REST sends it as an attachment. */
export interface Download {
  filename: string;
  contentType: string;
  body: string | Uint8Array;
}

export interface GraphqlBinding<A> {
  /** Query arguments when they differ from the input schema. Mutations always take `input`. */
  args?: z.ZodObject;
  /** Maps those arguments to the operation input. */
  input?: (args: A) => unknown;
  /** The payload's data field of a mutation (WIRE.md: named after the resource in lower camel case). */
  resource?: string;
  /**
   * A whole collection (`list: "all"`) served on GraphQL as a connection, paged in memory, where the family
   * documents one (WIRE.md: `countryStates`); REST keeps the bare array.
   */
  connection?: boolean;
  /** Further names of a mutation payload's data field, where the family's name differs from ours (both are served). */
  alsoAs?: string[];
  /** Fields of the output also served directly on a mutation's payload, beside the data field (the family's `success`, `message`). */
  payloadFields?: string[];
  /** The mutation's input type name where the family documents another than `<name>Input`. */
  inputName?: string;
}

interface OperationBase<I extends z.ZodType, O extends z.ZodType> {
  /** The GraphQL field name; also the OpenAPI operationId. */
  name: string;
  surface: Surface;
  kind: "query" | "mutation";
  summary: string;
  access: Access;
  input: I;
  output: O;
  rest?: RestBinding;
  graphql?: GraphqlBinding<Record<string, unknown>> | false;
  /** IRI prefix of the records this operation returns, for GraphQL `id` (e.g. `/api/shop/products`). */
  iri?: string;
  /**
   * The answer depends on nothing but the catalog and the request scope: it reads only catalog tables, answers every
   * caller in a scope alike and records nothing. Shop GraphQL then keeps whole answers made of such fields until the
   * next catalog write (lib/graphql/response-cache.ts). `unlessArgs`: arguments whose presence makes a call record
   * something (a search term), so such a call always runs.
   */
  cache?: { dependsOn: "catalog"; unlessArgs?: readonly string[] };
  /** The strong ETag of the record this call answered (admin resources: its version), sent by REST as `ETag`. */
  etag?: (ctx: RequestContext) => string | undefined;
}

export interface SingleOperation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType>
  extends OperationBase<I, O> {
  list?: undefined;
  run(ctx: RequestContext, input: z.output<I>): Promise<z.input<O>>;
}

export interface ListOperation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType>
  extends OperationBase<I, O> {
  list: ListSpec;
  run(ctx: RequestContext, input: z.output<I>, paging: Paging): Promise<Page<z.input<O>>>;
}

/** A collection returned whole, without paging (a tree, the states of one country). */
export interface ArrayOperation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType>
  extends OperationBase<I, O> {
  list: "all";
  run(ctx: RequestContext, input: z.output<I>): Promise<z.input<O>[]>;
}

export type Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> =
  | SingleOperation<I, O>
  | ListOperation<I, O>
  | ArrayOperation<I, O>;

// `any` here lets a registry hold operations of every input and output type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any>;

export function operation<I extends z.ZodType, O extends z.ZodType>(op: SingleOperation<I, O>): SingleOperation<I, O>;
export function operation<I extends z.ZodType, O extends z.ZodType>(op: ListOperation<I, O>): ListOperation<I, O>;
export function operation<I extends z.ZodType, O extends z.ZodType>(op: ArrayOperation<I, O>): ArrayOperation<I, O>;
export function operation(op: AnyOperation): AnyOperation {
  return op;
}

export const SHOP_LIST: ListSpec = { defaultPerPage: 10, maxPerPage: 50 };
