// Serves a surface's operations as MCP tools over Streamable HTTP (the SDK's web-standard transport, stateless: one
// server and one transport per request, JSON answers, no session), behind the same log, CORS, body cap and gate as
// REST (lib/http/rest.ts) and GraphQL (lib/graphql/handler.ts). The Shop endpoint needs the storefront key, with an
// optional customer bearer or guest cart token; the Admin endpoint an integration token in `Authorization` (the
// panel's session cookie is not a credential here). A refused credential is the gate's HTTP answer; everything
// after it is JSON-RPC, with tool errors as results (lib/mcp/tools.ts).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { RequestContext } from "../context.ts";
import type { AnyOperation, Surface } from "../operations/define.ts";
import { openGate, GateError } from "../http/context.ts";
import { answerHeaders, errorResponse, json } from "../http/respond.ts";
import { MAX_BODY_BYTES, readCapped } from "../http/body.ts";
import { withCors } from "../http/cors.ts";
import { withRequestLog } from "../log/index.ts";
import { keyRefusal } from "../operations/authorize.ts";
import { callTool, exposed, listTools } from "./tools.ts";
import { INSTRUCTIONS } from "./guidance.ts";

const SERVER_VERSION = "1.0.0";

function mcpServer(surface: Surface, ctx: RequestContext, operations: AnyOperation[]): Server {
  const server = new Server(
    { name: surface === "shop" ? "shop-api" : "admin-api", version: SERVER_VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS[surface] },
  );
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const page = listTools(ctx, operations, request.params?.cursor);
    if (!page) throw new McpError(ErrorCode.InvalidParams, "Unknown cursor: pass the nextCursor of a previous answer.");
    return page;
  });
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const op = operations.find((o) => o.name === request.params.name && exposed(o));
    if (!op) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return callTool(ctx, op, request.params.arguments ?? {});
  });
  return server;
}

type Message = { method?: unknown; id?: unknown; params?: { name?: unknown } };

function messagesOf(body: Uint8Array): Message[] {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
    return (Array.isArray(parsed) ? parsed : [parsed]).filter((m): m is Message => !!m && typeof m === "object");
  } catch {
    return [];
  }
}

/** JSON-RPC requests in a body (a batch holds several): each spends one request of the credential's budget, as a GraphQL root field does. */
const requestCount = (messages: Message[]) => Math.max(1, messages.filter((m) => m.method !== undefined && m.id !== undefined).length);

/**
 * A refused storefront key answers with the status the called tool's operation declares (returns: 401), as on REST
 * and GraphQL, when the request is one `tools/call`; otherwise with the gate's own.
 */
function gateRefusal(e: unknown, messages: Message[], operations: AnyOperation[]): unknown {
  const [only] = messages;
  if (messages.length !== 1 || only.method !== "tools/call") return e;
  const op = operations.find((o) => o.name === only.params?.name && exposed(o));
  return op ? keyRefusal(e, op) : e;
}

/**
 * What the gate reads: the Admin endpoint takes an integration token only, so the panel's session cookie is dropped
 * before the gate could take it for a panel call (whose CSRF rules an MCP client cannot follow).
 */
function credentialsOf(surface: Surface, req: Request): Request {
  if (surface !== "admin" || !req.headers.has("cookie")) return req;
  const headers = new Headers(req.headers);
  headers.delete("cookie");
  return new Request(req.url, { method: req.method, headers });
}

/** Stateless Streamable HTTP has no server-sent stream to open (GET) and no session to end (DELETE). */
function postOnly(): Response {
  const headers = new Headers({ Allow: "POST" });
  return json({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed: this MCP endpoint is stateless; POST JSON-RPC messages." }, id: null }, 405, headers);
}

export function mcpRoute(surface: Surface, operations: () => AnyOperation[]) {
  return withRequestLog(surface, withCors(surface, async function handler(req: Request): Promise<Response> {
    if (req.method !== "POST") return postOnly();
    let headers = new Headers();
    try {
      const body = await readCapped(req); // MAX_BODY_BYTES: 413 as soon as the bytes pass it
      const messages = messagesOf(body);
      const gate = await openGate(credentialsOf(surface, req), surface, { cost: requestCount(messages) }).catch((e: unknown) => {
        throw gateRefusal(e, messages, operations());
      });
      headers = gate.headers;
      const server = mcpServer(surface, gate.ctx, operations());
      const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true, maxRequestBodySize: MAX_BODY_BYTES });
      await server.connect(transport);
      try {
        const answer = await transport.handleRequest(new Request(req.url, { method: "POST", headers: req.headers, body }));
        const out = new Headers(answer.headers);
        headers.forEach((v, k) => out.set(k, v));
        return new Response(await answer.text(), { status: answer.status, headers: answerHeaders(out) });
      } finally {
        await server.close();
      }
    } catch (e) {
      return errorResponse(e, e instanceof GateError ? e.headers : headers);
    }
  }));
}
