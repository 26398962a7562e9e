// Storefront keys identify a client application (never a person). Only a SHA-256 of the key is stored; the key
// itself is shown once, when it is created or rotated.
import { inBackground, type Db } from "../db/client.ts";
import { Forbidden, NotFound, Validation } from "../errors.ts";
import { randomSecret, sha256 } from "../auth/secrets.ts";
import { ipAllowed, normaliseAllowlist } from "../auth/ip.ts";
import { cached } from "../cache/index.ts";

const ROTATED_KEY_LIFETIME_MS = 365 * 24 * 3600 * 1000; // SPEC.md: a rotated key is valid 12 months

export interface StorefrontKeyInput {
  name: string;
  rateLimit?: number | null;
  allowedIps?: string | string[] | null;
  expiresAt?: Date | null;
  /** Handed to every visitor (see VerifiedKey.isPublic). */
  isPublic?: boolean;
}

export interface IssuedKey {
  id: number;
  name: string;
  key: string;
}

function newKey(): string {
  return `pk_${randomSecret(24)}`;
}

function checkInput(input: StorefrontKeyInput) {
  if (!input.name?.trim()) throw Validation.field("name", "A key needs a name.");
  if (input.rateLimit != null && (!Number.isInteger(input.rateLimit) || input.rateLimit < 1)) {
    throw Validation.field("rateLimit", "The rate limit must be a positive whole number.");
  }
  if (input.expiresAt && Number.isNaN(input.expiresAt.getTime())) {
    throw Validation.field("expiresAt", "The expiry must be a valid date.");
  }
}

/** A key from unchecked input (the CLI, the reference storefront, tests): every field checked here. */
export async function createStorefrontKey(db: Db, input: StorefrontKeyInput): Promise<IssuedKey> {
  checkInput(input);
  return writeStorefrontKey(db, input);
}

/** Writes a key from checked input (the Admin API's schema checked it); the key is shown once, stored hashed. */
export async function writeStorefrontKey(db: Db, input: StorefrontKeyInput): Promise<IssuedKey> {
  const key = newKey();
  const row = await db.storefrontKey.create({
    data: {
      name: input.name.trim(),
      keyHash: sha256(key),
      keyPrefix: key.slice(0, 8),
      status: "active",
      rateLimit: input.rateLimit ?? null,
      isPublic: input.isPublic ?? false,
      allowedIps: normaliseAllowlist(input.allowedIps),
      expiresAt: input.expiresAt ?? null,
    },
  });
  return { id: row.id, name: row.name, key };
}

export function listStorefrontKeys(db: Db) {
  return db.storefrontKey.findMany({
    orderBy: { id: "asc" },
    select: {
      id: true, name: true, keyPrefix: true, status: true, rateLimit: true, allowedIps: true,
      expiresAt: true, rotatedFromId: true, lastUsedAt: true, createdAt: true,
    },
  });
}

export async function deactivateStorefrontKey(db: Db, id: number): Promise<void> {
  const { count } = await db.storefrontKey.updateMany({ where: { id }, data: { status: "inactive" } });
  if (count === 0) throw new NotFound("Storefront key");
}

/** Issues a successor with the same settings, valid for 12 months, and deactivates the old key. */
export async function rotateStorefrontKey(db: Db, id: number, now = new Date()): Promise<IssuedKey> {
  const old = await db.storefrontKey.findUnique({ where: { id } });
  if (!old) throw new NotFound("Storefront key");
  const key = newKey();
  const row = await db.$transaction(async (tx) => {
    await tx.storefrontKey.update({ where: { id }, data: { status: "inactive" } });
    return tx.storefrontKey.create({
      data: {
        name: old.name,
        keyHash: sha256(key),
        keyPrefix: key.slice(0, 8),
        status: "active",
        rateLimit: old.rateLimit,
        isPublic: old.isPublic,
        allowedIps: old.allowedIps,
        expiresAt: new Date(now.getTime() + ROTATED_KEY_LIFETIME_MS),
        rotatedFromId: old.id,
      },
    });
  });
  return { id: row.id, name: row.name, key };
}

