// The OpenAPI 3.1 description of a surface, generated from the same operation declarations the handlers use.
import { z } from "zod";
import type { AnyOperation, Surface } from "../operations/define.ts";
import { DEFAULT_LIMIT, WINDOW_SECONDS } from "../rate-limit/index.ts";
import { camel } from "../wire/case.ts";
import { eventWebhooks } from "../events/openapi.ts";
import { aliasMarks, inTaskOrder, taskTagOf, TASK_TAGS } from "./tags.ts";
import { withExamples } from "./examples.ts";

type Json = Record<string, unknown>;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Descriptions of the statuses a binding declares in `errors`. */
const DECLARED_ERRORS: Record<number, string> = {
  400: "A parameter checked when the call runs is not one this operation knows (a report `type`: `invalid_type`).",
  404: "A record the input names does not exist, or is not the caller's.",
  409: "Conflicts with the current state (a checkout step out of order, an empty cart).",
  412: "The record has changed since the version `If-Match` names (`precondition_failed`), or a stock set's `expected_qty` is not the quantity in stock; nothing was written.",
  422: "Refused for the current state (`errors` names the field), e.g. an email already subscribed.",
  503: "The payment provider could not be reached (`payment_provider_unavailable`); the message says what waits and how to retry.",
};

/** An Error body fitting each status, as the server writes it (lib/errors.ts): `components.examples`, by name. */
const ERROR_EXAMPLES: Record<string, { name: string; value: Json }> = {
  400: { name: "BadRequest", value: { message: "The request body is not valid JSON.", error: "bad_request" } },
  401: { name: "Unauthenticated", value: { message: "Authentication is required.", error: "unauthenticated" } },
  403: { name: "Forbidden", value: { message: "You are not allowed to do this.", error: "forbidden" } },
  404: { name: "NotFound", value: { message: "Resource not found.", error: "not_found" } },
  409: { name: "Conflict", value: { message: "The record conflicts with the current state.", error: "conflict" } },
  412: { name: "PreconditionFailed", value: { message: "The record has changed since you read it; read it again and retry.", error: "precondition_failed" } },
  413: { name: "PayloadTooLarge", value: { message: "The request body is larger than 1048576 bytes.", error: "payload_too_large" } },
  415: { name: "UnsupportedMediaType", value: { message: "Send the body as application/json.", error: "unsupported_media_type" } },
  422: { name: "ValidationFailed", value: { message: "email: must be a valid email address", error: "validation_failed", errors: { email: ["must be a valid email address"] } } },
  429: { name: "RateLimitExceeded", value: { message: "Too many requests: the rate limit is used up.", error: "rate_limit_exceeded", retry_after: 30 } },
  503: { name: "PaymentProviderUnavailable", value: { message: "The payment provider could not be reached; nothing was charged, try again later.", error: "payment_provider_unavailable" } },
};
const OTHER_ERROR = { name: "Error", value: { message: "The request failed.", error: "error" } };

/** The named example of an error status (a status without its own takes the generic one). */
const errorExampleOf = (status: string) => ERROR_EXAMPLES[status] ?? OTHER_ERROR;

/**
 * The error statuses an operation can answer, derived from its declaration rather than listed per operation:
 * every call passes the gate (401, 403, 429); paging, bodies and path ids add theirs, and the binding's `errors` the
 * rest.
 */
