// Structured logs: one JSON line per event (pino), each carrying the id of the request it belongs to. Secrets
// never reach a line: nothing logs headers or bodies, the query values of credential-like keys are dropped, the
// request's own key, bearer and submitted GraphQL passwords (addLogSecrets) are blotted out wherever they appear, and
// so is anything shaped like a credential (`Bearer …`, `<id>|<secret>`, `pk_…`), including inside error messages
// and stacks.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino, { type DestinationStream, type Logger } from "pino";
import { inFlightWhile } from "../http/drain.ts";
import { clientIp } from "../http/client-ip.ts";

interface RequestScope {
  id: string;
  /** This request's own credentials, blotted out of every line it logs. */
  secrets: string[];
  /** What its access line adds: who called and what ran (noteRequest). */
  noted?: Record<string, unknown>;
}

const scope = new AsyncLocalStorage<RequestScope>();

const REDACTED = "[redacted]";
const CREDENTIAL_SHAPES: RegExp[] = [
  /\bBearer\s+[^\s"',]+/gi,
  /\b\d{1,9}\|[A-Za-z0-9_-]{20,}/g, // customer and integration tokens
  /\bpk_[A-Za-z0-9_-]{16,}/g, // storefront keys
];
/** Keys whose values are credentials or passwords, in query strings and in anything logged as an object. */
export const SECRET_KEY = /pass(word)?|secret|token|authorization|api[-_]?key|storefront[-_]?key|^key$|cookie|session/i;

/**
 * Secrets the request turns out to carry once its body is read (the passwords of a GraphQL document,
 * lib/graphql/redact.ts): blotted out of every line it logs from now on, like its key and bearer.
 */
export function addLogSecrets(values: readonly string[]): void {
  const store = scope.getStore();
  if (!store) return;
  for (const v of values) if (v.length >= 8 && !store.secrets.includes(v)) store.secrets.push(v);
}

/**
 * Adds fields to the current request's access line: the caller (key, customer, admin and token ids, never a secret,
 * from the gate), the GraphQL operation and the code of its first error, the MCP tool.
 */
export function noteRequest(fields: Record<string, unknown>): void {
  const store = scope.getStore();
  if (store) store.noted = { ...store.noted, ...fields };
}

/** A text with every credential of the current request, and anything shaped like a credential, blotted out. */
export function scrub(text: string): string {
  let out = text;
  for (const secret of scope.getStore()?.secrets ?? []) if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  for (const shape of CREDENTIAL_SHAPES) out = out.replace(shape, REDACTED);
  return out;
}

function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrub(value);
  if (!value || typeof value !== "object" || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) && v != null && typeof v !== "object" ? REDACTED : scrubValue(v, depth + 1);
  return out;
}

function serializeError(e: unknown, depth = 0): Record<string, unknown> {
  if (!(e instanceof Error)) return { message: scrub(String(e)) };
  const out: Record<string, unknown> = { type: e.name, message: scrub(e.message) };
  if (e.stack) out.stack = scrub(e.stack);
  const code = (e as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") out.code = code;
  if (e.cause && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

function defaultLevel(): string {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  // The test suites send thousands of requests: only errors are worth their output.
  return process.env.NODE_ENV === "test" ? "error" : "info";
}

function build(destination?: DestinationStream, level = defaultLevel()): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: (object) => scrubValue(object) as Record<string, unknown> },
      mixin: () => {
        const id = scope.getStore()?.id;
        return id ? { reqId: id } : {};
      },
      hooks: {
        // The message text too: an error's message may quote what it failed on.
        logMethod(args, method) {
          method.apply(this, args.map((a) => (typeof a === "string" ? scrub(a) : a)) as Parameters<typeof method>);
        },
      },
    },
    destination ?? stdout(),
  );
}

/**
 * Standard output, buffered: lines are written a few kilobytes at a time, off the request path (a write per
 * request cost the API about a sixth of its throughput). What is buffered is written when the process exits,
 * SIGTERM included; a SIGKILL loses at most the last few kilobytes of lines.
 */
function stdout(): DestinationStream {
  const store = globalThis as unknown as { __commerceLogStream?: ReturnType<typeof pino.destination> };
  if (!store.__commerceLogStream) {
    const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    store.__commerceLogStream = stream;
    process.on("exit", () => {
      try {
        stream.flushSync();
      } catch {
        /* stdout already closed */
      }
    });
    // A quiet moment after a burst: the tail of the burst is written now rather than with the next burst.
    setInterval(() => {
      try {
        stream.flush();
      } catch {
        /* destroyed at exit */
      }
    }, 1_000).unref();
  }
  return store.__commerceLogStream;
}