export interface VerifiedKey {
  id: number;
  rateLimit: number | null;
  /** A public key: its budget is counted per client address (see isPublicKey). */
  isPublic: boolean;
}

/**
 * Whether a key is public, i.e. handed to every visitor's browser: a key made public (the reference storefront's own,
 * lib/ui/storefront/storefront-key.ts; a rotation keeps the flag), or the key `STOREFRONT_KEY` configures for the
 * storefront pages. SPEC.md gives a key one budget ("100 requests per generated storefront key"), which is right for
 * a key a storefront's server holds; a public key's budget shared by everyone would let any visitor use it all up,
 * so it is counted per address.
 */
function isPublicKey(row: { isPublic: boolean; keyHash: string }): boolean {
  const configured = process.env.STOREFRONT_KEY;
  return row.isPublic || (!!configured && sha256(configured) === row.keyHash);
}

/** Whose budget a request with this key spends: the key's, or for a public key the key's at this client address. */
export function keyBudgetSubject(key: VerifiedKey, ip: string | null): string {
  return key.isPublic ? `${key.id}@${ip ?? "-"}` : String(key.id);
}

type KeyRow = {
  id: number; isPublic: boolean; keyHash: string; status: string; expiresAt: Date | null; allowedIps: string | null; rateLimit: number | null;
  lastUsedAt: Date | null;
};

/**
 * Key rows read by the gate, held for a moment (lib/cache): every request checks its key, and most come in bursts.
 * A write to the table (deactivate, rotate, an admin edit), here or in another instance or the CLI when they share a
 * Redis, drops them at once; without Redis another process's change takes effect within STOREFRONT_KEY_CACHE_MS
 * (default 1000, at most 5000). An unknown key is not held. Status, expiry and the IP allowlist are still checked
 * on every request.
 */
const keyRow = cached(
  {
    name: "storefront keys",
    tags: ["StorefrontKey"],
    ttl: Math.min(5_000, Math.max(0, Number(process.env.STOREFRONT_KEY_CACHE_MS ?? 1_000))),
    max: 10_000,
    key: (_db: Db, hash: string) => hash,
    keep: (row) => row !== null,
  },
  (db: Db, hash: string): Promise<KeyRow | null> =>
    db.storefrontKey.findUnique({
      where: { keyHash: hash },
      select: { id: true, isPublic: true, keyHash: true, status: true, expiresAt: true, allowedIps: true, rateLimit: true, lastUsedAt: true },
    }),
);

/** Drops every held key row (tests that count statements start cold). */
export const forgetVerifiedKeys = (): void => keyRow.forget();

/** SPEC.md: a wrong, deactivated, expired or IP-blocked key is a 403 `invalid_key`. */
export async function verifyStorefrontKey(db: Db, key: string, ip: string | null, now = new Date()): Promise<VerifiedKey> {
  const row = await keyRow(db, sha256(key));
  const reason = !row
    ? "The storefront key is not valid."
    : row.status !== "active"
      ? "The storefront key has been deactivated."
      : row.expiresAt && row.expiresAt <= now
        ? "The storefront key has expired."
        : !ipAllowed(row.allowedIps, ip)
          ? "The storefront key is not allowed from this IP address."
          : null;
  if (reason || !row) throw new Forbidden(reason ?? "The storefront key is not valid.", "invalid_key");
  // "Last used" is informative: written at most once a minute and never awaited on the request path.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    row.lastUsedAt = now; // the held row too, so the requests of this burst do not all write it
    inBackground(db.storefrontKey.update({ where: { id: row.id }, data: { lastUsedAt: now } }));
  }
  return { id: row.id, rateLimit: row.rateLimit, isPublic: isPublicKey(row) };
}
