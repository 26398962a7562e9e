// The one body reader of the APIs and the panel. Bytes are counted as they arrive under one cap, MAX_BODY_BYTES: a
// chunked upload (no Content-Length) is cut off at the cap with 413 instead of being buffered whole first. REST and
// the Admin API's panel calls read their bodies with `readInputBody`, GraphQL (lib/graphql/handler.ts) with
// `readCappedText`, the panel's session routes with `readJson`.
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from "../errors.ts";

/** MAX_BODY_BYTES: the cap of JSON bodies on REST, GraphQL and the panel. */
export const MAX_BODY_BYTES = Number(process.env.MAX_BODY_BYTES ?? 1_000_000);

/** Room for a multipart body's boundaries and part headers on top of the files an operation allows. */
const MULTIPART_ENVELOPE = 64 * 1024;

/** The body's bytes, at most `maxBytes`; one byte more and the stream is cancelled and 413 thrown. */
export async function readCapped(req: Request, maxBytes: number = MAX_BODY_BYTES, shownLimit = maxBytes): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(req.headers.get("content-length") ?? 0) > maxBytes) throw new PayloadTooLarge(shownLimit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLarge(shownLimit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The body as UTF-8 text (as `req.text()` decodes it), within the cap. */
export async function readCappedText(req: Request, maxBytes: number = MAX_BODY_BYTES): Promise<string> {
  return new TextDecoder().decode(await readCapped(req, maxBytes));
}

/**
 * A multipart body parsed by the platform's form parser, once its bytes are in within `maxBytes` of files plus the
 * envelope. Throws whatever `formData()` throws on a malformed body.
 */
export async function readCappedForm(req: Request, maxBytes: number): Promise<FormData> {
  const bytes = await readCapped(req, maxBytes + MULTIPART_ENVELOPE, maxBytes);
  const headers = new Headers({ "content-type": req.headers.get("content-type") ?? "" });
  return new Request(req.url, { method: "POST", headers, body: bytes }).formData();
}

/**
 * An operation's body on REST: a JSON object (an empty body is `{}`, a GET has none), or with `multipart` the fields
 * of a `multipart/form-data` body. 415 for another media type, 400 for a body that is not a JSON object.
 */
export async function readInputBody(req: Request, multipart?: { maxBytes: number }): Promise<Record<string, unknown>> {
  if (req.method === "GET" || req.method === "HEAD") return {};
  const type = req.headers.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    if (!multipart) throw new UnsupportedMediaType("This endpoint takes a JSON body, not multipart/form-data.");
    return readForm(req, multipart.maxBytes);
  }
  const text = await readCappedText(req);
  if (!text.trim()) return {};
  if (type && !/json/i.test(type)) throw new UnsupportedMediaType();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BadRequest("The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new BadRequest("The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/** Form fields as strings (repeated names as arrays), file parts as `File`. */
async function readForm(req: Request, maxBytes: number): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await readCappedForm(req, maxBytes);
  } catch (e) {
    if (e instanceof PayloadTooLarge) throw e;
    throw new BadRequest("The multipart body could not be read.");
  }
  const out: Record<string, unknown> = {};
  let size = 0;
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") size += value.size;
    const key = name.replace(/\[\]$/, "");
    out[key] = key in out ? ([] as unknown[]).concat(out[key], value) : value;
  }
  if (size > maxBytes) throw new PayloadTooLarge(maxBytes);
  return out;
}

/** A JSON body of any shape, for a caller that validates it whole (the panel's sign-in); 400 when it is not JSON. */
export async function readJson(req: Request): Promise<unknown> {
  const text = await readCappedText(req);
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest("The request body must be JSON.");
  }
}
