// Uploaded files live under STORAGE_DIR (default ./storage), outside the web root: they are served only
// through operations that check who asks.
import fs from "node:fs/promises";
import path from "node:path";
import { newUuid } from "../auth/secrets.ts";
import { NotFound } from "../errors.ts";

export const STORAGE_DIR = path.resolve(process.env.STORAGE_DIR ?? "storage");

/** Stores bytes under `folder` with a fresh name; returns the path relative to the storage root. */
export async function storeFile(folder: string, extension: string, bytes: Uint8Array): Promise<string> {
  const relative = path.join(folder, `${newUuid()}${extension}`);
  const full = path.join(STORAGE_DIR, relative);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, bytes);
  return relative.split(path.sep).join("/");
}

export async function readStoredFile(relative: string): Promise<Uint8Array> {
  const full = path.resolve(STORAGE_DIR, relative);
  if (!full.startsWith(STORAGE_DIR + path.sep)) throw new NotFound("File");
  try {
    return await fs.readFile(full);
  } catch {
    throw new NotFound("File");
  }
}

const SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  "image/png": (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/gif": (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46,
  "image/webp": (b) => b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50,
  "application/pdf": (b) => b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46,
  "text/plain": (b) => !b.subarray(0, 512).includes(0),
};

export const EXTENSIONS: Record<string, string> = {
  "image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp", "application/pdf": ".pdf", "text/plain": ".txt",
};

/** The file's type when its declared type is allowed and its first bytes agree; otherwise null. */
export function sniff(declared: string, bytes: Uint8Array, allowed: string[]): string | null {
  const type = declared.split(";")[0].trim().toLowerCase();
  return allowed.includes(type) && SIGNATURES[type]?.(bytes) ? type : null;
}
