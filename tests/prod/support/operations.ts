// Every declared operation as (operation, transport) cases, and one call of any of them with any input. Requests are
// derived from the declaration by tests/support/invoke.ts, as in the API suite; this file only names the transports
// the way the matrix reports them and asks for shallower GraphQL selections (fuzzed inputs reach every operation).
// MCP is the third transport: one `tools/call` of the operation's tool with the declared input (./mcp.ts).
 
import type { AnyOperation, Surface } from "../../../lib/operations/define.ts";
import type { CallOptions } from "../../support/client.ts";
import { invoke, operations, restRequest, viasOf, type RestRequest, type Result } from "../../support/invoke.ts";
import { mcpExposes, mcpToolCall } from "./mcp.ts";

export { operations };

export type Transport = "REST" | "GraphQL" | "MCP";
const VIA = { REST: "rest", GraphQL: "graphql" } as const;

export function transportsOf(op: AnyOperation): Transport[] {
  const transports: Transport[] = viasOf(op).map((via) => (via === "rest" ? "REST" : "GraphQL"));
  return mcpExposes(op) ? [...transports, "MCP"] : transports;
}

/** Every (operation, transport) pair of a surface, for `it.each`. */
export function cases(surface: Surface, filter: (op: AnyOperation) => boolean = () => true) {
  return operations[surface].filter(filter).flatMap((op) => transportsOf(op).map((transport) => ({ name: op.name, op, transport })));
}

/** A fuzzed input may lack a path placeholder's field: the record id 1 stands in for it. */
const MISSING_PATH_PARAM = 1;

/** The REST request for an input, as `send` makes it. */
export function requestOf(op: AnyOperation, input: unknown, pathParams?: Record<string, unknown>): RestRequest {
  return restRequest(op, input, { pathParams, missingPathParam: MISSING_PATH_PARAM });
}

/** One answer of either transport, read the same way. */
export interface Outcome extends Omit<Result, "via"> {
  transport: Transport;
  /** Whether the answer carries any data of the operation (a refusal must not). */
  carries: boolean;
  text: string;
}

export interface SendOptions extends CallOptions {
  pathParams?: Record<string, unknown>;
}

/** GraphQL selections this many object levels deep: enough to show a leak, cheap enough for thousands of calls. */
const DEPTH = 4;

export async function send(op: AnyOperation, transport: Transport, input: unknown, opts: SendOptions = {}): Promise<Outcome> {
  if (transport === "MCP") {
    const { pathParams: _p, ...auth } = opts;
    const r = await mcpToolCall(op, input, auth);
    return { ...r, transport, carries: r.ok && r.data != null, text: JSON.stringify(r.raw) };
  }
  const r = await invoke(VIA[transport], op, input, { ...opts, missingPathParam: MISSING_PATH_PARAM, depth: DEPTH });
  // GraphQL: any value under the root field (a mutation's whole payload) counts, not only the resource.
  const carries = transport === "REST" ? r.http < 400 : r.raw?.data?.[op.name] != null;
  const text = typeof r.raw === "string" ? r.raw : JSON.stringify(r.raw);
  return { ...r, transport, carries, text };
}

/** A 500, or a GraphQL error that stands for one (masked, internal, unexpected). */
export function serverError(o: Outcome): string | null {
  if (o.http >= 500 || o.status >= 500) return `status ${o.http}/${o.status}`;
  const errors = o.transport === "GraphQL" && Array.isArray(o.raw?.errors) ? (o.raw.errors as any[]) : [];
  for (const e of errors) {
    const code = String(e?.extensions?.code ?? "");
    if (/^(internal|INTERNAL_SERVER_ERROR)$/.test(code) || e?.extensions?.unexpected || e?.message === "Unexpected error.") return `GraphQL error ${JSON.stringify(e)}`;
  }
  return null;
}