let logger = build();

/** The process logger. */
export const log = {
  info: (obj: Record<string, unknown>, msg?: string) => logger.info(obj, msg),
  warn: (obj: Record<string, unknown>, msg?: string) => logger.warn(obj, msg),
  error: (obj: Record<string, unknown>, msg?: string) => logger.error(obj, msg),
};

/** Sends the lines elsewhere (tests capture them), at the given level; no argument restores stdout. */
export function useLogDestination(destination?: DestinationStream, level?: string): void {
  logger = build(destination, level);
}

/** An unexpected error (one that becomes a 500), with the id of the request it broke. */
export function logError(e: unknown, msg = "unexpected error"): void {
  logger.error({ err: serializeError(e) }, msg);
}

/** graphql-yoga's logger: what it masks as "Unexpected error." is logged like any other 500. */
export const yogaLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (...args: unknown[]) => logger.warn({ detail: args.map((a) => (a instanceof Error ? serializeError(a) : a)) }, "graphql warning"),
  error: (...args: unknown[]) => {
    const error = args.find((a) => a instanceof Error);
    if (error) logError(error);
    else logger.error({ detail: args }, "graphql error");
  },
};

const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The query string with the values of credential-like keys dropped. */
function safeQuery(url: URL): string | undefined {
  if (!url.search) return undefined;
  const parts: string[] = [];
  url.searchParams.forEach((v, k) => parts.push(`${k}=${SECRET_KEY.test(k) ? REDACTED : v}`));
  return parts.join("&");
}

type Handler<A extends unknown[]> = (req: Request, ...rest: A) => Promise<Response>;

/**
 * Serves a request inside its own log scope: an id (the caller's or load balancer's `X-Request-Id` when it is a
 * sane token, else a new UUID) on every line logged meanwhile and on the answer, and one access line at the end.
 */
export function withRequestLog<A extends unknown[]>(surface: string, handler: Handler<A>): Handler<A> {
  return async (req: Request, ...rest: A) => {
    const incoming = req.headers.get("x-request-id");
    const id = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    // The cookies' values too: the panel's session token travels in one.
    const cookies = (req.headers.get("cookie") ?? "").split(";").map((c) => c.slice(c.indexOf("=") + 1));
    const secrets = [req.headers.get("x-storefront-key"), req.headers.get("authorization")?.replace(/^Bearer\s+/i, ""), ...cookies]
      .filter((s): s is string => !!s && s.trim().length >= 8)
      .map((s) => s.trim());
    const store: RequestScope = { id, secrets };
    return scope.run(store, () => inFlightWhile(async () => {
      const started = performance.now();
      const url = new URL(req.url);
      let res: Response;
      try {
        res = await handler(req, ...rest);
      } catch (e) {
        logError(e);
        throw e;
      }
      try {
        res.headers.set("X-Request-Id", id);
      } catch {
        // Immutable headers (a fetched or redirect response): answer with a copy that can carry the id.
        res = new Response(res.body, { status: res.status, statusText: res.statusText, headers: new Headers(res.headers) });
        res.headers.set("X-Request-Id", id);
      }
      if (res.status >= 400 && store.noted?.error === undefined) {
        const code = await errorCodeOf(res);
        if (code) store.noted = { ...store.noted, error: code };
      }
      logger.info(
        {
          surface,
          method: req.method,
          path: url.pathname,
          query: safeQuery(url),
          status: res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          ip: loggedIp(req),
          ...store.noted,
        },
        "request",
      );
      return res;
    }));
  };
}

/**
 * The code of a refusal for its access line, when nothing on the way noted one: a refusal at the gate or of a whole
 * GraphQL document, answered before any operation ran. Read from a copy of the answer's JSON (`error`, or the first
 * GraphQL error's `extensions.code`); only error answers of a modest size are read.
 */
async function errorCodeOf(res: Response): Promise<string | undefined> {
  if (!res.body || !/json/i.test(res.headers.get("content-type") ?? "")) return undefined;
  const length = Number(res.headers.get("content-length") ?? 0);
  if (length > 65_536) return undefined;
  try {
    const body = (await res.clone().json()) as { error?: unknown; errors?: { extensions?: { code?: unknown } }[] } | null;
    const code = typeof body?.error === "string" ? body.error : body?.errors?.[0]?.extensions?.code;
    return typeof code === "string" && /^[A-Za-z0-9_.:-]{1,64}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** The address the allowlists see (lib/http/client-ip.ts); a bad TRUST_PROXY must not stop the request's log line. */
function loggedIp(req: Request): string | undefined {
  try {
    return clientIp(req) ?? undefined;
  } catch {
    return undefined;
  }
}
