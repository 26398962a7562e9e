// Binds a declared operation to a Next.js route handler. A route file reads as one line of intent:
//   export const GET = rest(listProducts);
// The path of a request: CORS and the request log (withCors, withRequestLog) around the gate of the operation's
// surface (lib/http/context.ts: storefront key and bearer, integration token or the panel's session), the body
// (lib/http/body.ts), then authorize, validate, run and project (lib/operations/invoke.ts), and the answer.
import type { AnyOperation, Download, ListSpec, Paging } from "../operations/define.ts";
import { admit, perform, performPage } from "../operations/invoke.ts";
import { keyRefusal } from "../operations/authorize.ts";
import { BadRequest } from "../errors.ts";
import { camelKeys } from "../wire/case.ts";
import { openGate, GateError } from "./context.ts";
import { answerHeaders, errorResponse, json, jsonText } from "./respond.ts";
import { addLogSecrets, withRequestLog } from "../log/index.ts";
import { withCors } from "./cors.ts";
import { readInputBody } from "./body.ts";
import { secretValues } from "./secret-fields.ts";
import { attachmentDisposition } from "./content-disposition.ts";
import { idempotencyKeyOf, idempotent, requestHash } from "./idempotency.ts";
import type { RequestContext } from "../context.ts";


type RouteContext = { params: Promise<Record<string, string | string[]>> };

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
  // A page or whole list served again from a cache is the same projected array (lib/operations/invoke.ts): serialised once.
  const pageBodies = new WeakMap<object, string>();
  const pageBody = (items: unknown[]) => {
    let text = pageBodies.get(items);
    if (text === undefined) pageBodies.set(items, (text = JSON.stringify(items)));
    return text;
  };
  if (!op.rest) throw new Error(`Operation ${op.name} has no REST binding.`);
  const binding = op.rest;
  /** Runs the admitted call and answers it. */
  async function run(ctx: RequestContext, input: unknown, url: URL, headers: Headers): Promise<Response> {
    if (op.list && op.list !== "all") {
      const paging = restPaging(url, op.list);
      const { items, total } = await performPage(ctx, op, input, paging);
      if (op.surface === "admin") {
        // SPEC.md: admin listings answer with the `{ data, meta }` envelope instead of paging headers.
        const meta = { currentPage: paging.page, perPage: paging.limit, lastPage: Math.max(1, Math.ceil(total / paging.limit)), total };
        return json({ data: items, meta }, 200, headers);
      }
      headers.set("X-Total-Count", String(total));
      headers.set("X-Page", String(paging.page));
      headers.set("X-Per-Page", String(items.length));
      headers.set("X-Total-Pages", String(Math.ceil(total / paging.limit)));
      return jsonText(pageBody(items), 200, headers);
    }
    // A file goes out as the operation made it: there is no JSON output to project it to.
    if (binding.download) return download((await op.run(ctx, input)) as Download, headers);
    if (op.list === "all") return jsonText(pageBody((await perform(ctx, op, input)) as unknown[]), 200, headers);
    const answer = await perform(ctx, op, input);
    const etag = op.etag?.(ctx);
    if (etag) headers.set("ETag", etag);
    return json(answer, binding.status ?? 200, headers);
  }

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
      const body = await readInputBody(req, binding.multipart);
      addLogSecrets(secretValues(body)); // passwords and tokens in the body: on no log line of this request
      const raw: Record<string, unknown> = { ...query, ...body, ...params };
      if (binding.ifMatch) {
        // The precondition travels in its header only (lib/admin/precondition.ts).
        delete raw.ifMatch;
        delete raw.if_match;
        const ifMatch = req.headers.get("if-match");
        if (ifMatch !== null) raw.ifMatch = ifMatch;
      }
      const input = admit(gate.ctx, op, () => (binding.input ? binding.input(raw) : camelKeys(raw)));
      // A POST sent with an Idempotency-Key runs once for that key (lib/http/idempotency.ts); a refusal above keeps nothing.
      const key = binding.method === "POST" ? idempotencyKeyOf(req) : null;
      const answer = () => run(gate.ctx, input, url, gate.headers).catch((e: unknown) => errorResponse(keyRefusal(e, op), gate.headers));
      if (key === null) return await answer();
      return await idempotent(gate.ctx, key, await requestHash(req.method, url.pathname, { query, body }), gate.headers, answer);
    } catch (e) {
      return errorResponse(keyRefusal(e, op), e instanceof GateError ? e.headers : headers);
    }
  };
  // The route-coverage test reads which operation a route file serves.
  return Object.assign(withRequestLog(op.surface, withCors(op.surface, handler)), { operation: op });
}
