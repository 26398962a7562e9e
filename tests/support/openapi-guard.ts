// The drift guard: every REST answer the suite receives is held to the OpenAPI document the service publishes.
// tests/support/app.ts calls it once per dispatched request; an answer whose status the document does not list for
// that operation, or whose JSON body breaks the documented schema, fails the test that made the call.
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { openApiDocument } from "../../lib/openapi/document.ts";
import { shopOperations } from "../../lib/operations/shop.ts";
import { adminOperations } from "../../lib/operations/admin.ts";
import type { AnyOperation, Surface } from "../../lib/operations/define.ts";

interface DocResponse {
  content?: Record<string, { schema?: unknown }>;
}
interface DocOperation {
  operationId: string;
  responses: Record<string, DocResponse>;
}
interface Doc {
  paths: Record<string, Record<string, DocOperation>>;
}

interface Checker {
  doc: Doc;
  ajv: Ajv2020;
  /** The document's own id: response schemas are compiled as JSON pointers into it. */
  id: string;
}

const checkers = new Map<Surface, Checker>();
const validators = new Map<string, ValidateFunction>();

/** Every `x-` extension keyword anywhere in the document, so that ajv's strict mode knows them as annotations. */
export function extensionKeys(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => extensionKeys(n, into));
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith("x-")) into.add(k);
      extensionKeys(v, into);
    }
  }
  return into;
}

/** The surface's document, built once per test process the way the docs route builds it. */
function checkerFor(surface: Surface): Checker {
  let checker = checkers.get(surface);
  if (!checker) {
    const doc = openApiDocument(surface, surface === "shop" ? shopOperations : adminOperations, "http://shop.test");
    const id = `https://openapi.test/${surface}`;
    // `format` is not validated (ajv-formats is not installed); strict mode stays on for everything else, so an
    // unknown keyword in the document fails the compile instead of being ignored.
    const ajv = new Ajv2020({ allErrors: true, validateFormats: false, strictTypes: false, strictTuples: false, strictRequired: false });
    ajv.addVocabulary(["openapi", "info", "servers", "tags", "paths", "components", "webhooks"]);
    for (const key of extensionKeys(doc)) ajv.addKeyword(key);
    ajv.addSchema({ ...doc, $id: id });
    checker = { doc: doc as unknown as Doc, ajv, id };
    checkers.set(surface, checker);
  }
  return checker;
}

/** The documented path template an actual path answers on, among the operation's own paths. */
function templateOf(op: AnyOperation, pathname: string): string | undefined {
  return op.rest?.paths.find((template) => {
    const source = template.split(/\{[^}]+\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+");
    return new RegExp(`^${source}/?$`).test(pathname);
  });
}

const pointer = (...parts: string[]) => parts.map((p) => "/" + encodeURIComponent(p.replace(/~/g, "~0").replace(/\//g, "~1"))).join("");

function validatorFor(checker: Checker, template: string, method: string, status: string): ValidateFunction {
  const key = `${checker.id} ${template} ${method} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const ref = `${checker.id}#${pointer("paths", template, method, "responses", status, "content", "application/json", "schema")}`;
    validate = checker.ajv.getSchema(ref);
    if (!validate) throw new Error(`OpenAPI guard: no schema at ${ref}`);
    validators.set(key, validate);
  }
  return validate;
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  const list = (errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "(body)"} ${e.message ?? e.keyword}${e.keyword === "additionalProperties" || e.keyword === "enum" ? " " + JSON.stringify(e.params) : ""}`);
  return list.join("; ") + ((errors?.length ?? 0) > 5 ? `; and ${errors!.length - 5} more` : "");
}

/**
 * Throws when an answer of a REST operation is not what the document says: a status it does not list for that
 * operation and method, or a JSON body its schema refuses. Attachments are checked for their status only.
 * `operation` is the handler's declared operation; anything else (GraphQL, docs, health) passes unchecked.
 */
export async function checkAgainstDocument(operation: AnyOperation | undefined, method: string, pathname: string, res: Response): Promise<void> {
  if (!operation?.rest || !/^\/api\/(shop|admin)\//.test(pathname)) return;
  const where = `${operation.name} (${method} ${pathname}) answered ${res.status}`;
  const fail = (why: string) => {
    throw new Error(`OpenAPI drift: ${where}: ${why}`);
  };
  const checker = checkerFor(operation.surface);
  const template = templateOf(operation, pathname);
  if (!template) return fail(`the path matches none of the operation's documented paths (${operation.rest.paths.join(", ")})`);
  const verb = method.toLowerCase();
  const documented = checker.doc.paths[template]?.[verb];
  if (!documented || documented.operationId.replace(/_\d+$/, "") !== operation.name) {
    return fail(`the document has no ${method} ${template} for this operation (found ${documented?.operationId ?? "none"})`);
  }
  const status = String(res.status);
  const response = documented.responses[status];
  if (!response) return fail(`status ${status} is not documented (documented: ${Object.keys(documented.responses).join(", ")})`);
  // A download's success is a file (or a link to one) of its own type: its status is all the document says.
  if ((operation.rest.download && res.ok) || /^attachment/i.test(res.headers.get("content-disposition") ?? "")) return;
  const text = await res.clone().text();
  if (!text) return;
  const type = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!/^application\/(.+\+)?json$/.test(type)) {
    if (!response.content || type in response.content) return;
    return fail(`the body is ${type || "untyped"}, documented as ${Object.keys(response.content).join(", ")}`);
  }
  if (!response.content?.["application/json"]) return fail("the body is JSON, but the document lists no JSON content for this status");
  const validate = validatorFor(checker, template, verb, status);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail(`the body is not valid JSON: ${text.slice(0, 80)}`);
  }
  if (!validate(body)) fail(`the body does not match the documented schema: ${describeErrors(validate.errors)}`);
}
