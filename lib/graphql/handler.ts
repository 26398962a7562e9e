// Serves a GraphQL schema at a Next.js route through graphql-yoga, behind the same gate as REST: the Shop
// endpoint needs the storefront key (introspection alone may go without), the Admin one an integration token.
import { createYoga, maskError, type GraphQLParams, type Plugin } from "graphql-yoga";
import type { AnyOperation, Surface } from "../operations/define.ts";
import { openGate, GateError } from "../http/context.ts";
import { corsHeaders, errorResponse } from "../http/respond.ts";
import { PayloadTooLarge } from "../errors.ts";
import { buildSchema, type GraphqlContext } from "./schema.ts";
import { documentFacts } from "./documents.ts";
import { answerOf, cachedAnswer, catalogAnswerKey } from "./response-cache.ts";
import { documentLimits } from "./limits.ts";
import { withRequestLog, yogaLogger } from "../log/index.ts";

const introspectionOnly = (query: unknown) => documentFacts(query).introspectionOnly;

const MAX_BODY_BYTES = Number(process.env.MAX_BODY_BYTES ?? 1_000_000);

/** A POST body read once, within the same cap as REST (413 beyond it), and its JSON when it is a JSON object. */
interface ReadBody {
  text: string;
  json: Record<string, unknown> | null;
}

async function readBody(req: Request): Promise<ReadBody | null> {
  if (req.method !== "POST") return null;
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw new PayloadTooLarge(MAX_BODY_BYTES);
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new PayloadTooLarge(MAX_BODY_BYTES);
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

function needsCredential(req: Request, body: ReadBody | null): boolean {
  if (req.method === "GET") {
    if ((req.headers.get("accept") ?? "").includes("text/html")) return false; // the GraphiQL explorer page
    return !introspectionOnly(new URL(req.url).searchParams.get("query"));
  }
  return !introspectionOnly(body?.json?.query);
}

/** The body the handler has read goes to yoga as parsed, instead of being read and parsed a second time. */
type ServerContext = GraphqlContext & { parsedBody?: Record<string, unknown> };
const reuseParsedBody: Plugin<Record<string, unknown>, ServerContext> = {
  onRequestParse({ serverContext, setRequestParser }) {
    const parsed = serverContext.parsedBody;
    if (parsed) setRequestParser(() => parsed as GraphQLParams);
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

export function graphqlRoute(surface: Surface, endpoint: string, operations: () => AnyOperation[]) {
  let yoga: ReturnType<typeof createYoga<ServerContext>> | null = null;
  const server = () =>
    (yoga ??= createYoga<ServerContext>({
      schema: buildSchema(operations()),
      graphqlEndpoint: endpoint,
      multipart: false, // binary uploads are REST-only (SPEC.md item 6)
      landingPage: false,
      graphiql: { title: surface === "shop" ? "Shop GraphQL" : "Admin GraphQL" },
      maskedErrors: { maskError: keepDomainErrors },
      logging: yogaLogger,
      plugins: [reuseParsedBody, ...documentLimits()],
    }));

  return withRequestLog(surface, async function handler(req: Request): Promise<Response> {
    let headers = new Headers();
    try {
      const body = await readBody(req);
      const requireKey = needsCredential(req, body);
      const gate = surface === "shop" || requireKey
        ? await openGate(req, surface, { requireKey })
        : null;
      headers = gate?.headers ?? headers;
      const ctx = gate?.ctx ?? (await openGate(req, "shop", { requireKey: false })).ctx;
      // The body was read here; yoga gets the same request again, and the parsed JSON when there is one.
      const run = async (): Promise<Response> => {
        const forYoga = body ? new Request(req.url, { method: req.method, headers: req.headers, body: body.text }) : req;
        return server().fetch(forYoga, { ctx, ...(body?.json ? { parsedBody: body.json } : {}) });
      };
      const key = surface === "shop" && body?.json ? catalogAnswerKey(ctx, req, body.json, body.text) : null;
      const answer = key ? await cachedAnswer(key, async () => answerOf(await run())) : await run();
      const out = new Headers(answer.headers);
      headers.forEach((v, k) => out.set(k, v));
      return new Response(answer.body, { status: answer.status, headers: corsHeaders(out) });
    } catch (e) {
      return errorResponse(e, e instanceof GateError ? e.headers : headers);
    }
  });
}
