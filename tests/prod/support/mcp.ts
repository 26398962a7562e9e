// The MCP binding (lib/mcp) from a test's side, in process like every other transport (tests/support/app.ts):
// the SDK's own Client over its Streamable HTTP transport, whose fetch dispatches into the route files, for the API
// tests; and one bare JSON-RPC `tools/call` per request (no handshake: the endpoints are stateless) for the
// generated suites, answered in the shape tests/support/invoke.ts gives REST and GraphQL answers.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { AnyOperation, Surface } from "../../../lib/operations/define.ts";
import { BASE, dispatch } from "../../support/app.ts";
import { call, type CallOptions } from "../../support/client.ts";
import type { Result } from "../../support/invoke.ts";

const MCP_PATH: Record<Surface, string> = { shop: "/api/mcp", admin: "/api/admin/mcp" };

/** Operations the binding leaves to REST: uploads (multipart) and file answers (download). */
export const mcpExposes = (op: AnyOperation) => !op.rest?.multipart && !op.rest?.download;

function credentialHeaders(opts: CallOptions): Record<string, string> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers["X-STOREFRONT-KEY"] = opts.key;
  if (opts.bearer) headers.Authorization = `Bearer ${opts.bearer}`;
  return headers;
}

/** An SDK client connected (initialize handshake done) to a surface's endpoint with these credentials. */
export async function mcpClient(surface: Surface, opts: CallOptions = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(BASE + MCP_PATH[surface]), {
    requestInit: { headers: credentialHeaders(opts) },
    fetch: (url, init) => dispatch(new Request(url, init)),
  });
  const client = new Client({ name: "shop-tests", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** Every tool a client may see, following `nextCursor`. */
export async function allTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined);
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

/**
 * One answer of a bare `tools/call`, read as REST and GraphQL answers are: `status` is the tool error's `status`, the
 * HTTP status when the request was refused before any tool ran, 200 on success.
 */
type McpResult = Omit<Result, "via" | "total" | "cursors" | "pageInfo">;

let ids = 0;

export async function mcpToolCall(op: AnyOperation, args: unknown, opts: CallOptions = {}): Promise<McpResult> {
  const message = { jsonrpc: "2.0", id: ++ids, method: "tools/call", params: { name: op.name, arguments: args } };
  const res = await call("POST", MCP_PATH[op.surface], message, {
    ...opts,
    headers: { Accept: "application/json, text/event-stream", ...opts.headers },
  });
  const raw = res.body;
  const base = { http: res.status, headers: res.headers, raw };
  const result = raw?.result;
  if (res.status !== 200 || !raw || typeof raw !== "object") {
    // The gate's refusal (or the body cap's) is an HTTP answer in the REST error shape.
    return { ...base, status: res.status, ok: false, data: null, body: raw, code: raw?.error ?? null, message: raw?.message ?? null, messages: raw?.message ? [raw.message] : [], fields: raw?.errors ?? {} };
  }
  if (raw.error) {
    // A JSON-RPC error: the call named no tool this endpoint has, or its arguments were not an object.
    return { ...base, status: 400, ok: false, data: null, body: raw.error, code: `jsonrpc_${raw.error.code}`, message: raw.error.message, messages: [raw.error.message], fields: {} };
  }
  const content = result?.structuredContent ?? null;
  if (result?.isError) {
    return {
      ...base, status: content?.status ?? 500, ok: false, data: null, body: content, code: content?.error ?? null,
      message: content?.message ?? null, messages: content?.message ? [content.message] : [], fields: content?.errors ?? {},
    };
  }
  return { ...base, status: 200, ok: true, data: content, body: content, code: null, message: null, messages: [], fields: {} };
}
