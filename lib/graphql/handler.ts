// Serves a GraphQL schema at a Next.js route through graphql-yoga, behind the same gate as REST
// (lib/http/context.ts): the Shop endpoint needs the storefront key, the Admin one an integration token, or the
// panel's session, for every document, introspection included. Each root field of a document spends one
// request of the credential's budget. The body is read once here (lib/http/body.ts); the resolvers (schema.ts)
// authorize, validate, run and project through lib/operations/invoke.ts as REST does.
import { createYoga, maskError, type GraphQLParams, type Plugin } from "graphql-yoga";
import type { AnyOperation, Surface } from "../operations/define.ts";
import { openGate, GateError } from "../http/context.ts";
import { answerHeaders, errorResponse } from "../http/respond.ts";
import { withCors } from "../http/cors.ts";
import { AppError } from "../errors.ts";
import { keyRefusal } from "../operations/authorize.ts";
import { readCappedText } from "../http/body.ts";
import { idempotencyKeyOf, idempotent, requestHash } from "../http/idempotency.ts";
import { buildSchema, type GraphqlContext } from "./schema.ts";
import { documentCost, documentFacts, operationRootFields } from "./documents.ts";
import { answerOf, cachedAnswer, catalogAnswerKey, executionErrors } from "./response-cache.ts";
import { reusedAnswer, reuseKey, type RootCall } from "./reuse.ts";
import { documentLimits } from "./limits.ts";
import { addLogSecrets, noteRequest, withRequestLog, yogaLogger } from "../log/index.ts";
import { redactSecrets, submittedSecrets, type RedactionContext } from "./redact.ts";
import { graphiqlOptions, graphiqlRenderer, withGraphiqlPolicy } from "./graphiql.ts";

/** A POST body read once by the APIs' one reader and cap (lib/http/body.ts, 413 beyond it), and its JSON when it is a JSON object. */
interface ReadBody {
  text: string;
  json: Record<string, unknown> | null;
}

async function readBody(req: Request): Promise<ReadBody | null> {
  if (req.method !== "POST") return null;
  const text = await readCappedText(req); // MAX_BODY_BYTES: 413 as soon as the bytes pass it, chunked or not
  let json: Record<string, unknown> | null = null;
  if (/json/i.test(req.headers.get("content-type") ?? "")) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
    } catch {
      /* yoga answers bad JSON itself */
    }
  }
  return { text, json };
}

/**
 * Whether the request must carry the surface's credential: every document does, even introspection and
 * `{ __typename }`, so that the schema is read only by a known client and on its budget (the explorer's schema fetch
 * sends the headers typed into GraphiQL). Only the GraphiQL page shell (GET with Accept: text/html, which yoga
 * answers with the page and never executes) needs none.
 */
function needsCredential(req: Request): boolean {
  return !(req.method === "GET" && (req.headers.get("accept") ?? "").includes("text/html"));
}

/** The document, operation name and variables of a GET (query string) or POST (JSON body). */
function documentOf(req: Request, body: ReadBody | null): { query: unknown; operationName: unknown; variables: unknown } {
  if (req.method === "GET") {
    const params = new URL(req.url).searchParams;
    return { query: params.get("query"), operationName: params.get("operationName"), variables: parsedVariables(params.get("variables")) };
  }
  return { query: body?.json?.query, operationName: body?.json?.operationName, variables: body?.json?.variables };
}

function parsedVariables(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null; // yoga answers the bad JSON itself
  }
}

/** The body the handler has read goes to yoga as parsed, instead of being read and parsed a second time. */
type ServerContext = GraphqlContext & RedactionContext & { parsedBody?: Record<string, unknown> };
const reuseParsedBody: Plugin<Record<string, unknown>, ServerContext> = {
  onRequestParse({ serverContext, setRequestParser }) {
    const parsed = serverContext.parsedBody;
    if (parsed) setRequestParser(() => parsed as GraphQLParams);
  },
};

/**
 * A refusal for a spent budget (an error with `extensions.retry_after`) sends `Retry-After` on GraphQL too, the header
 * clients of the REST twin already read.
 */
const retryAfterSeconds = new WeakMap<Request, number>();
const retryAfterHeader: Plugin<Record<string, unknown>, ServerContext> = {
  onResultProcess({ request, result }) {
    const errors = Array.isArray(result) ? result.flatMap((r) => r.errors ?? []) : ("errors" in result ? result.errors ?? [] : []);
    const seconds = Math.max(0, ...errors.map((e) => Number(e.extensions?.retry_after) || 0));
    if (seconds) retryAfterSeconds.set(request, seconds);
  },
  onResponse({ request, response }) {
    const seconds = retryAfterSeconds.get(request);
    if (seconds) response.headers.set("Retry-After", String(seconds));
  },
};

/**
 * Errors made by toGraphqlError carry `extensions.status`; they pass unmasked even when they come from another copy
 * of the `graphql` package than yoga's (an `instanceof` check fails across copies), everything else is masked.
 */
function keepDomainErrors(error: unknown, message: string, isDev?: boolean) {
  for (let e = error as { extensions?: { status?: unknown }; originalError?: unknown } | null; e; e = e.originalError as typeof e) {
    if (typeof e.extensions?.status === "number") return e as Error;
  }
  return maskError(error, message, isDev);
}

