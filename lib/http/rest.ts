// Binds a declared operation to a Next.js route handler. A route file reads as one line of intent:
//   export const GET = rest(listProducts);
import type { AnyOperation, Download, ListSpec, Paging } from "../operations/define.ts";
import { projector } from "../operations/project.ts";
import { authorize, keyRefusal } from "../operations/authorize.ts";
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from "../errors.ts";
import { openGate, GateError } from "./context.ts";
import { answerHeaders, errorResponse, json, jsonText, zodToValidation } from "./respond.ts";
import { withRequestLog } from "../log/index.ts";
import { withCors } from "./cors.ts";
import { MAX_BODY_BYTES, readCappedForm, readCappedText } from "./body.ts";
import { attachmentDisposition } from "./content-disposition.ts";


type RouteContext = { params: Promise<Record<string, string | string[]>> };

export const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** `product_id` and `productId` both arrive as `productId`; keys already camelCased win. */
export function camelKeys(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const c = camel(k);
    if (c === k || !(c in raw)) out[c] = v;
  }
  return out;
}

async function readBody(req: Request, multipart?: { maxBytes: number }): Promise<Record<string, unknown>> {
  if (req.method === "GET" || req.method === "HEAD") return {};
  const type = req.headers.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    if (!multipart) throw new UnsupportedMediaType("This endpoint takes a JSON body, not multipart/form-data.");
    return readForm(req, multipart.maxBytes);
  }
  const text = await readCappedText(req, MAX_BODY_BYTES);
  if (!text.trim()) return {};
  if (type && !/json/i.test(type)) throw new UnsupportedMediaType();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BadRequest("The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new BadRequest("The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/** Form fields as strings (repeated names as arrays), file parts as `File`. */
async function readForm(req: Request, maxBytes: number): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await readCappedForm(req, maxBytes);
  } catch (e) {
    if (e instanceof PayloadTooLarge) throw e;
    throw new BadRequest("The multipart body could not be read.");
  }
  const out: Record<string, unknown> = {};
  let size = 0;
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") size += value.size;
    const key = name.replace(/\[\]$/, "");
    out[key] = key in out ? ([] as unknown[]).concat(out[key], value) : value;
  }
  if (size > maxBytes) throw new PayloadTooLarge(maxBytes);
  return out;
}

function queryOf(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  url.searchParams.forEach((v, k) => {
    out[k] = k in out ? `${out[k]},${v}` : v;
  });
  return out;
}

/** A whole number of at most 15 digits (beyond that, or in any other form, null). */
function wholeNumber(text: string | null): number | null {
  if (text == null || !/^-?\d{1,15}$/.test(text.trim())) return null;
  return Number(text);
}

/** Past any real listing; a larger page is a mistake, not a page that happens to be empty. */
export const MAX_PAGE = 10_000_000;

/**
 * SPEC.md Limits: `page` 1-based, default 1; a page past the last is an empty list. `per_page` clamped to the cap; 0,
 * negative or junk fall back to the default. A `page` that is not a whole number from 1 to MAX_PAGE is refused
 * (400): answering page 1 instead would show a client that lost count the same rows again.
 */
export function restPaging(url: URL, spec: ListSpec): Paging & { page: number } {
  if (url.searchParams.has("itemsPerPage")) throw new BadRequest("itemsPerPage is not accepted; use per_page.");
  const pageText = url.searchParams.get("page")?.trim() || null;
  const page = pageText == null ? 1 : /^\d+$/.test(pageText) ? Number(pageText) : NaN;
  if (!(page >= 1 && page <= MAX_PAGE)) {
    throw new BadRequest(`page must be a whole number from 1 to ${MAX_PAGE}; "${pageText!.slice(0, 40)}" is not.`, "invalid_page");
  }
  const sizeText = (spec.sizeParam ? url.searchParams.get(spec.sizeParam) : null) ?? url.searchParams.get("per_page") ?? url.searchParams.get("perPage");
  // Digits past the 15 that `wholeNumber` reads are still a size above the cap.
  const asked = sizeText != null && /^\d{16,}$/.test(sizeText.trim()) ? spec.maxPerPage : wholeNumber(sizeText);
  const limit = asked == null || asked <= 0 ? spec.defaultPerPage : Math.min(asked, spec.maxPerPage);
  return { page, limit, offset: (page - 1) * limit };
}

function download(file: Download, headers: Headers): Response {
  headers.set("Content-Type", file.contentType);
  headers.set("Content-Disposition", attachmentDisposition(file.filename));
  return new Response(file.body as BodyInit, { status: 200, headers: answerHeaders(headers) });
}

const PAGING_KEYS = new Set(["page", "per_page", "perPage"]);

export type RestHandler = ((req: Request, route?: RouteContext) => Promise<Response>) & { operation: AnyOperation };

export function rest(op: AnyOperation): RestHandler {
  const output = projector(op.output);
  // A page answered from a cache (lib/catalog/cache.ts) is the same array again: projected and serialised once.
  const pageBodies = new WeakMap<object, string>();
  const pageBody = (items: unknown[]) => {
    let text = pageBodies.get(items);
    if (text === undefined) pageBodies.set(items, (text = JSON.stringify(items.map(output))));
    return text;
  };
  const binding = op.rest;
  if (!binding) throw new Error(`Operation ${op.name} has no REST binding.`);
  const handler = async function handler(req: Request, route?: RouteContext): Promise<Response> {
    let headers = new Headers();
    try {
      const gate = await openGate(req, op.surface);
      headers = gate.headers;
      const url = new URL(req.url);
      const params = (await route?.params) ?? {};
      const query = queryOf(url);
      for (const k of PAGING_KEYS) delete query[k];
      if (op.list && op.list !== "all" && op.list.sizeParam) delete query[op.list.sizeParam];
      const body = await readBody(req, binding.multipart);
      authorize(gate.ctx, op, binding.unauthenticatedStatus);
      const raw = { ...query, ...body, ...params };
      const parsed = op.input.safeParse(binding.input ? binding.input(raw) : camelKeys(raw));
      if (!parsed.success) throw zodToValidation(parsed.error);
      if (op.list === "all") {
        const rows = await op.run(gate.ctx, parsed.data);
        return json(rows.map(output), 200, headers);
      }
      if (op.list) {
        const paging = restPaging(url, op.list);
        const { items, total } = await op.run(gate.ctx, parsed.data, paging);
        if (op.surface === "admin") {
          // SPEC.md: admin listings answer with the `{ data, meta }` envelope instead of paging headers.
          const meta = { currentPage: paging.page, perPage: paging.limit, lastPage: Math.max(1, Math.ceil(total / paging.limit)), total };
          return json({ data: items.map(output), meta }, 200, headers);
        }
        headers.set("X-Total-Count", String(total));
        headers.set("X-Page", String(paging.page));
        headers.set("X-Per-Page", String(items.length));
        headers.set("X-Total-Pages", String(Math.ceil(total / paging.limit)));
        return jsonText(pageBody(items), 200, headers);
      }
      const result = await op.run(gate.ctx, parsed.data);
      if (binding.download) return download(result as Download, headers);
      return json(output(result), binding.status ?? 200, headers);
    } catch (e) {
      return errorResponse(keyRefusal(e, op), e instanceof GateError ? e.headers : headers);
    }
  };
  // The route-coverage test reads which operation a route file serves.
  return Object.assign(withRequestLog(op.surface, withCors(op.surface, handler)), { operation: op });
}
