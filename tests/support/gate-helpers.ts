// Helpers for the gate, account, open-write and bad-input suites: run one table of cases on REST and on
// GraphQL, read both answers the same way, and count what a call wrote.
import { expect } from "vitest";
import { call, graphql, getDb, type CallOptions } from "./client.ts";

/** One answer of either transport, read the same way. */
export interface Outcome {
  /** REST: the HTTP status. GraphQL: the first error's `extensions.status`, else the HTTP status (200 on success). */
  status: number;
  /** The HTTP status actually sent. */
  http: number;
  /** REST: the body. GraphQL: the mutation's resource object (null on error). */
  data: any;
  /** Error `error` code (REST body) or `extensions.code` (GraphQL). */
  code: string | null;
  message: string | null;
  /** Every error message (GraphQL may send several). */
  messages: string[];
  /** Field errors; GraphQL's `input.` prefix is dropped so both transports name fields alike. */
  fieldErrors: Record<string, string[]>;
  headers: Headers;
  raw: any;
}

export interface Transport {
  name: "REST" | "GraphQL";
  /** Status of a successful answer on this transport. */
  success: number;
  send(input: unknown, opts?: CallOptions): Promise<Outcome>;
}

export function fromRest(res: { status: number; body: any; headers: Headers }): Outcome {
  const errorBody = res.status >= 400 && res.body && typeof res.body === "object" ? res.body : null;
  return {
    status: res.status,
    http: res.status,
    data: errorBody ? null : res.body,
    code: errorBody?.error ?? null,
    message: errorBody?.message ?? null,
    messages: errorBody?.message ? [errorBody.message] : [],
    fieldErrors: errorBody?.errors ?? {},
    headers: res.headers,
    raw: res.body,
  };
}

export function fromGraphql(res: { status: number; body: any; headers: Headers }, field?: string, resource?: string): Outcome {
  const errors: any[] = res.body?.errors ?? [];
  const first = errors[0];
  const fieldErrors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries<string[]>(first?.extensions?.errors ?? {})) fieldErrors[k.replace(/^input\./, "")] = v;
  const payload = field ? res.body?.data?.[field] : res.body?.data;
  return {
    status: first ? (first.extensions?.status ?? first.extensions?.http?.status ?? (res.status >= 400 ? res.status : 400)) : res.status,
    http: res.status,
    data: first ? null : resource ? payload?.[resource] : payload,
    code: first?.extensions?.code ?? res.body?.error ?? null,
    message: first?.message ?? res.body?.message ?? null,
    messages: errors.length ? errors.map((e) => String(e.message)) : res.body?.message ? [res.body.message] : [],
    fieldErrors,
    headers: res.headers,
    raw: res.body,
  };
}

/** The REST and GraphQL forms of one mutation, e.g. `POST /api/shop/contact-us` and `createContactUs`. */
export function mutationTransports(spec: {
  path: string;
  restStatus?: number;
  mutation: string;
  resource: string;
  selection: string;
}): Transport[] {
  const document = `mutation Run($input: ${spec.mutation}Input!) { ${spec.mutation}(input: $input) { ${spec.resource} { ${spec.selection} } clientMutationId } }`;
  return [
    {
      name: "REST",
      success: spec.restStatus ?? 200,
      send: async (input, opts) => fromRest(await call("POST", spec.path, input ?? {}, opts)),
    },
    {
      name: "GraphQL",
      success: 200,
      send: async (input, opts) => fromGraphql(await graphql(document, { input: input ?? {} }, opts), spec.mutation, spec.resource),
    },
  ];
}

/** No answer to bad input may be a server error, on either transport. */
export function expectNoServerError(o: Outcome) {
  expect(o.http, JSON.stringify(o.raw)).toBeLessThan(500);
  expect(o.status, JSON.stringify(o.raw)).toBeLessThan(500);
  expect(String(o.code ?? ""), JSON.stringify(o.raw)).not.toMatch(/internal/i);
}

/** The outcome names `field` as a problem: a field error on it, or (GraphQL's own input checks) its name in the message. */
export function expectFieldNamed(o: Outcome, field: string) {
  const named = field in o.fieldErrors || o.messages.some((m) => new RegExp(`\\b${field}\\b`).test(m));
  expect(named, `${field} not named in ${JSON.stringify(o.raw)}`).toBe(true);
}

/** Rows of a table matching `where`: what a call wrote, or did not. */
export async function count(model: string, where: Record<string, unknown>): Promise<number> {
  const db = (await getDb()) as any;
  return db[model].count({ where });
}

export const RATE_HEADERS = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"] as const;

/** The configured default budget that X-RateLimit-Limit reports (vitest.config.ts sets it). */
export const DEFAULT_RATE_LIMIT = String(process.env.STOREFRONT_RATE_LIMIT ?? 100);

export function rateHeadersOf(headers: Headers) {
  return {
    limit: headers.get("X-RateLimit-Limit"),
    remaining: headers.get("X-RateLimit-Remaining") === null ? null : Number(headers.get("X-RateLimit-Remaining")),
    reset: headers.get("X-RateLimit-Reset") === null ? null : Number(headers.get("X-RateLimit-Reset")),
  };
}

export const demoCustomer = { email: "customer@example.com", password: "Customer123!" } as const;
