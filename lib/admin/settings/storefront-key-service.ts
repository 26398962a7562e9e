// Storefront keys: the database work behind ./storefront-keys.ts, on lib/storefront-keys/ (which makes, rotates and
// deactivates keys for every caller, the CLI included).
import type { RequestContext } from "../../context.ts";
import { Conflict } from "../../errors.ts";
import { normaliseAllowlist } from "../../auth/ip.ts";
import { deactivateStorefrontKey, rotateStorefrontKey, writeStorefrontKey, type IssuedKey } from "../../storefront-keys/index.ts";

export interface KeyFields {
  name: string;
  rateLimit?: number | null;
  allowedIps?: string | string[] | null;
  expiresAt?: string | null;
}

/** The new key's id, and the key itself (shown once). The declaration's schema has checked the input. */
export async function createKey(ctx: RequestContext, input: KeyFields): Promise<{ id: number; extra: { key: string } }> {
  const issued = await writeStorefrontKey(ctx.db, { ...input, expiresAt: input.expiresAt ? new Date(input.expiresAt) : null });
  return { id: issued.id, extra: { key: issued.key } };
}

export async function updateKey(ctx: RequestContext, id: number, input: Partial<KeyFields>): Promise<void> {
  await ctx.db.storefrontKey.update({
    where: { id },
    data: {
      name: input.name,
      rateLimit: input.rateLimit,
      allowedIps: input.allowedIps === undefined ? undefined : normaliseAllowlist(input.allowedIps),
      expiresAt: input.expiresAt === undefined ? undefined : input.expiresAt && new Date(input.expiresAt),
    },
  });
}

export async function deactivateKey(ctx: RequestContext, id: number): Promise<void> {
  const key = await ctx.db.storefrontKey.findUniqueOrThrow({ where: { id } });
  if (key.status !== "active") throw new Conflict("The key is already inactive.");
  await deactivateStorefrontKey(ctx.db, id);
}

/** The successor's id and key (shown once). */
export async function rotateKey(ctx: RequestContext, id: number): Promise<IssuedKey> {
  const key = await ctx.db.storefrontKey.findUniqueOrThrow({ where: { id } });
  if (key.status !== "active") throw new Conflict("Only an active key can be rotated.");
  return rotateStorefrontKey(ctx.db, id);
}
