// JSON answers, their browser headers and the one mapping from errors to HTTP. CORS depends on the request's Origin
// and the API, so the bindings add it (lib/http/cors.ts withCors).
import { ZodError } from "zod";
import { AppError, BadRequest, Validation, type FieldErrors } from "../errors.ts";
import { GateError } from "./context.ts";
import { fromPrismaError } from "../db/errors.ts";
import { logError } from "../log/index.ts";
import { strictTransportSecurity } from "./transport-security.ts";

export function answerHeaders(headers = new Headers()): Headers {
  // Also set by next.config.mjs; here too so that an answer is marked wherever the handler runs.
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  const hsts = strictTransportSecurity();
  if (hsts) headers.set("Strict-Transport-Security", hsts);
  return headers;
}

export function json(body: unknown, status = 200, headers = new Headers()): Response {
  return jsonText(status === 204 ? null : JSON.stringify(body), status, headers);
}

/** A JSON answer whose body is serialised already. */
export function jsonText(text: string | null, status = 200, headers = new Headers()): Response {
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(status === 204 ? null : text, { status, headers: answerHeaders(headers) });
}

export function zodToValidation(error: ZodError, prefix: string[] = []): Validation {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = [...prefix, ...issue.path.map(String)].join(".") || "body";
    (errors[field] ??= []).push(issue.message);
  }
  const [first] = Object.entries(errors);
  return new Validation(first ? `${first[0]}: ${first[1][0]}` : "The given data was invalid.", errors);
}

/** Any thrown value becomes an answer; only an unexpected one is a 500, and is logged. */
export function toAppError(e: unknown): AppError | null {
  if (e instanceof AppError) return e;
  if (e instanceof ZodError) return zodToValidation(e);
  if (e instanceof SyntaxError) return new BadRequest("The request body is not valid JSON.");
  return fromPrismaError(e);
}

export function errorResponse(e: unknown, headers = new Headers()): Response {
  if (e instanceof GateError) return errorResponse(e.cause, e.headers);
  const known = toAppError(e);
  if (known) {
    if (known.status === 429 && !headers.has("Retry-After")) {
      const after = known.details.extra?.retry_after;
      headers.set("Retry-After", String(typeof after === "number" ? after : 1));
    }
    return json(known.body(), known.status, headers);
  }
  logError(e);
  return json({ message: "Internal server error.", error: "internal" }, 500, headers);
}
