// The OpenAPI 3.1 description of a surface, generated from the same operation declarations the handlers use.
import { z } from "zod";
import type { AnyOperation, Surface } from "../operations/define.ts";
import { DEFAULT_LIMIT, WINDOW_SECONDS } from "../rate-limit/index.ts";

type Json = Record<string, unknown>;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

const ERROR_STATUSES: Record<string, string> = {
  "400": "Bad request (malformed JSON, invalid cursor or filter).",
  "401": "Missing storefront key (`missing_key`) or missing/invalid bearer token (`unauthenticated`).",
  "403": "Invalid, deactivated, expired or IP-blocked storefront key (`invalid_key`), or not allowed.",
  "404": "Not found, or not the caller's.",
  "409": "Checkout step out of order, or empty cart.",
  "422": "Validation failed (`errors` names the fields), or insufficient stock.",
  "429": "Rate limit used up (`rate_limit_exceeded`, `retry_after` seconds).",
};

/** The error statuses as this operation answers them (its declared key and bearer statuses, its paging). */
function errorStatuses(op: AnyOperation): Record<string, string> {
  const out = { ...ERROR_STATUSES };
  if (op.list && op.list !== "all") out["400"] = out["400"].replace(/\)\.$/, ", or a `page` that is not a whole number from 1 to 10,000,000: `invalid_page`).");
  if (op.rest?.invalidKeyStatus === 401) {
    out["401"] = "Missing, invalid, deactivated, expired or IP-blocked storefront key (`missing_key`, `invalid_key`).";
    out["403"] = op.rest.unauthenticatedStatus === 403 ? "Missing or invalid customer bearer token (`unauthenticated`), or not allowed." : "Not allowed.";
  }
  return out;
}

const PAGE_HEADERS = {
  "X-Total-Count": { description: "Total items.", schema: { type: "integer" } },
  "X-Page": { description: "Current page.", schema: { type: "integer" } },
  "X-Per-Page": { description: "Items on this page.", schema: { type: "integer" } },
  "X-Total-Pages": { description: "Total pages.", schema: { type: "integer" } },
};

