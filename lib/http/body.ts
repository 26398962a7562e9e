// Request bodies read under a cap that is counted as the bytes arrive: a chunked upload (no Content-Length) is cut
// off at the cap with 413 instead of being buffered whole first. Every body reader of the APIs and the panel goes
// through here.
import { PayloadTooLarge } from "../errors.ts";

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