function errorStatuses(op: AnyOperation, surface: Surface, takesInput: boolean): Record<string, string> {
  const binding = op.rest!;
  // Every method but GET reads a body when one is sent (a DELETE alias may carry its id there), so each can refuse one.
  const hasBody = binding.method !== "GET";
  const paged = op.list && op.list !== "all";
  const out: Record<string, string> = {};
  if (paged || hasBody) {
    out["400"] = [hasBody && "malformed JSON or multipart body", paged && "a `page` that is not a whole number from 1 to 10,000,000 (`invalid_page`)"]
      .filter(Boolean).join(", or ").replace(/^./, (c) => c.toUpperCase()) + ".";
  }
  if (surface === "shop") {
    if (binding.invalidKeyStatus === 401) {
      out["401"] = "Missing, invalid, deactivated, expired or IP-blocked storefront key (`missing_key`, `invalid_key`).";
      out["403"] = binding.unauthenticatedStatus === 403 ? "Missing or invalid customer bearer token (`unauthenticated`), or not allowed." : "Not allowed.";
    } else {
      out["401"] = "Missing storefront key (`missing_key`)" + (op.access === "public" ? "." : " or missing/invalid bearer token (`unauthenticated`).");
      out["403"] = "Invalid, deactivated, expired or IP-blocked storefront key (`invalid_key`)" + (op.access === "public" ? "." : ", or not allowed.");
    }
  } else {
    out["401"] = "Missing or invalid integration token (`unauthenticated`).";
    out["403"] = "The token lacks the permission this operation needs, or its IP is not allowed.";
  }
  // An operation that names its record in the path on one of its paths can miss it on every path (an alias
  // without the placeholder takes the id in the body or query).
  if (binding.paths.some((p) => /\{[^}]+\}/.test(p))) out["404"] = "Not found, or not the caller's.";
  if (op.kind === "mutation") out["409"] = "Conflicts with the current state (a duplicate, a step out of order, an empty cart).";
  if (hasBody) {
    out["413"] = "The body is larger than this endpoint takes.";
    out["415"] = binding.multipart ? "Neither multipart/form-data nor JSON, or the file parts are missing." : "Not a JSON body.";
  }
  if (takesInput) out["422"] = "Validation failed (`errors` names the fields).";
  out["429"] = "Rate limit used up (`rate_limit_exceeded`, `retry_after` seconds).";
  if (binding.method === "POST") idempotencyErrors(out);
  // Statuses the declaration names because nothing above can know them (`errors` on the binding).
  for (const status of binding.errors ?? []) out[status] ??= DECLARED_ERRORS[status] ?? "See the operation's summary.";
  return out;
}

// JSON Schema 2020-12 and OpenAPI 3.1 schema keywords; anything else zod copied from `.meta()` becomes `x-<key>`.
const SCHEMA_KEYWORDS = new Set([
  "$ref", "$id", "$schema", "$defs", "$comment", "$anchor", "$dynamicRef", "$dynamicAnchor", "type", "enum", "const",
  "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern",
  "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required",
  "dependentRequired", "properties", "patternProperties", "additionalProperties", "propertyNames", "items",
  "prefixItems", "contains", "unevaluatedItems", "unevaluatedProperties", "dependentSchemas", "allOf", "anyOf", "oneOf",
  "not", "if", "then", "else", "format", "contentEncoding", "contentMediaType", "contentSchema", "title",
  "description", "default", "deprecated", "readOnly", "writeOnly", "examples", "discriminator", "xml", "externalDocs",
  "example",
]);
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const SCHEMA_ONE = new Set(["items", "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema"]);

/** A schema with only standard keywords: zod metadata such as `iri` or `connection` is kept as `x-iri`, `x-connection`. */
export function standardSchema(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && value && typeof value === "object") {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, standardSchema(v)]));
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map(standardSchema);
    else if (SCHEMA_ONE.has(key)) out[key] = standardSchema(value);
    // zod bounds every `z.int()` by the safe integers: that says nothing a client needs (an integer), so it goes.
    else if ((key === "minimum" && value === Number.MIN_SAFE_INTEGER) || (key === "maximum" && value === Number.MAX_SAFE_INTEGER)) continue;
    else if (SCHEMA_KEYWORDS.has(key) || key.startsWith("x-")) out[key] = value;
    else out[`x-${key}`] = value;
  }
  return out;
}

type PipeDef = { type: string; in: z.ZodType; out: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: PipeDef } })._zod.def;

/**
 * zod writes an input pipe as its input side, and a coerced field (`intParam().pipe(z.int().min(1))`: a preprocess,
 * then the bounds) as the preprocess's own target, without the bounds the server enforces after it. Such a pipe is
 * documented as what it finally checks.
 */
