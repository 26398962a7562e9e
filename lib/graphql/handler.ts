// Serves a GraphQL schema at a Next.js route through graphql-yoga, behind the same gate as REST: the Shop
// endpoint needs the storefront key (introspection alone may go without), the Admin one an integration token.
import { createYoga, maskError } from "graphql-yoga";
import { parse, type DocumentNode, Kind } from "graphql";
import type { AnyOperation, Surface } from "../operations/define.ts";
import { openGate, GateError } from "../http/context.ts";
import { corsHeaders, errorResponse } from "../http/respond.ts";
import { PayloadTooLarge } from "../errors.ts";
import { buildSchema, type GraphqlContext } from "./schema.ts";

function introspectionOnly(query: unknown): boolean {
  if (typeof query !== "string") return false;
  let doc: DocumentNode;
  try {
    doc = parse(query);
  } catch {
    return false;
  }
  return doc.definitions.every(
    (d) =>
      d.kind === Kind.FRAGMENT_DEFINITION ||
      (d.kind === Kind.OPERATION_DEFINITION &&
        d.operation === "query" &&
        d.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith("__"))),
  );
}

const MAX_BODY_BYTES = Number(process.env.MAX_BODY_BYTES ?? 1_000_000);

/** The same body cap as REST, checked before yoga reads the document. */
async function checkSize(req: Request): Promise<void> {
  if (req.method !== "POST") return;
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw new PayloadTooLarge(MAX_BODY_BYTES);
  const size = (await req.clone().arrayBuffer()).byteLength;
  if (size > MAX_BODY_BYTES) throw new PayloadTooLarge(MAX_BODY_BYTES);
}

async function needsCredential(req: Request): Promise<boolean> {
  if (req.method === "GET") {
    if ((req.headers.get("accept") ?? "").includes("text/html")) return false; // the GraphiQL explorer page
    return !introspectionOnly(new URL(req.url).searchParams.get("query"));
  }
  try {
    const body = await req.clone().json();
    return !introspectionOnly((body as { query?: unknown })?.query);
  } catch {
    return true;
  }
}

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
  let yoga: ReturnType<typeof createYoga<GraphqlContext>> | null = null;
  const server = () =>
    (yoga ??= createYoga<GraphqlContext>({
      schema: buildSchema(operations()),
      graphqlEndpoint: endpoint,
      multipart: false, // binary uploads are REST-only (SPEC.md item 6)
      landingPage: false,
      graphiql: { title: surface === "shop" ? "Shop GraphQL" : "Admin GraphQL" },
      maskedErrors: { maskError: keepDomainErrors },
      logging: false,
    }));

  return async function handler(req: Request): Promise<Response> {
    let headers = new Headers();
    try {
      await checkSize(req);
      const requireKey = await needsCredential(req);
      const gate = surface === "shop" || requireKey
        ? await openGate(req, surface, { requireKey })
        : null;
      headers = gate?.headers ?? headers;
      const ctx = gate?.ctx ?? (await openGate(req, "shop", { requireKey: false })).ctx;
      const res = await server().fetch(req, { ctx });
      const out = new Headers(res.headers);
      headers.forEach((v, k) => out.set(k, v));
      return new Response(res.body, { status: res.status, headers: corsHeaders(out) });
    } catch (e) {
      return errorResponse(e, e instanceof GateError ? e.headers : headers);
    }
  };
}
