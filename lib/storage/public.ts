// The catalog's pictures are public: product and category images, as their URLs (`<base>/storage/<path>`) promise.
// Every other stored file (cart uploads, return images, downloadable products) stays behind the operations that
// check who asks; this module serves nothing outside the public folders and nothing but images.
import { NotFound } from "../errors.ts";
import { answerHeaders, errorResponse } from "../http/respond.ts";
import { readStoredFile } from "./files.ts";

const PUBLIC_FOLDERS = new Set(["product", "category"]);
const TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" };
/** `<folder>/<numeric id>/<name>.<image extension>`: no dot segments, no other depth. */
const PUBLIC_PATH = /^([a-z]+)\/(\d{1,12})\/([A-Za-z0-9_-]{1,64})\.([a-z]{3,4})$/;

export interface PublicFile {
  bytes: Uint8Array;
  contentType: string;
}

/** The public image at a storage path (its URL's segments after `/storage/`), or NotFound. */
export async function readPublicImage(segments: string[]): Promise<PublicFile> {
  const match = PUBLIC_PATH.exec(segments.join("/"));
  const contentType = match && PUBLIC_FOLDERS.has(match[1]) ? TYPES[match[4]] : undefined;
  if (!match || !contentType) throw new NotFound("Image");
  return { bytes: await readStoredFile(match[0]), contentType };
}

/** `GET /storage/<folder>/<id>/<name>`: the image with a day's public caching, or the JSON 404 every API answers. */
export async function publicImageRoute(_req: Request, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  try {
    const { bytes, contentType } = await readPublicImage((await params).path);
    const headers = answerHeaders(new Headers({ "Content-Type": contentType, "Cache-Control": "public, max-age=86400" }));
    return new Response(new Uint8Array(bytes), { status: 200, headers });
  } catch (e) {
    return errorResponse(e);
  }
}
