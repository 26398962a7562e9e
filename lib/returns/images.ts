// Photos attached to a return: REST multipart only (SPEC.md item 6), checked for count, size and type by their
// first bytes, kept outside the web root and served only to the return's owner.
import fs from "node:fs/promises";
import path from "node:path";
import type { RequestContext } from "../context.ts";
import { BadRequest, NotFound, Validation } from "../errors.ts";
import { EXTENSIONS, readStoredFile, sniff, STORAGE_DIR, storeFile } from "../storage/files.ts";
import { ownReturn } from "./view.ts";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 5;
const ALLOWED = ["image/png", "image/jpeg", "image/gif", "image/webp"];

export interface CheckedImage {
  type: string;
  bytes: Uint8Array;
}

/** The attached images, read and checked; anything but files (a GraphQL or JSON value) is refused with a 400. */
export async function checkImages(raw: unknown): Promise<CheckedImage[]> {
  if (raw === undefined || raw === null || raw === "") return [];
  const list = Array.isArray(raw) ? raw : [raw];
  if (!list.every((f) => f instanceof File)) {
    throw new BadRequest("Images are binary uploads: send them as `images` file parts of a multipart/form-data POST /api/shop/returns.", "binary_upload_rest_only");
  }
  const files = list;
  if (files.length > MAX_IMAGES) throw Validation.field("images", `At most ${MAX_IMAGES} images can be attached.`);
  const out: CheckedImage[] = [];
  for (const file of files) {
    if (file.size === 0) throw Validation.field("images", `${file.name || "An image"} is empty.`);
    if (file.size > MAX_IMAGE_BYTES) throw Validation.field("images", `${file.name || "An image"} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniff(file.type, bytes, ALLOWED);
    if (!type) throw Validation.field("images", "Only PNG, JPEG, GIF and WebP images are accepted.");
    out.push({ type, bytes });
  }
  return out;
}

/** Writes the images under `returns/<orderId>`; their storage paths, in order. */
export async function storeImages(orderId: number, images: CheckedImage[]): Promise<string[]> {
  const paths: string[] = [];
  for (const img of images) paths.push(await storeFile(`returns/${orderId}`, EXTENSIONS[img.type], img.bytes));
  return paths;
}

/** Best effort: files of a return that was not created after all. */
export async function discardImages(paths: string[]): Promise<void> {
  await Promise.all(paths.map((p) => fs.rm(path.join(STORAGE_DIR, p), { force: true }).catch(() => undefined)));
}

const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type]));

export async function returnImage(ctx: RequestContext, returnId: number, imageId: number) {
  const r = await ownReturn(ctx, returnId);
  const image = r.images.find((i) => i.id === imageId);
  if (!image) throw new NotFound("Image");
  return {
    filename: path.basename(image.path),
    contentType: CONTENT_TYPES[path.extname(image.path)] ?? "application/octet-stream",
    body: await readStoredFile(image.path),
  };
}
