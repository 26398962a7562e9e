// The MCP tools of a surface, derived from its operation declarations: one tool per operation, named after it,
// described by its summary and next-step hint (lib/mcp/guidance.ts), its input schema zod's JSON Schema of the
// declared input. A call goes through the same admit/perform/performPage as REST and GraphQL
// (lib/operations/invoke.ts); its answer is the projected output as `structuredContent`, and an error of
// lib/errors.ts is a tool result with `isError` and the body REST would send.
import { z } from "zod";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { RequestContext } from "../context.ts";
import type { AnyOperation, ListSpec } from "../operations/define.ts";
import { admit, perform, performPage } from "../operations/invoke.ts";
import { authorize } from "../operations/authorize.ts";
import { Validation } from "../errors.ts";
import { toAppError } from "../http/respond.ts";
import { MAX_PAGE } from "../http/rest.ts";
import { logError, noteRequest } from "../log/index.ts";
import { NEXT_STEP } from "./guidance.ts";

type Json = Record<string, unknown>;

/**
 * Operations an MCP tool cannot carry: a multipart upload (file parts have no JSON form) and a `download` answer
 * (a file, not JSON). They stay on REST.
 */
export function exposed(op: AnyOperation): boolean {
  return !op.rest?.multipart && !op.rest?.download;
}

/** Whether the caller's credential admits the operation; a tool it does not is not listed. */
function allowed(ctx: RequestContext, op: AnyOperation): boolean {
  try {
    authorize(ctx, op);
    return true;
  } catch {
    return false;
  }
}

const isPaged = (op: AnyOperation): op is Extract<AnyOperation, { list: ListSpec }> => !!op.list && op.list !== "all";

function pagingProperties(spec: ListSpec): Record<string, object> {
  return {
    page: { type: "integer", minimum: 1, maximum: MAX_PAGE, default: 1, description: "1-based page of the list." },
    perPage: { type: "integer", minimum: 1, maximum: spec.maxPerPage, default: spec.defaultPerPage, description: `Items per page (at most ${spec.maxPerPage}).` },
  };
}

const toolCache = new WeakMap<AnyOperation, Tool>();

/** The tool of one operation; built once per operation. */
function toolOf(op: AnyOperation): Tool {
  const cached = toolCache.get(op);
  if (cached) return cached;
  // `$schema` names draft 2020-12, the MCP default dialect anyway; some clients' validators refuse the URI itself.
  const { $schema: _s, $id: _i, ...schema } = z.toJSONSchema(op.input as z.ZodType, { io: "input", unrepresentable: "any" }) as Json;
  const properties = { ...(schema.properties as Record<string, object> | undefined), ...(isPaged(op) ? pagingProperties(op.list) : {}) };
  const inputSchema: Tool["inputSchema"] = { ...schema, type: "object", properties };
  const hint = NEXT_STEP[op.name];
  const shape = isPaged(op)
    ? "Answers one page: { items, page, perPage, total, totalPages, nextPage }."
    : op.list === "all"
      ? "Answers { items }."
      : null;
  const tool: Tool = {
    name: op.name,
    title: op.name,
    description: [op.summary, shape, hint].filter(Boolean).join(" "),
    inputSchema,
    annotations: {
      readOnlyHint: op.kind === "query",
      destructiveHint: op.kind === "mutation" && /^(delete|revoke|cancel|refund|decline)/i.test(op.name),
      openWorldHint: false,
    },
  };
  toolCache.set(op, tool);
  return tool;
}

/** Tools listed per tools/list answer; more come with `nextCursor`. */
const TOOLS_PER_PAGE = 50;

/** The cursor is the offset into the caller's tool list, opaque to the client. */
const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString("base64url");
function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return 0;
  const m = /^o:(\d{1,6})$/.exec(Buffer.from(cursor, "base64url").toString());
  return m ? Number(m[1]) : null;
}

/** One page of the tools the caller may use; null for a cursor this server did not hand out. */
export function listTools(ctx: RequestContext, operations: AnyOperation[], cursor: string | undefined): { tools: Tool[]; nextCursor?: string } | null {
  const offset = decodeCursor(cursor);
  if (offset === null) return null;
  const visible = operations.filter((op) => exposed(op) && allowed(ctx, op));
  const tools = visible.slice(offset, offset + TOOLS_PER_PAGE).map(toolOf);
  const next = offset + TOOLS_PER_PAGE;
  return next < visible.length ? { tools, nextCursor: encodeCursor(next) } : { tools };
}

/** Longest text rendering; the whole answer is always in `structuredContent`. */
const TEXT_LIMIT = 8_000;

function render(structured: Json, summary?: string): CallToolResult {
  const text = JSON.stringify(structured);
  const shown = text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}… (truncated; the full answer is in structuredContent)` : text;
  return { structuredContent: structured, content: [{ type: "text", text: summary ? `${summary}\n${shown}` : shown }] };
}

/** A 1-based page number or a page size from the tool's arguments: absent → the default, anything but a whole number in range → 422. */
function pagingArgument(args: Json, name: "page" | "perPage", fallback: number, max: number): number {
  const value = args[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) throw Validation.field(name, `${name} must be a whole number of at least 1.`);
  if (name === "page" && value > MAX_PAGE) throw Validation.field(name, `page must be at most ${MAX_PAGE}.`);
  return Math.min(value, max);
}

async function answer(ctx: RequestContext, op: AnyOperation, args: Json): Promise<CallToolResult> {
  if (isPaged(op)) {
    const { page: _p, perPage: _pp, ...rest } = args;
    const input = admit(ctx, op, () => rest);
    const page = pagingArgument(args, "page", 1, MAX_PAGE);
    const limit = pagingArgument(args, "perPage", op.list.defaultPerPage, op.list.maxPerPage);
    const { items, total } = await performPage(ctx, op, input, { offset: (page - 1) * limit, limit });
    const totalPages = Math.ceil(total / limit);
    const structured = { items, page, perPage: limit, total, totalPages, nextPage: page < totalPages ? page + 1 : null };
    return render(structured, `${items.length} of ${total} (page ${page} of ${Math.max(totalPages, 1)}).`);
  }
  const input = admit(ctx, op, () => args);
  const output = await perform(ctx, op, input);
  if (op.list === "all") return render({ items: output }, `${(output as unknown[]).length} items.`);
  return render(output && typeof output === "object" && !Array.isArray(output) ? (output as Json) : { value: output });
}

/**
 * Calls the operation behind a tool. A refusal, a validation failure or any other error of lib/errors.ts comes back
 * as a tool error whose structured content is the body REST answers, plus its `status`; anything else is logged and
 * answers 500 `internal`, as on REST.
 */
export async function callTool(ctx: RequestContext, op: AnyOperation, args: Json): Promise<CallToolResult> {
  noteRequest({ tool: op.name });
  try {
    return await answer(ctx, op, args);
  } catch (e) {
    const known = toAppError(e);
    if (!known) logError(e);
    const body = known ? { status: known.status, ...known.body() } : { status: 500, message: "Internal server error.", error: "internal" };
    noteRequest({ error: String(body.error) });
    return { isError: true, structuredContent: body, content: [{ type: "text", text: `${body.status} ${String(body.error)}: ${String(body.message)}` }] };
  }
}
