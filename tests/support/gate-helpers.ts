// Helpers for the gate, account, open-write and bad-input suites: run one table of cases on REST and on
// GraphQL (through invoke), read hand-made requests' answers the same way, and count what a call wrote.
 
import { expect } from "vitest";
import type { AnyOperation } from "../../lib/operations/define.ts";
import { getDb, type Answer } from "./client.ts";
import { invoke, operationNamed, viasOf, type InvokeOptions, type Result, type Via } from "./invoke.ts";

/** An answer read the same way whichever transport sent it (tests/support/invoke.ts). */
export type Outcome = Result;

export interface Transport {
  name: "REST" | "GraphQL";
  via: Via;
  /** The status of a success: the REST binding's (a GraphQL success reads as its REST twin, see Result.status). */
  success: number;
  send(input: unknown, opts?: InvokeOptions): Promise<Outcome>;
}

/** The REST and GraphQL forms of one declared operation (or only its GraphQL form, for a GraphQL-only alias). */
export function transportsOf(op: AnyOperation | string): Transport[] {
  const declared = typeof op === "string" ? operationNamed(op) : op;
  return viasOf(declared).map((via) => ({
    name: via === "rest" ? "REST" : "GraphQL",
    via,
    success: declared.rest?.status ?? 200,
    send: (input, opts) => invoke(via, declared, input ?? {}, opts),
  }));
}

/** An answer `call`/`graphql` got for a hand-made request (a wrong path, a raw document), read as `invoke` reads one. */
export function fromRest(res: Answer): Outcome {
  const failed = res.status >= 400;
  const errorBody = failed && res.body && typeof res.body === "object" ? res.body : null;
  return {
    via: "rest",
    status: res.status,
    http: res.status,
    ok: !failed,
    data: failed ? null : res.body,
    body: res.body,
    code: errorBody?.error ?? null,
    message: errorBody?.message ?? null,
    messages: errorBody?.message ? [errorBody.message] : [],
    fields: errorBody?.errors ?? {},
    headers: res.headers,
    raw: res.body,
  };
}

export function fromGraphql(res: Answer): Outcome {
  const errors: any[] = res.body?.errors ?? [];
  const first = errors[0];
  const fields: Record<string, string[]> = {};
  for (const [k, v] of Object.entries<string[]>(first?.extensions?.errors ?? {})) fields[k.replace(/^input\./, "")] = v;
  return {
    via: "graphql",
    status: first ? (first.extensions?.status ?? first.extensions?.http?.status ?? (res.status >= 400 ? res.status : 400)) : res.status,
    http: res.status,
    ok: !first && res.status < 400,
    data: first ? null : (res.body?.data ?? null),
    body: res.body,
    code: first?.extensions?.code ?? res.body?.error ?? null,
    message: first?.message ?? res.body?.message ?? null,
    messages: errors.length ? errors.map((e) => String(e.message)) : res.body?.message ? [res.body.message] : [],
    fields,
    headers: res.headers,
    raw: res.body,
  };
}

/** No answer to bad input may be a server error, on either transport. */
export function expectNoServerError(o: Outcome) {
  expect(o.http, JSON.stringify(o.raw)).toBeLessThan(500);
  expect(o.status, JSON.stringify(o.raw)).toBeLessThan(500);
  expect(String(o.code ?? ""), JSON.stringify(o.raw)).not.toMatch(/internal/i);
}

/** The outcome names `field` as a problem: a field error on it, or (GraphQL's own input checks) its name in the message. */
export function expectFieldNamed(o: Outcome, field: string) {
  const named = field in o.fields || o.messages.some((m) => new RegExp(`\\b${field}\\b`).test(m));
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

export const demoCustomer = { email: "customer@example.com", password: "Copper-Kettle-Garden-9" } as const;
