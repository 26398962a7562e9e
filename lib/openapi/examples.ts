// Examples for the OpenAPI documents, taken from the demo store: `npm run openapi:examples` (scripts/openapi-examples.ts)
// runs the API suite against its seeded server, keeps each operation's answered requests and answers, and writes
// the ones that validate against the operation's own schemas to examples/<surface>.json; the documents show them
// (tests/api/openapi-examples.test.ts checks that every operation has them and that they still validate).
import type { Surface } from "../operations/define.ts";
import shop from "./examples/shop.json" with { type: "json" };
import admin from "./examples/admin.json" with { type: "json" };

type Json = Record<string, unknown>;

/** One operation's example, by `METHOD /path/template`: its parameters by name, its JSON request body, its success answer. */
export interface OperationExample {
  parameters?: Record<string, unknown>;
  request?: unknown;
  response?: unknown;
}

export type ExampleFile = Record<string, OperationExample>;

const FILES: Record<Surface, ExampleFile> = { shop, admin };

export const exampleKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/**
 * The documented operation `operation` (of `method` and `path`) with its examples: on each path and query parameter,
 * on the JSON request body and on the JSON success answer. Parameter objects are copied, never changed in place
 * (some are shared between operations).
 */
export function withExamples(surface: Surface, method: string, path: string, operation: Json): Json {
  const example = FILES[surface][exampleKey(method, path)];
  if (!example) return operation;
  const { parameters, request, response } = example;
  if (parameters && Array.isArray(operation.parameters)) {
    operation.parameters = (operation.parameters as Json[]).map((p) =>
      (p.in === "path" || p.in === "query") && parameters[p.name as string] !== undefined ? { ...p, example: parameters[p.name as string] } : p);
  }
  const body = (operation.requestBody as { content?: Record<string, Json> } | undefined)?.content?.["application/json"];
  if (body && request !== undefined) body.example = request;
  for (const [status, answer] of Object.entries((operation.responses ?? {}) as Record<string, { content?: Record<string, Json> }>)) {
    const json = answer.content?.["application/json"];
    if (/^2\d\d$/.test(status) && json && response !== undefined) json.example = response;
  }
  return operation;
}
