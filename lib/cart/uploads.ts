// The customizable-option file of a cart: REST multipart only, checked for size and type, served to the cart's owner.
// Three quotas keep uploads from filling the disk: per cart (files and bytes held), per client address (files and
// bytes sent in a window, since a cart token costs nothing), and for the whole store (bytes held). Uploads of
// abandoned carts are deleted with their carts (./retention.ts).
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { RequestContext } from "../context.ts";
import type { Sql } from "../db/sql/index.ts";
import { AppError, NotFound, RateLimited, Validation } from "../errors.ts";
import { consume, refund } from "../rate-limit/index.ts";
import { EXTENSIONS, readStoredFile, sniff, STORAGE_DIR, storeFile } from "../storage/files.ts";
import { updateById } from "./totals.ts";
import { cartTransaction } from "../db/sql/expressions.ts";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const MB = 1024 * 1024;

const env = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Per-cart quota, so one cart token cannot fill the disk: `CART_UPLOAD_MAX_FILES` (20) files, `CART_UPLOAD_MAX_BYTES` (50 MB) in all. */
export function cartUploadQuota(): { files: number; bytes: number } {
  return { files: env("CART_UPLOAD_MAX_FILES", 20), bytes: env("CART_UPLOAD_MAX_BYTES", 50 * MB) };
}

/**
 * Per client address, over `CART_UPLOAD_ADDRESS_WINDOW` seconds (3600): `CART_UPLOAD_MAX_FILES_PER_ADDRESS` (50)
 * files and `CART_UPLOAD_MAX_BYTES_PER_ADDRESS` (100 MB); for the store, `CART_UPLOAD_TOTAL_MAX_BYTES` (5 GB) held.
 */
export function uploadQuotas(): { addressFiles: number; addressBytes: number; windowSeconds: number; totalBytes: number } {
  return {
    addressFiles: env("CART_UPLOAD_MAX_FILES_PER_ADDRESS", 50),
    addressBytes: env("CART_UPLOAD_MAX_BYTES_PER_ADDRESS", 100 * MB),
    windowSeconds: env("CART_UPLOAD_ADDRESS_WINDOW", 3600),
    totalBytes: env("CART_UPLOAD_TOTAL_MAX_BYTES", 5 * 1024 * MB),
  };
}

class UploadQuotaExceeded extends AppError {
  constructor(message: string) {
    super(413, "upload_quota_exceeded", message, { errors: { file: [message] } });
  }
}

/** Throws 413 when one more file of `size` bytes would take the cart, or the whole store, past its quota. */
async function checkQuota(db: Sql, cartId: number, size: number) {
  const quota = cartUploadQuota();
  // In turn: inside a transaction, its one connection runs one statement at a time.
  const held = await db.selectFrom("CartUpload").select((eb) => [eb.fn.countAll().as("files"), eb.fn.sum("size").as("bytes")]).where("cartId", "=", cartId).executeTakeFirstOrThrow();
  const all = await db.selectFrom("CartUpload").select((eb) => eb.fn.sum("size").as("bytes")).executeTakeFirstOrThrow();
  // Aggregates are typed by no column: numbers on SQLite, a bigint's text on PostgreSQL; a SUM of no rows is null.
  const files = Number(held.files);
  const bytes = Number(held.bytes ?? 0);
  if (files + 1 > quota.files) throw new UploadQuotaExceeded(`This cart already holds ${files} uploaded files, the most a cart may hold (${quota.files}).`);
  if (bytes + size > quota.bytes) {
    throw new UploadQuotaExceeded(`This file would take the cart's uploads to ${bytes + size} bytes; a cart may hold ${quota.bytes} bytes of uploads in all.`);
  }
  const total = uploadQuotas().totalBytes;
  if (Number(all.bytes ?? 0) + size > total) {
    throw new UploadQuotaExceeded(`The store holds as many uploaded files as it may (${total} bytes in all); no more can be accepted now. Try again later.`);
  }
}

/**
 * Spends one file and `size` bytes of the client address's upload budget, all or nothing; 429 past either. Returns
 * how to give them back should the upload not be kept.
 */
async function spendAddressBudget(ip: string | null, size: number): Promise<() => Promise<void>> {
  const q = uploadQuotas();
  const subject = ip ?? "-";
  const opts = { windowSeconds: q.windowSeconds };
  const [files, bytes] = await Promise.all([
    consume("upload:files", subject, q.addressFiles, opts),
    consume("upload:bytes", subject, q.addressBytes, { ...opts, cost: size }),
  ]);
  const giveBack = () =>
    Promise.all([
      files.retryAfter ? null : refund("upload:files", subject, q.addressFiles, opts),
      bytes.retryAfter ? null : refund("upload:bytes", subject, q.addressBytes, { ...opts, cost: size }),
    ]).then(() => undefined);
  if (files.retryAfter || bytes.retryAfter) {
    await giveBack();
    const what = files.retryAfter ? `${q.addressFiles} files` : `${q.addressBytes} bytes`;
    throw new RateLimited(Math.max(files.retryAfter, bytes.retryAfter), `Too many uploads from this address: at most ${what} in ${q.windowSeconds} seconds. Try again later.`);
  }
  return giveBack;
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
  await checkQuota(ctx.sql, cartId, file.size); // before the disk is touched
  const giveBack = await spendAddressBudget(ctx.ip, file.size);
  let stored: string | null = null;
  try {
    stored = await storeFile(`cart/${cartId}`, EXTENSIONS[type], bytes);
    const relative = stored;
    const row = await cartTransaction(ctx.sql, async (tx) => {
      // Touching the cart row first serialises concurrent uploads to one cart (a row lock on PostgreSQL, the one
      // writer on SQLite), so parallel requests cannot each pass the check against the same count.
      await updateById(tx, "Cart", cartId, { updatedAt: new Date() });
      await checkQuota(tx, cartId, file.size);
      return tx
        .insertInto("CartUpload")
        .values({ cartId, path: relative, originalName: file.name.slice(0, 255) || "upload", mimeType: type, size: file.size })
        .returning(["id", "cartId", "originalName", "mimeType", "size", "createdAt"])
        .executeTakeFirstOrThrow();
    });
    return toUpload(ctx, row);
  } catch (e) {
    // Nothing was kept: neither the file nor the address's spent budget.
    if (stored) await fs.rm(path.join(STORAGE_DIR, stored), { force: true });
    await giveBack().catch(() => undefined);
    throw e;
  }
}

export async function downloadUpload(ctx: RequestContext, cartId: number, id: number) {
  const row = await ctx.sql.selectFrom("CartUpload").select(["path", "originalName", "mimeType"]).where("id", "=", id).where("cartId", "=", cartId).executeTakeFirst();
  if (!row) throw new NotFound("Upload");
  return { filename: row.originalName, contentType: row.mimeType, body: await readStoredFile(row.path) };
}
