// The customizable-option file of a cart: REST multipart only, checked for size and type, served to the cart's owner.
import { z } from "zod";
import type { RequestContext } from "../context.ts";
import { NotFound, Validation } from "../errors.ts";
import { EXTENSIONS, readStoredFile, sniff, storeFile } from "../storage/files.ts";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const ALLOWED = ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf", "text/plain"];

export const CartUploadShape = z
  .object({ id: z.int(), cartId: z.int(), originalName: z.string(), mimeType: z.string(), size: z.int(), url: z.string(), createdAt: z.string() })
  .meta({ id: "CartUpload", iri: "/api/shop/cart/uploads" });

function toUpload(ctx: RequestContext, u: { id: number; cartId: number; originalName: string; mimeType: string; size: number; createdAt: Date }) {
  return { ...u, url: `${ctx.baseUrl}/api/shop/cart/uploads/${u.id}`, createdAt: u.createdAt.toISOString() };
}

export async function uploadFile(ctx: RequestContext, cartId: number, file: unknown) {
  if (!(file instanceof File)) throw Validation.field("file", "Attach the file as the multipart field `file`.");
  if (file.size === 0) throw Validation.field("file", "The file is empty.");
  if (file.size > MAX_UPLOAD_BYTES) throw Validation.field("file", `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniff(file.type, bytes, ALLOWED);
  if (!type) throw Validation.field("file", "Only PNG, JPEG, GIF, WebP, PDF and plain-text files are accepted.");
  const path = await storeFile(`cart/${cartId}`, EXTENSIONS[type], bytes);
  const row = await ctx.db.cartUpload.create({
    data: { cartId, path, originalName: file.name.slice(0, 255) || "upload", mimeType: type, size: file.size },
  });
  return toUpload(ctx, row);
}

export async function downloadUpload(ctx: RequestContext, cartId: number, id: number) {
  const row = await ctx.db.cartUpload.findFirst({ where: { id, cartId } });
  if (!row) throw new NotFound("Upload");
  return { filename: row.originalName, contentType: row.mimeType, body: await readStoredFile(row.path) };
}
