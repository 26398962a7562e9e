// Writes lib/openapi/examples/shop.json and admin.json, the examples the OpenAPI documents show: runs the API suite
// (tests/api) against its seeded server with OPENAPI_EXAMPLES_DIR set, so that tests/support/app.ts keeps the first
// answered requests and 2xx answers of every operation (secrets blotted out), and picks for each documented path and
// method one request and one answer that validate against that operation's own schemas. Arrays in answers are cut to
// two items where the schema allows it. An operation no test answered keeps the example it had, if it still validates.
//
//   npm run openapi:examples                  # runs the suite (about ten minutes), then writes both files
//   npm run openapi:examples -- --from DIR    # writes them from the recordings of an earlier run in DIR
//
// tests/api/openapi-examples.test.ts fails when an operation has no example or one no longer validates.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { openApiDocument } from "../lib/openapi/document.ts";
import { exampleKey, type ExampleFile, type OperationExample } from "../lib/openapi/examples.ts";
import { shopOperations } from "../lib/operations/shop.ts";
import { adminOperations } from "../lib/operations/admin.ts";
import type { Surface } from "../lib/operations/define.ts";
import { camel, camelKeys } from "../lib/wire/case.ts";
import { extensionKeys } from "../tests/support/openapi-guard.ts";

type Json = Record<string, unknown>;

interface DocParameter {
  name: string;
  in: string;
  schema?: Json;
  example?: unknown;
}
export interface DocOperation {
  operationId: string;
  parameters?: DocParameter[];
  requestBody?: { content: Record<string, { schema: Json; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Json; example?: unknown }> }>;
}
export interface Doc {
  paths: Record<string, Record<string, DocOperation>>;
  components: { schemas: Record<string, Json> };
}

const EXAMPLE_FILES: Record<Surface, string> = {
  shop: path.resolve(import.meta.dirname, "../lib/openapi/examples/shop.json"),
  admin: path.resolve(import.meta.dirname, "../lib/openapi/examples/admin.json"),
};