function boundsOfPipes(ctx: { zodSchema: unknown; jsonSchema: Json }): void {
  const schema = ctx.zodSchema as z.ZodType;
  const def = defOf(schema);
  if (def.type !== "pipe" || defOf(def.in).type !== "pipe" || defOf(defOf(def.in).in).type !== "transform") return;
  const out = defOf(def.out).type;
  if (!["number", "int", "string", "union", "literal", "enum"].includes(out)) return;
  const { $schema: _s, ...target } = z.toJSONSchema(def.out, { io: "input", unrepresentable: "any" }) as Json;
  for (const key of ["type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "anyOf", "enum", "const"]) delete ctx.jsonSchema[key];
  Object.assign(ctx.jsonSchema, target);
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
    const { input, output } = op as { input: z.ZodType; output: z.ZodType };
    // A schema with metadata but no id (`.meta({ required })`) keeps its metadata and gets the operation's name.
    if (!z.globalRegistry.get(input)?.id) z.globalRegistry.add(input, { ...z.globalRegistry.get(input), id: `${op.name}Input` });
    if (!z.globalRegistry.get(output)?.id) z.globalRegistry.add(output, { ...z.globalRegistry.get(output), id: `${op.name}Result` });
  }
  const convert = (io: "input" | "output") =>
    (z.toJSONSchema(z.globalRegistry, { io, uri: (id: string) => `#/components/schemas/${id}`, unrepresentable: "any", ...(io === "input" ? { override: boundsOfPipes } : {}) } as never) as unknown as { schemas: Record<string, Json> }).schemas;
  const inputs = convert("input");
  const outputs = convert("output");
  // Operations hold schemas of any type (AnyOperation); the registry only needs them as schemas.
  const ids = (s: unknown) => (z.globalRegistry.get(s as z.ZodType) as { id: string }).id;
  const used = new Set<string>();
  const components: Record<string, Json> = {};
  // Only what the document refers to becomes a component (an input read as query parameters is not one).
  const take = (id: string, from: Record<string, Json>) => {
    if (used.has(id)) return;
    used.add(id);
    const { $schema: _s, $id: _i, ...schema } = from[id] ?? {};
    components[id] = standardSchema(schema) as Json;
    pull(schema, from);
  };
  const pull = (json: unknown, from: Record<string, Json>) => {
    for (const m of JSON.stringify(json).matchAll(/#\/components\/schemas\/([\w-]+)/g)) take(m[1], from === inputs && !inputs[m[1]] ? outputs : from);
  };
  return {
    components,
    input: (op: AnyOperation) => inputs[ids(op.input)] as { properties?: Record<string, Json>; required?: string[] },
    inputRef: (op: AnyOperation) => (take(ids(op.input), inputs), ref(ids(op.input))),
    /**
     * The JSON body of an operation whose path carries some of its input (`/{id}`): the input less those fields, as
     * `<operation>Body`. The input itself when the path carries none of its fields.
     */
    bodyRef: (op: AnyOperation, inPath: string[]): Json => {
      const id = ids(op.input);
      const source = inputs[id] as { properties?: Record<string, Json>; required?: string[] } | undefined;
      const omit = inPath.filter((n) => source?.properties && n in source.properties);
      if (!source || omit.length === 0) return (take(id, inputs), ref(id));
      const bodyId = `${op.name}Body`;
      if (!used.has(bodyId)) {
        used.add(bodyId);
        const { $schema: _s, $id: _i, properties, required, ...rest } = source as Json & { properties: Record<string, Json>; required?: string[] };
        const kept = required?.filter((n) => !omit.includes(n));
        const body: Json = { ...rest, properties: Object.fromEntries(Object.entries(properties).filter(([n]) => !omit.includes(n))), ...(kept?.length ? { required: kept } : {}) };
        components[bodyId] = standardSchema(body) as Json;
        pull(body, inputs);
      }
      return ref(bodyId);
    },
    /** The JSON body's fields: the input's, less the ones the path carries (`*` when it also takes any other key). */
    bodyFields: (op: AnyOperation, inPath: string[]): string[] => {
      const source = inputs[ids(op.input)] as { properties?: Record<string, Json>; additionalProperties?: unknown } | undefined;
      const names = Object.keys(source?.properties ?? {}).filter((n) => !inPath.includes(n));
      return typeof source?.additionalProperties === "object" ? [...names, "*"] : names;
    },
    /** The `required` list of the JSON body: the input's, less the fields the path carries. */
    bodyRequired: (op: AnyOperation, inPath: string[]): string[] =>
      ((inputs[ids(op.input)] as { required?: string[] } | undefined)?.required ?? []).filter((n) => !inPath.includes(n)),
    outputRef: (op: AnyOperation) => (take(ids(op.output), outputs), ref(ids(op.output))),
    pullInput: (json: unknown) => pull(json, inputs),
  };
}

/**
 * A path parameter's schema: a record id (`recordId()`, an integer from 1 to 2^31 - 1) as an integer with its
 * bounds, any other input field as its own schema, a placeholder the input does not name as text.
 */
function pathSchema(field: Json | undefined): Json {
  if (!field) return { type: "string" };
  const schema = standardSchema(field) as Json;
  if (schema.type === "integer" && schema.exclusiveMinimum === 0) {
    const { exclusiveMinimum: _e, ...rest } = schema;
    return { ...rest, minimum: 1 };
  }
  return schema.type === "integer" || schema.type === "string" ? schema : { type: "string" };
}

/** What an `Idempotency-Key` adds to a POST's error statuses (lib/http/idempotency.ts). */
function idempotencyErrors(out: Record<string, string>): void {
  const add = (status: string, text: string) => (out[status] = out[status] ? `${out[status].replace(/\.$/, "")}; or ${text}` : `${text.replace(/^./, (c) => c.toUpperCase())}`);
  add("400", "an `Idempotency-Key` that is not 1 to 255 printable ASCII characters (`invalid_idempotency_key`).");
  add("409", "a request with the same `Idempotency-Key` has not finished (`idempotency_key_in_use`).");
  add("422", "the `Idempotency-Key` was used for another request (`idempotency_key_reused`).");
}

const IDEMPOTENCY_PARAMETER: Json = {
  name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", minLength: 1, maxLength: 255 },
  description:
    "Makes a retry safe: the first answer for this key (per credential) is kept for 24 hours and sent again, with " +
    "`Idempotent-Replayed: true`, for a request with the same key, path and body, without running it again. The same " +
    "key with another request answers 422; while the first request runs, 409. A request refused before it ran (bad " +
    "input, no credential) keeps nothing. Use a new random key (a UUID) per request.",
};

const ETAG_HEADER: Json = {
  ETag: { description: "The record's version, a strong tag (`\"1732712345678\"`): send it as `If-Match` to write only if the record is unchanged.", schema: { type: "string" } },
};

const REPLAYED_HEADER: Json = {
  "Idempotent-Replayed": { description: "`true` when this is the kept answer of an earlier request with the same `Idempotency-Key`.", schema: { type: "string", enum: ["true"] } },
};

/**
 * `If-Match` (RestBinding `ifMatch`): documented as the header it is on REST, in place of the `ifMatch` input field a
 * DELETE would otherwise show as a query parameter.
 */
function ifMatchParameter(op: AnyOperation, parameters: Json[]): void {
  if (!op.rest?.ifMatch) return;
  const at = parameters.findIndex((p) => (p.name === "ifMatch" || p.name === "if_match") && p.in === "query");
  if (at >= 0) parameters.splice(at, 1);
  parameters.push({
    name: "If-Match", in: "header", required: false, schema: { type: "string" },
    description: 'Only if the record is still at this version: its ETag (a strong tag such as `"1732712345678"`), or `*`. A record that has changed since answers 412; a malformed value 400 (`invalid_if_match`).',
  });
}

/**
 * The input field a path placeholder fills: its camelCase name, or, where the binding maps the raw request onto the
 * input itself (`{country_id}` → `id`, `{id}` → `returnId`), the field that mapping puts the placeholder's value in.
 */
function pathField(op: AnyOperation, input: { properties?: Record<string, Json> }, name: string): string {
  const field = camel(name);
  const map = op.rest?.input;
  if (!map || (input.properties && field in input.properties)) return field;
  const marker = `\u0000${name}`;
  try {
    const mapped = map({ [name]: marker, [field]: marker }) as Record<string, unknown> | null;
    const into = Object.entries(mapped ?? {}).find(([key, value]) => value === marker && input.properties && key in input.properties);
    return into ? into[0] : field;
  } catch {
    return field;
  }
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

/** Query parameters from a wire query schema (`rest.query`): its keys, and a catchall as one exploded object. */
function wireQueryParameters(query: z.ZodObject): Json[] {
  const schema = standardSchema(z.toJSONSchema(query, { io: "input", unrepresentable: "any", override: boundsOfPipes })) as {
    properties?: Record<string, Json>; required?: string[]; additionalProperties?: Json | boolean;
  };
  const parameters: Json[] = Object.entries(schema.properties ?? {}).map(([name, s]) => {
    const { description, ...rest } = s;
    return { name, in: "query", required: schema.required?.includes(name) ?? false, ...(description ? { description } : {}), schema: rest };
  });
  if (typeof schema.additionalProperties === "object") {
    const { description, ...rest } = schema.additionalProperties;
    // `form` + `explode`: the object's own name never reaches the wire, each entry is a query key (`color=3`).
    // Its example (lib/openapi/examples.ts) is what a client sends, so try-it-out sends `color=3`, not `additionalProp1=…`.
    const how = "One query key per entry, the object's own name never sent: `{ \"color\": \"3\" }` is `?color=3`.";
    parameters.push({ name: "facets", in: "query", style: "form", explode: true, description: typeof description === "string" ? `${description} ${how}` : how, schema: { type: "object", additionalProperties: rest } });
  }
  return parameters;
}

/** A multipart body: the declared file parts as binary, every other input field as a text part. */
function multipartSchema(input: { properties?: Record<string, Json>; required?: string[] }, files: string[], pathNames: string[]): Json {
  const properties: Record<string, Json> = {};
  for (const [name, s] of Object.entries(input.properties ?? {})) {
    if (pathNames.includes(name)) continue;
    properties[name] = files.includes(name)
      ? { type: "string", format: "binary", description: "A file part; repeat it to send several where the operation takes several." }
      : (standardSchema(s) as Json);
  }
  const required = (input.required ?? []).filter((n) => n in properties);
  return { type: "object", properties, ...(required.length ? { required } : {}) };
}

export function openApiDocument(surface: Surface, ops: AnyOperation[], baseUrl: string): Json {
  const restOps = inTaskOrder(surface, ops.filter((o) => o.rest));
  const schemas = schemasFor(restOps);
  const paths: Record<string, Record<string, Json>> = {};
  const examplesUsed = new Set<string>();
  for (const op of restOps) {
    const binding = op.rest!;
    const inputSchema = schemas.input(op);
    binding.paths.forEach((path, i) => {
      const inPath = pathParams(path);
      const camelPath = inPath.map((name) => pathField(op, inputSchema, name));
      const parameters: Json[] = inPath.map((name, k) => ({ name, in: "path", required: true, schema: pathSchema(inputSchema.properties?.[camelPath[k]]) }));
      // GET and DELETE carry no documented body: input fields not in the path travel in the query string.
      if (binding.method === "GET" || binding.method === "DELETE") {
        if (binding.query) parameters.push(...wireQueryParameters(binding.query));
        else {
          for (const [name, schema] of Object.entries(inputSchema.properties ?? {})) {
            if (camelPath.includes(name)) continue;
            // The Admin API's query keys as its lists name them (`updated_since`; the camelCase spelling is read too).
            const key = surface === "admin" ? name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : name;
            const { description, ...rest } = standardSchema(schema) as Json;
            parameters.push({ name: key, in: "query", required: inputSchema.required?.includes(name) ?? false, ...(surface === "admin" && description ? { description } : {}), schema: surface === "admin" ? rest : standardSchema(schema) });
          }
        }
        if (op.list && op.list !== "all") {
          parameters.push({ name: "page", in: "query", schema: { type: "integer", minimum: 1, maximum: 10_000_000, default: 1 } });
          parameters.push({ name: op.list.sizeParam ?? "per_page", in: "query", schema: { type: "integer", default: op.list.defaultPerPage, maximum: op.list.maxPerPage }, description: `Clamped to ${op.list.maxPerPage}; 0 or negative falls back to ${op.list.defaultPerPage}.` });
        }
        schemas.pullInput(parameters);
      }
      ifMatchParameter(op, parameters);
      if (binding.method === "POST") parameters.push(IDEMPOTENCY_PARAMETER);
      const row = op.list ? { type: "array", items: schemas.outputRef(op) } : schemas.outputRef(op);
      const listBody = surface === "admin" && op.list && op.list !== "all"
        ? { type: "object", properties: { data: row, meta: ref("ListMeta") }, required: ["data", "meta"] }
        : row;
      const success: Json = binding.download
        ? { description: "The file, as an attachment.", content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } }
        : {
            description: "Success.",
            headers: {
              ...(surface === "shop" ? RATE_HEADERS : {}),
              ...(op.list && op.list !== "all" && surface === "shop" ? PAGE_HEADERS : {}),
              ...(binding.method === "POST" ? REPLAYED_HEADER : {}),
              ...(op.etag ? ETAG_HEADER : {}),
            },
            content: { "application/json": { schema: listBody } },
          };
      const responses: Json = { [String(binding.status ?? 200)]: success };
      const takesInput = parameters.length > 0 || Object.keys(inputSchema.properties ?? {}).length > 0 || !!binding.multipart;
      for (const [status, description] of Object.entries(errorStatuses(op, surface, takesInput))) {
        const { name } = errorExampleOf(status);
        examplesUsed.add(status);
        responses[status] = { description, content: { "application/json": { schema: ref("Error"), examples: { [name]: { $ref: `#/components/examples/${name}` } } } } };
      }
      const operation: Json = {
        operationId: i === 0 ? op.name : `${op.name}_${i + 1}`,
        summary: op.summary,
        tags: [taskTagOf(surface, op)],
        ...aliasMarks(op, i),
        parameters,
        responses,
        security: surface === "shop"
          ? op.access === "public" ? [{ StorefrontKey: [] }, { StorefrontKey: [], BearerToken: [] }] : [{ StorefrontKey: [], BearerToken: [] }]
          : [{ BearerToken: [] }],
      };
      if (binding.method !== "GET" && binding.method !== "DELETE") {
        const { multipart } = binding;
        // A multipart operation also reads JSON; it is documented when the JSON alone can make a valid call.
        // The input's fields a body does not carry: those in the path, and `ifMatch`, which REST reads from If-Match only.
        const notInBody = binding.ifMatch ? [...camelPath, "ifMatch"] : camelPath;
        const bodyRequired = schemas.bodyRequired(op, notInBody);
        const jsonToo = !multipart || bodyRequired.some((n) => !multipart.files.includes(n));
        // An action whose only input is the record in its path (`POST /orders/{id}/cancel`) documents no body.
        if (multipart || camelPath.length === 0 || schemas.bodyFields(op, notInBody).length > 0) operation.requestBody = {
          required: !!multipart || bodyRequired.length > 0,
          content: {
            ...(multipart ? { "multipart/form-data": { schema: multipartSchema(inputSchema, multipart.files, notInBody) } } : {}),
            ...(jsonToo ? { "application/json": { schema: schemas.bodyRef(op, notInBody) } } : {}),
          },
        };
      }
      (paths[path] ??= {})[binding.method.toLowerCase()] = withExamples(surface, binding.method, path, operation);
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
    tags: TASK_TAGS[surface],
    paths,
    ...(surface === "admin" ? { webhooks: eventWebhooks(standardSchema) } : {}),
    components: {
      schemas: {
        ...schemas.components,
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
        ...(surface === "admin" ? {
          ListMeta: {
            type: "object",
            properties: { currentPage: { type: "integer" }, perPage: { type: "integer" }, lastPage: { type: "integer" }, total: { type: "integer" } },
            required: ["currentPage", "perPage", "lastPage", "total"],
          },
        } : {}),
      },
      examples: Object.fromEntries([...examplesUsed].sort().map((status) => {
        const { name, value } = errorExampleOf(status);
        return [name, { summary: `A ${status} answer.`, value }];
      })),
      securitySchemes: {
        ...(surface === "shop" ? { StorefrontKey: { type: "apiKey", in: "header", name: "X-STOREFRONT-KEY" } } : {}),
        BearerToken: {
          type: "http",
          scheme: "bearer",
          description: surface === "shop" ? "Customer token `<id>|<secret>` or guest cart token (UUID)." : "Integration token `<id>|<secret>`.",
        },
      },
    },
  };
}
