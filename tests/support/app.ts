// Calls the real route files under app/api in process, the way Next.js would: the folder names are the URL
// space, `[param]` segments become route params, and the exported method handler answers.
import fs from "node:fs";
import path from "node:path";
import type { AnyOperation } from "../../lib/operations/define.ts";
import { checkAgainstDocument } from "./openapi-guard.ts";
import { isSecretField } from "../../lib/http/secret-fields.ts";
import { recordAnswer, recordingAnswers } from "./answers.ts";

type Handler = ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & { operation?: AnyOperation };
interface Route {
  pattern: RegExp;
  names: string[];
  file: string;
  module?: Promise<Record<string, Handler>>;
}

const APP_API = path.resolve(import.meta.dirname, "../../app/api");

function collectRoutes(dir: string, segments: string[] = []): Route[] {
  const routes: Route[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) routes.push(...collectRoutes(path.join(dir, entry.name), [...segments, entry.name]));
    else if (entry.name === "route.ts") {
      const names: string[] = [];
      const source = segments
        .map((s) => {
          const m = /^\[(\.\.\.)?(.+)\]$/.exec(s);
          if (!m) return s.replace(/[.*+?^${}()|\\]/g, "\\$&");
          names.push(m[2]);
          // `[...path]` takes the rest of the path, one or more segments.
          return m[1] ? "(.+)" : "([^/]+)";
        })
        .join("/");
      routes.push({ pattern: new RegExp(`^/api${source ? "/" + source : ""}/?$`), names, file: path.join(dir, entry.name) });
    }
  }
  // Static segments before dynamic ones, and catch-all routes last, as Next.js matches them.
  const weight = (r: Route) => r.names.length + (r.pattern.source.includes("(.+)") ? 100 : 0);
  return routes.sort((a, b) => weight(a) - weight(b));
}

export const routes = collectRoutes(APP_API);

export const BASE = "http://shop.test";

export async function dispatch(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  for (const route of routes) {
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    route.module ??= import(route.file);
    const handler = (await route.module)[req.method];
    if (!handler) return new Response(null, { status: 405 });
    const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
    // With OPENAPI_EXAMPLES_DIR set (scripts/openapi-examples.ts), a 2xx JSON answer of an operation is kept as an example.
    const sent = recording && handler.operation ? await readAhead(req) : null;
    if (sent) req = sent.req;
    const res = await handler(req, { params: Promise.resolve(params) });
    // Handlers made by `rest(op)` carry their operation: the answer must be what the OpenAPI document says.
    await checkAgainstDocument(handler.operation, req.method, pathname, res);
    if (sent) await recordExample(handler.operation!, req, sent.body, params, res);
    // With API_ANSWERS_DIR set (scripts/compare-answers.ts), every answer is kept to compare two runs.
    if (recordingAnswers) await recordAnswer(req, res);
    return res;
  }
  return new Response(JSON.stringify({ message: "Not Found" }), { status: 404 });
}

// The example recorder (scripts/openapi-examples.ts): with OPENAPI_EXAMPLES_DIR set, the first few 2xx JSON answers
// of each operation in each test file are appended, with their requests, to one JSON-lines file per worker process.
// Values under secret-named fields (isSecretField) are replaced by a placeholder. Off, it costs one check per call.
const examplesDir = process.env.OPENAPI_EXAMPLES_DIR;
const recording = !!examplesDir;
const KEEP_PER_OPERATION = 4;
const MAX_RECORD_CHARS = 200_000;
const kept = new Map<string, number>();

/** `value` with every secret-named field's text replaced by `"<name>"` (`"<token>"`), a password's by one as long as the rule asks. */
function redact(value: unknown, secret = false, name = "secret"): unknown {
  if (Array.isArray(value)) return value.map((v) => redact(v, secret, name));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, secret || isSecretField(k), secret ? name : k)]));
  }
  return secret && typeof value === "string" && value !== "" ? placeholder(name) : value;
}

/** The text shown in place of a secret: `<token>`; any password `<your password>` (the rule asks 12 characters at least). */
const placeholder = (name: string) => (/passw(or)?d|passphrase/i.test(name) ? "<your password>" : `<${name}>`);

/**
 * The request's body as text when it is short, and a request the handler reads as it would the original: the bytes
 * read ahead, then the rest of the stream, whose cancelling reaches the source (a body cut off at its cap stays so).
 */
async function readAhead(req: Request): Promise<{ req: Request; body: string | null }> {
  if (!req.body) return { req, body: null };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size <= MAX_RECORD_CHARS) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    size += next.value.byteLength;
  }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const copy = new Request(req.url, { method: req.method, headers: req.headers, body: stream, signal: req.signal, duplex: "half" } as RequestInit);
  return { req: copy, body: done ? Buffer.concat(chunks).toString("utf8") : null };
}

async function recordExample(operation: AnyOperation, req: Request, sentBody: string | null, params: Record<string, string>, res: Response): Promise<void> {
  if (!operation.rest || res.status < 200 || res.status > 299) return;
  if (!/^application\/(.+\+)?json$/.test((res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase())) return;
  const url = new URL(req.url);
  const template = operation.rest.paths.find((t) => {
    const source = t.split(/\{[^}]+\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+");
    return new RegExp(`^${source}/?$`).test(url.pathname);
  });
  if (!template) return;
  const key = `${operation.name} ${req.method} ${template}`;
  const count = kept.get(key) ?? 0;
  if (count >= KEEP_PER_OPERATION) return;
  const responseText = await res.clone().text();
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const requestText = type === "application/json" ? (sentBody ?? "") : "";
  if (responseText.length + requestText.length > MAX_RECORD_CHARS) return;
  let responseBody: unknown, requestBody: unknown;
  try {
    responseBody = JSON.parse(responseText);
    requestBody = requestText ? JSON.parse(requestText) : undefined;
  } catch {
    return;
  }
  const query: Record<string, string> = {};
  url.searchParams.forEach((v, k) => (query[k] = k in query ? `${query[k]},${v}` : v));
  kept.set(key, count + 1);
  const record = {
    operation: operation.name, surface: operation.surface, method: req.method, template, status: res.status,
    pathParams: redact(params), query: redact(query), requestType: type || null, requestBody: redact(requestBody), responseBody: redact(responseBody),
  };
  fs.mkdirSync(examplesDir!, { recursive: true });
  fs.appendFileSync(path.join(examplesDir!, `examples-${process.pid}.jsonl`), JSON.stringify(record) + "\n");
}