const RATE_HEADERS = {
  "X-RateLimit-Limit": { description: `The configured default budget per storefront key and ${WINDOW_SECONDS}-second window.`, schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Requests left in this key's current window.", schema: { type: "integer" } },
  "X-RateLimit-Reset": { description: "Unix time (seconds) at which the current window ends.", schema: { type: "integer" } },
};

function schemasFor(ops: AnyOperation[]) {
  // Name every input and output so the document can refer to them; nested named types come along.
  for (const op of ops) {
    if (!z.globalRegistry.has(op.input)) z.globalRegistry.add(op.input, { id: `${op.name}Input` });
    if (!z.globalRegistry.has(op.output)) z.globalRegistry.add(op.output, { id: `${op.name}Result` });
  }
  const convert = (io: "input" | "output") =>
    (z.toJSONSchema(z.globalRegistry, { io, uri: (id: string) => `#/components/schemas/${id}`, unrepresentable: "any" } as never) as unknown as { schemas: Record<string, Json> }).schemas;
  const inputs = convert("input");
  const outputs = convert("output");
  const ids = (s: z.ZodType) => (z.globalRegistry.get(s) as { id: string }).id;
  const used = new Set<string>();
  const components: Record<string, Json> = {};
  const take = (id: string, from: Record<string, Json>) => {
    if (used.has(id)) return;
    used.add(id);
    const { $schema: _s, $id: _i, ...schema } = from[id] ?? {};
    components[id] = schema;
    // Pull in what this schema refers to.
    for (const m of JSON.stringify(schema).matchAll(/#\/components\/schemas\/([\w-]+)/g)) take(m[1], from === inputs && !inputs[m[1]] ? outputs : from);
  };
  for (const op of ops) {
    take(ids(op.input), inputs);
    take(ids(op.output), outputs);
  }
  return { components, inputId: (op: AnyOperation) => ids(op.input), outputId: (op: AnyOperation) => ids(op.output), inputs };
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

export function openApiDocument(surface: Surface, ops: AnyOperation[], baseUrl: string): Json {
  const restOps = ops.filter((o) => o.rest);
  const { components, inputId, outputId, inputs } = schemasFor(restOps);
  const paths: Record<string, Record<string, Json>> = {};
  for (const op of restOps) {
    const binding = op.rest!;
    const inputSchema = inputs[inputId(op)] as { properties?: Record<string, Json>; required?: string[] };
    binding.paths.forEach((path, i) => {
      const inPath = pathParams(path);
      const camelPath = inPath.map((p) => p.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()));
      const parameters: Json[] = inPath.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }));
      if (binding.method === "GET") {
        for (const [name, schema] of Object.entries(inputSchema.properties ?? {})) {
          if (camelPath.includes(name)) continue;
          parameters.push({ name, in: "query", required: inputSchema.required?.includes(name) ?? false, schema });
        }
        if (op.list && op.list !== "all") {
          parameters.push({ name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } });
          parameters.push({ name: "per_page", in: "query", schema: { type: "integer", default: op.list.defaultPerPage, maximum: op.list.maxPerPage }, description: `Clamped to ${op.list.maxPerPage}; 0 or negative falls back to ${op.list.defaultPerPage}.` });
        }
      }
      const row = op.list ? { type: "array", items: ref(outputId(op)) } : ref(outputId(op));
      const listBody = surface === "admin" && op.list && op.list !== "all"
        ? { type: "object", properties: { data: row, meta: ref("ListMeta") }, required: ["data", "meta"] }
        : row;
      const success: Json = binding.download
        ? { description: "The file, as an attachment.", content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } }
        : {
            description: "Success.",
            headers: { ...(surface === "shop" ? RATE_HEADERS : {}), ...(op.list && op.list !== "all" && surface === "shop" ? PAGE_HEADERS : {}) },
            content: { "application/json": { schema: listBody } },
          };
      const responses: Json = { [String(binding.status ?? 200)]: success };
      for (const [status, description] of Object.entries(errorStatuses(op))) {
        responses[status] = { description, content: { "application/json": { schema: ref("Error") } } };
      }
      const operation: Json = {
        operationId: i === 0 ? op.name : `${op.name}_${i + 1}`,
        summary: op.summary,
        tags: [tagOf(path)],
        parameters,
        responses,
        security: surface === "shop"
          ? op.access === "public" ? [{ StorefrontKey: [] }, { StorefrontKey: [], BearerToken: [] }] : [{ StorefrontKey: [], BearerToken: [] }]
          : [{ BearerToken: [] }],
      };
      if (binding.method !== "GET" && binding.method !== "DELETE") {
        operation.requestBody = binding.multipart
          ? { required: true, content: { "multipart/form-data": { schema: { type: "object", properties: { file: { type: "string", format: "binary" } }, required: ["file"] } } } }
          : { required: (inputSchema.required?.length ?? 0) > 0, content: { "application/json": { schema: ref(inputId(op)) } } };
      }
      (paths[path] ??= {})[binding.method.toLowerCase()] = operation;
    });
  }
  return {
    openapi: "3.1.0",
    info: {
      title: surface === "shop" ? "Shop API" : "Admin API",
      version: "1.0.0",
      description: surface === "shop"
        ? `Customer-facing API. Every call carries X-STOREFRONT-KEY; customer calls add a customer bearer token, guest cart and checkout calls the cart token. Rate limit: ${DEFAULT_LIMIT} requests per key per ${WINDOW_SECONDS}-second fixed window unless the key has its own limit; X-RateLimit-Reset is the Unix time the window ends. Lists answer a bare array with X-Total-Count, X-Page, X-Per-Page and X-Total-Pages. GraphQL: POST /api/graphql.`
        : "Operator API. Every call carries an integration token as `Authorization: Bearer <id>|<secret>`. Lists answer `{ data, meta }`. GraphQL: POST /api/admin/graphql.",
    },
    servers: [{ url: baseUrl }],
    paths,
    components: {
      schemas: {
        ...components,
        Error: {
          type: "object",
          properties: {
            message: { type: "string" },
            error: { type: "string" },
            errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
            retry_after: { type: "integer" },
          },
          required: ["message"],
        },
        ListMeta: {
          type: "object",
          properties: { currentPage: { type: "integer" }, perPage: { type: "integer" }, lastPage: { type: "integer" }, total: { type: "integer" } },
          required: ["currentPage", "perPage", "lastPage", "total"],
        },
      },
      securitySchemes: {
        StorefrontKey: { type: "apiKey", in: "header", name: "X-STOREFRONT-KEY" },
        BearerToken: { type: "http", scheme: "bearer", description: "Customer token `<id>|<secret>`, guest cart token (UUID) or integration token `<id>|<secret>`." },
      },
    },
  };
}

function tagOf(path: string): string {
  const [, , , first, second] = path.split("/");
  return first === "admin" || first === "shop" ? (second ?? first) : (first ?? "api");
}
