// Random secrets, their hashes and the `<id>|<secret>` token format shared by customer and integration tokens.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

export function randomSecret(bytes = 30): string {
  return randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function sameHash(secret: string, storedHash: string): boolean {
  const a = Buffer.from(sha256(secret), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export const newUuid = randomUUID;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

/** Splits `<id>|<secret>`; null when the string is not of that form. */
export function parseIdToken(token: string): { id: number; secret: string } | null {
  const bar = token.indexOf("|");
  if (bar < 1) return null;
  const idText = token.slice(0, bar);
  const secret = token.slice(bar + 1);
  if (!/^\d{1,9}$/.test(idText) || secret.length < 20) return null;
  return { id: Number(idText), secret };
}