const pointer = (...parts: string[]) => parts.map((p) => "/" + encodeURIComponent(p.replace(/~/g, "~0").replace(/\//g, "~1"))).join("");

/** The place of one schema in a document: a path and method, then where under it (`responses/200/content/application~1json/schema`). */
export interface SchemaChecker {
  doc: Doc;
  /** The errors of `value` against the schema at `at` (JSON pointer parts under the document's root), or null when it validates. */
  check(at: string[], value: unknown): string | null;
}

/** The surface's document as the docs route builds it, with a JSON Schema 2020-12 validator for any schema in it. */
export function schemaChecker(surface: Surface): SchemaChecker {
  const doc = openApiDocument(surface, surface === "shop" ? shopOperations : adminOperations, "http://shop.test");
  const id = `https://openapi.test/${surface}`;
  const ajv = new Ajv2020({ allErrors: true, validateFormats: false, strictTypes: false, strictTuples: false, strictRequired: false });
  // The document's own top-level keys (openapi, info, paths, tags…) are not schema keywords: annotations to ajv.
  ajv.addVocabulary(Object.keys(doc).filter((k) => !ajv.getKeyword(k)));
  for (const key of extensionKeys(doc)) ajv.addKeyword(key);
  ajv.addSchema({ ...doc, $id: id });
  const compiled = new Map<string, ValidateFunction>();
  return {
    doc: doc as unknown as Doc,
    check(at, value) {
      const ref = `${id}#${pointer(...at)}`;
      let validate = compiled.get(ref);
      if (!validate) {
        validate = ajv.getSchema(ref);
        if (!validate) throw new Error(`no schema at ${ref}`);
        compiled.set(ref, validate);
      }
      return validate(value) ? null : describeErrors(validate.errors);
    },
  };
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  const list = (errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "(value)"} ${e.message ?? e.keyword}${e.keyword === "additionalProperties" || e.keyword === "enum" ? " " + JSON.stringify(e.params) : ""}`);
  return list.join("; ") + ((errors?.length ?? 0) > 5 ? `; and ${errors!.length - 5} more` : "");
}

/** The success status of a documented operation and whether it answers JSON (a download answers a file). */
export function successOf(op: DocOperation): { status: string; json: boolean } | null {
  const status = Object.keys(op.responses).find((s) => /^2\d\d$/.test(s));
  return status ? { status, json: !!op.responses[status].content?.["application/json"] } : null;
}

/** Paging keys the REST binding reads itself; never an operation's own parameter. */
const PAGING = new Set(["page", "per_page", "perPage", "limit"]);

interface Recording {
  operation: string;
  surface: Surface;
  method: string;
  template: string;
  status: number;
  pathParams: Record<string, string>;
  query: Record<string, string>;
  requestType: string | null;
  requestBody?: unknown;
  responseBody: unknown;
}

/** A text from the wire (a path segment, a query value) as the value its schema takes: the text itself, a number, a flag or a list. */
function typed(text: string, fits: (v: unknown) => boolean): unknown {
  const tries: unknown[] = [text];
  if (/^-?\d+(\.\d+)?$/.test(text)) tries.push(Number(text));
  if (text === "true" || text === "false" || text === "1" || text === "0") tries.push(text === "true" || text === "1");
  tries.push(text.split(","), text.split(",").map((s) => (/^-?\d+$/.test(s) ? Number(s) : s)));
  return tries.find(fits);
}

/** `value` with every array cut to `keep` items (the first ones) and every long text (an HTML description) to its start. */
function trimmed(value: unknown, keep: number): unknown {
  if (Array.isArray(value)) return value.slice(0, keep).map((v) => trimmed(v, keep));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimmed(v, keep)]));
  return typeof value === "string" && value.length > 240 ? `${value.slice(0, 200)}…` : value;
}

/** How much an example shows: its non-null values, up to a point (a list of products over an empty list). */
function richness(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + richness(v), 0);
  if (value && typeof value === "object") return Object.values(value).reduce((n: number, v) => n + richness(v), 0);
  return value === null || value === undefined || value === "" ? 0 : 1;
}

/** `value` with object keys in order at every depth, so that the files change only where an example does. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === "object") return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedKeys((value as Json)[k])]));
  return value;
}

/** The example one recording makes for the documented operation at `template`, or why it makes none. */
function exampleFrom(checker: SchemaChecker, template: string, method: string, rec: Recording): { example: OperationExample; score: number } | string {
  const verb = method.toLowerCase();
  const op = checker.doc.paths[template][verb];
  const at = ["paths", template, verb];
  const success = successOf(op)!;
  const example: OperationExample = {};
  // The call's input as one record: a recording made on another path of the operation (an alias) moves its fields.
  const raw: Record<string, unknown> = { ...rec.query, ...(rec.requestBody && typeof rec.requestBody === "object" ? rec.requestBody : {}), ...rec.pathParams };
  const fieldOf = (name: string) => (name in raw ? raw[name] : raw[camel(name)]);
  const parameters: Record<string, unknown> = {};
  const named = new Set<string>();
  for (const [i, p] of (op.parameters ?? []).entries()) {
    if (p.in !== "path" && p.in !== "query") continue;
    named.add(p.name);
    const fits = (v: unknown) => checker.check([...at, "parameters", String(i), "schema"], v) === null;
    if (p.name === "facets" && p.in === "query") {
      const facets = Object.fromEntries(Object.entries(rec.query).filter(([k]) => !PAGING.has(k) && !(op.parameters ?? []).some((q) => q.name === k)));
      if (Object.keys(facets).length && fits(facets)) parameters.facets = facets;
      continue;
    }
    const source = p.in === "path" ? (rec.template === template ? rec.pathParams[p.name] : fieldOf(p.name)) : rec.query[p.name] ?? (rec.template === template ? undefined : fieldOf(p.name));
    if (source === undefined || source === null) {
      if (p.in === "path") return `no value for the path parameter ${p.name}`;
      continue;
    }
    const value = typeof source === "string" ? typed(source, fits) : fits(source) ? source : undefined;
    if (value === undefined) return `the ${p.in} parameter ${p.name} = ${JSON.stringify(source)} does not fit its schema`;
    parameters[p.name] = value;
  }
  if (Object.keys(parameters).length) example.parameters = parameters;
  const body = op.requestBody?.content["application/json"];
  if (body) {
    let request: unknown = rec.requestType === "application/json" && rec.requestBody !== undefined ? rec.requestBody : rec.requestType ? undefined : {};
    if (request === undefined) return "the call sent no JSON body";
    if (rec.template !== template && request && typeof request === "object" && !Array.isArray(request)) {
      // Fields the source path carried that this path's body takes, and no field this path carries.
      const moved: Json = { ...(request as Json) };
      for (const [name, value] of Object.entries(rec.pathParams)) if (!named.has(name)) moved[camel(name)] = /^\d+$/.test(value) ? Number(value) : value;
      for (const name of named) {
        delete moved[name];
        delete moved[camel(name)];
      }
      request = moved;
    }
    // The server reads snake_case keys as their camelCase names (lib/wire/case.ts); the document names the latter.
    const bodyAt = [...at, "requestBody", "content", "application/json", "schema"];
    const why = checker.check(bodyAt, request);
    if (why) {
      const camelCased = request && typeof request === "object" && !Array.isArray(request) ? camelKeys(request as Json) : undefined;
      if (camelCased === undefined || checker.check(bodyAt, camelCased) !== null) return `request body: ${why}`;
      request = camelCased;
    }
    // A long list in a request (a batch) is shown by its first two entries where the schema allows it.
    const short = trimmed(request, 2);
    example.request = checker.check(bodyAt, short) === null ? short : request;
  }
  if (!success.json) return { example, score: 0 };
  const responseAt = [...at, "responses", success.status, "content", "application/json", "schema"];
  const why = checker.check(responseAt, rec.responseBody);
  if (why) return `response: ${why}`;
  const short = trimmed(rec.responseBody, 2);
  example.response = checker.check(responseAt, short) === null ? short : rec.responseBody;
  const size = JSON.stringify(example).length;
  return { example, score: (rec.template === template ? 1e7 : 0) + Math.min(richness(example.response), 300) * 1e4 - Math.min(size, 9999) };
}

/** The surface's examples from the recordings, and what still lacks one (with why, where a recording was refused). */
function pickExamples(surface: Surface, records: Recording[], previous: ExampleFile): { examples: ExampleFile; missing: string[] } {
  const checker = schemaChecker(surface);
  const byOperation = new Map<string, Recording[]>();
  for (const rec of records) if (rec.surface === surface) byOperation.set(rec.operation, [...(byOperation.get(rec.operation) ?? []), rec]);
  const examples: ExampleFile = {};
  const missing: string[] = [];
  const pending: { key: string; template: string; verb: string; op: DocOperation; refused: string[] }[] = [];
  for (const [template, methods] of Object.entries(checker.doc.paths)) {
    for (const [verb, op] of Object.entries(methods)) {
      const key = exampleKey(verb, template);
      const success = successOf(op);
      // A download answers a file: it has no JSON answer to show, and a request only when it takes a JSON body.
      if (!success || (!success.json && !op.requestBody?.content["application/json"])) continue;
      const candidates = (byOperation.get(op.operationId.replace(/_\d+$/, "")) ?? []).filter((r) => r.method.toLowerCase() === verb);
      let best: { example: OperationExample; score: number } | undefined;
      const refused: string[] = [];
      for (const rec of candidates) {
        const made = exampleFrom(checker, template, verb, rec);
        if (typeof made === "string") refused.push(made);
        else if (!best || made.score > best.score) best = made;
      }
      if (!best && previous[key] && stillValid(checker, template, verb, previous[key])) best = { example: previous[key], score: 0 };
      if (best) examples[key] = best.example;
      else pending.push({ key, template, verb, op, refused });
    }
  }
  // A record no test read by its id is shown as its list answered it (first row), read by that id.
  for (const { key, template, verb, op, refused } of pending) {
    const list = verb === "get" && template.endsWith("/{id}")
      ? examples[exampleKey("get", template.slice(0, -"/{id}".length))]?.response as { data?: { id?: unknown }[] } | { id?: unknown }[] | undefined
      : undefined;
    const row = Array.isArray(list) ? list[0] : list?.data?.[0];
    const made = typeof row?.id === "number" || typeof row?.id === "string"
      ? exampleFrom(checker, template, verb, { operation: op.operationId, surface, method: "GET", template, status: 200, pathParams: { id: String(row.id) }, query: {}, requestType: null, responseBody: row })
      : undefined;
    if (made && typeof made !== "string") examples[key] = made.example;
    else {
      if (made) refused.push(`from its list: ${made}`);
      missing.push(`${key} (${op.operationId})${refused.length ? ": " + [...new Set(refused)].slice(0, 2).join(" | ") : ": no 2xx call recorded"}`);
    }
  }
  return { examples: sortedKeys(examples) as ExampleFile, missing };
}

/** Whether a kept example still validates against the operation's schemas. */
export function exampleProblems(checker: SchemaChecker, template: string, verb: string, example: OperationExample | undefined): string[] {
  const op = checker.doc.paths[template][verb];
  const at = ["paths", template, verb];
  const problems: string[] = [];
  const success = successOf(op);
  if (success?.json) {
    if (example?.response === undefined) problems.push("no response example");
    else {
      const why = checker.check([...at, "responses", success.status, "content", "application/json", "schema"], example.response);
      if (why) problems.push(`response example: ${why}`);
    }
  }
  if (op.requestBody?.content["application/json"]) {
    if (example?.request === undefined) problems.push("no request example");
    else {
      const why = checker.check([...at, "requestBody", "content", "application/json", "schema"], example.request);
      if (why) problems.push(`request example: ${why}`);
    }
  }
  for (const [i, p] of (op.parameters ?? []).entries()) {
    const value = example?.parameters?.[p.name];
    if (value === undefined) {
      // A download (a file answered, no JSON body taken) is shown without examples.
      if (p.in === "path" && (success?.json || op.requestBody?.content["application/json"])) problems.push(`no example for the path parameter ${p.name}`);
      continue;
    }
    const why = checker.check([...at, "parameters", String(i), "schema"], value);
    if (why) problems.push(`parameter ${p.name}: ${why}`);
  }
  return problems;
}

const stillValid = (checker: SchemaChecker, template: string, verb: string, example: OperationExample) => exampleProblems(checker, template, verb, example).length === 0;

/** Recordings of a run. A password's placeholder written as `<password>` (by an older recorder) becomes one the rule takes. */
function readRecordings(dir: string): Recording[] {
  const records: Recording[] = [];
  const reviver = (_key: string, value: unknown) => (typeof value === "string" && /^<[\w-]*passw(or)?d[\w-]*>$/i.test(value) ? "<your password>" : value);
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort()) {
    for (const line of fs.readFileSync(path.join(dir, file), "utf8").split("\n")) {
      if (line.trim()) records.push(JSON.parse(line, reviver) as Recording);
    }
  }
  return records;
}

function main(): void {
  const at = process.argv.indexOf("--from");
  let dir = at >= 0 ? path.resolve(process.argv[at + 1]) : null;
  if (!dir) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-examples-"));
    console.log(`recording the API suite's calls in ${dir}`);
    const run = spawnSync("npx", ["vitest", "run", "tests/api"], { stdio: "inherit", env: { ...process.env, OPENAPI_EXAMPLES_DIR: dir } });
    // A failing test still recorded what it answered; every example is validated below whatever the suite said.
    if (run.status !== 0) console.warn(`the suite exited with ${run.status}; writing the examples it recorded`);
  }
  const records = readRecordings(dir);
  console.log(`${records.length} recorded calls`);
  let failed = false;
  for (const surface of ["shop", "admin"] as const) {
    const file = EXAMPLE_FILES[surface];
    const previous = JSON.parse(fs.readFileSync(file, "utf8")) as ExampleFile;
    const { examples, missing } = pickExamples(surface, records, previous);
    fs.writeFileSync(file, JSON.stringify(examples, null, 2) + "\n");
    console.log(`wrote ${path.relative(process.cwd(), file)}: ${Object.keys(examples).length} operations with examples`);
    if (missing.length) {
      failed = true;
      console.log(`${surface}: ${missing.length} without an example:\n  ${missing.join("\n  ")}`);
    }
  }
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
