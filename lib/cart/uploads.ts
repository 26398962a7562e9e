// The customizable-option file of a cart: REST multipart only, checked for size and type, served to the cart's owner.
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { RequestContext } from "../context.ts";
import type { Tx } from "../db/client.ts";
import { AppError, NotFound, Validation } from "../errors.ts";
import { EXTENSIONS, readStoredFile, sniff, STORAGE_DIR, storeFile } from "../storage/files.ts";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Per-cart quota, so one cart token cannot fill the disk: `CART_UPLOAD_MAX_FILES` (20) files, `CART_UPLOAD_MAX_BYTES` (50 MB) in all. */
export function cartUploadQuota(): { files: number; bytes: number } {
  const env = (name: string, fallback: number) => {
    const n = Number(process.env[name]);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return { files: env("CART_UPLOAD_MAX_FILES", 20), bytes: env("CART_UPLOAD_MAX_BYTES", 50 * 1024 * 1024) };
}

class UploadQuotaExceeded extends AppError {
  constructor(message: string) {
    super(413, "upload_quota_exceeded", message, { errors: { file: [message] } });
  }
}

/** Throws 413 when one more file of `size` bytes would take the cart past its quota. */
async function checkQuota(db: Tx, cartId: number, size: number) {
  const quota = cartUploadQuota();
  const held = await db.cartUpload.aggregate({ where: { cartId }, _count: { _all: true }, _sum: { size: true } });
  const files = held._count._all;
  const bytes = held._sum.size ?? 0;
  if (files + 1 > quota.files) throw new UploadQuotaExceeded(`This cart already holds ${files} uploaded files, the most a cart may hold (${quota.files}).`);
  if (bytes + size > quota.bytes) {
    throw new UploadQuotaExceeded(`This file would take the cart's uploads to ${bytes + size} bytes; a cart may hold ${quota.bytes} bytes of uploads in all.`);
  }
}
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
  await checkQuota(ctx.db, cartId, file.size); // before the disk is touched
  const stored = await storeFile(`cart/${cartId}`, EXTENSIONS[type], bytes);
  try {
    const row = await ctx.db.$transaction(async (tx) => {
      // Touching the cart row first serialises concurrent uploads to one cart (a row lock on PostgreSQL, the one
      // writer on SQLite), so parallel requests cannot each pass the check against the same count.
      await tx.cart.update({ where: { id: cartId }, data: { updatedAt: new Date() } });
      await checkQuota(tx, cartId, file.size);
      return tx.cartUpload.create({
        data: { cartId, path: stored, originalName: file.name.slice(0, 255) || "upload", mimeType: type, size: file.size },
      });
    });
    return toUpload(ctx, row);
  } catch (e) {
    await fs.rm(path.join(STORAGE_DIR, stored), { force: true });
    throw e;
  }
}

export async function downloadUpload(ctx: RequestContext, cartId: number, id: number) {
  const row = await ctx.db.cartUpload.findFirst({ where: { id, cartId } });
  if (!row) throw new NotFound("Upload");
  return { filename: row.originalName, contentType: row.mimeType, body: await readStoredFile(row.path) };
}