/**
 * The key is checked once per document, before any field runs, so a refused key answers for the whole document:
 * with the status its root fields declare when they all declare the same one (a document of return fields: 401,
 * as SPEC.md's return section says), otherwise with the general 403 `invalid_key`.
 */
function documentKeyRefusal(e: unknown, query: unknown, operationName: unknown, operations: AnyOperation[]): unknown {
  if (!(e instanceof AppError) || e.code !== "invalid_key") return e;
  const names = operationRootFields(query, operationName)?.names;
  const ops = names ? [...names].map((n) => operations.find((op) => op.name === n && op.graphql !== false)) : [];
  if (!ops.length || ops.some((op) => !op)) return e;
  const statuses = new Set(ops.map((op) => op!.rest?.invalidKeyStatus));
  return statuses.size === 1 ? keyRefusal(e, ops[0]!) : e;
}

/** The operation a document runs, for the request's log line: its name (when it has one) and its root fields. */
function operationFacts(query: unknown, operationName: unknown): Record<string, string> {
  const named = typeof operationName === "string" && operationName ? operationName : [...documentFacts(query).rootFields.keys()].find(Boolean);
  const fields = operationRootFields(query, operationName);
  return { ...(named ? { operation: named } : {}), ...(fields ? { fields: [...fields.names].join(",") } : {}) };
}

export function graphqlRoute(surface: Surface, endpoint: string, operations: () => AnyOperation[]) {
  let yoga: ReturnType<typeof createYoga<ServerContext>> | null = null;
  const server = () =>
    (yoga ??= createYoga<ServerContext>({
      schema: buildSchema(operations()),
      graphqlEndpoint: endpoint,
      multipart: false, // binary uploads are REST-only (SPEC.md item 6)
      cors: false, // lib/http/cors.ts answers for both APIs; yoga's default would echo any origin, with credentials
      landingPage: false,
      graphiql: graphiqlOptions(surface),
      renderGraphiQL: graphiqlRenderer,
      maskedErrors: { maskError: keepDomainErrors },
      logging: yogaLogger,
      plugins: [reuseParsedBody, retryAfterHeader, redactSecrets, executionErrors, ...documentLimits()],
    }));

  return withRequestLog(surface, withCors(surface, async function handler(req: Request): Promise<Response> {
    let headers = new Headers();
    try {
      const body = await readBody(req);
      const requireKey = needsCredential(req);
      const { query, operationName, variables } = documentOf(req, body);
      // Passwords and tokens sent in the document or its variables: never repeated by an error, never logged.
      const secrets = submittedSecrets(query, variables);
      addLogSecrets(secrets);
      // Each root field is one request of the key's or token's budget; a document that cannot be paid for in full
      // is refused (429) before any of it runs.
      const cost = documentCost(query, operationName);
      noteRequest(operationFacts(query, operationName));
      const gate = surface === "shop" || requireKey
        ? await openGate(req, surface, { requireKey, cost }).catch((e: unknown) => {
            throw documentKeyRefusal(e, query, operationName, operations());
          })
        : null;
      headers = gate?.headers ?? headers;
      const ctx = gate?.ctx ?? (await openGate(req, "shop", { requireKey: false })).ctx;
      // The body was read here; yoga gets the same request again, and the parsed JSON when there is one (then without
      // the body, which yoga would otherwise wrap in streams it never reads).
      const run = async (rootCall?: RootCall): Promise<Response> => {
        const forYoga = body ? new Request(req.url, { method: req.method, headers: req.headers, body: body.json ? null : body.text }) : req;
        return withGraphiqlPolicy(await server().fetch(forYoga, { ctx, rootCall, submittedSecrets: secrets, ...(body?.json ? { parsedBody: body.json } : {}) }));
      };
      const answer = async () => {
        const key = surface === "shop" && body?.json ? catalogAnswerKey(ctx, req, body.json, body.text) : null;
        const reuse = !key && surface === "shop" && body?.json ? reuseKey(ctx, req, body.json, body.text) : null;
        return key
          ? await cachedAnswer(key, async () => answerOf(await run()))
          : reuse
            ? await reusedAnswer(ctx, reuse, async (call) => answerOf(await run(call)))
            : await run();
      };
      // A POST sent with an Idempotency-Key runs its document once for that key (lib/http/idempotency.ts).
      const idempotencyKey = body && gate ? idempotencyKeyOf(req) : null;
      const made = idempotencyKey === null
        ? await answer()
        : await idempotent(ctx, idempotencyKey, await requestHash(req.method, new URL(req.url).pathname, body!.json ?? body!.text), new Headers(), async () => {
            const a = await answer();
            return a instanceof Response ? a : new Response(a.body, { status: a.status, headers: a.headers });
          });
      const out = new Headers(made.headers);
      headers.forEach((v, k) => out.set(k, v));
      return new Response(made.body, { status: made.status, headers: answerHeaders(out) });
    } catch (e) {
      return errorResponse(e, e instanceof GateError ? e.headers : headers);
    }
  }));
}
