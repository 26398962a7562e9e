// Abandoned carts are deleted after CART_UPLOAD_RETENTION_DAYS (14) without a change, with their uploaded files, so
// that uploads nobody will order do not stay on disk for ever. Abandoned: a guest cart, or a closed cart (a guest
// cart merged into an account), untouched since the cut-off and not the cart of an order. A customer's open cart is
// their saved cart and stays. Run by `npm run commerce -- purge-carts` and, as the job `carts.purge` (lib/jobs), every
// CART_PURGE_INTERVAL_MINUTES (60; 0 turns it off).
import fs from "node:fs/promises";
import path from "node:path";
import { getDb, type Db } from "../db/client.ts";
import { STORAGE_DIR } from "../storage/files.ts";
import { defineJob, minutesSetting } from "../jobs/queue.ts";

const DAY_MS = 24 * 3600_000;
const BATCH = 200;

export function cartRetentionDays(): number {
  const n = Number(process.env.CART_UPLOAD_RETENTION_DAYS);
  return Number.isFinite(n) && n > 0 ? n : 14;
}

export interface PurgeResult {
  carts: number;
  uploads: number;
  bytes: number;
}

/** Deletes the carts abandoned before `now` less the retention, their upload rows and their files. */
export async function purgeAbandonedCarts(db: Db, now = new Date()): Promise<PurgeResult> {
  const cutoff = new Date(now.getTime() - cartRetentionDays() * DAY_MS);
  const abandoned = { updatedAt: { lt: cutoff }, OR: [{ isGuest: true }, { isActive: false }] };
  const result: PurgeResult = { carts: 0, uploads: 0, bytes: 0 };
  let afterId = 0;
  for (;;) {
    const carts = await db.cart.findMany({
      where: { ...abandoned, id: { gt: afterId } },
      orderBy: { id: "asc" },
      take: BATCH,
      select: { id: true, uploads: { select: { path: true, size: true } } },
    });
    if (carts.length === 0) return result;
    afterId = carts[carts.length - 1].id;
    // Order.cartId is no relation (orders outlive carts), so the carts that were ordered are looked up.
    const ordered = new Set(
      (await db.order.findMany({ where: { cartId: { in: carts.map((c) => c.id) } }, select: { cartId: true } })).map((o) => o.cartId),
    );
    for (const cart of carts) {
      if (ordered.has(cart.id)) continue;
      // Deleted only if still abandoned: an upload or a change meanwhile moved updatedAt and keeps the cart.
      const { count } = await db.cart.deleteMany({ where: { ...abandoned, id: cart.id } });
      if (count === 0) continue;
      // The rows went with the cart (cascade); the files follow. A file already gone is no error.
      await Promise.all(cart.uploads.map((u) => fs.rm(path.join(STORAGE_DIR, u.path), { force: true })));
      await fs.rm(path.join(STORAGE_DIR, "cart", String(cart.id)), { recursive: true, force: true });
      result.carts++;
      result.uploads += cart.uploads.length;
      result.bytes += cart.uploads.reduce((sum, u) => sum + u.size, 0);
    }
  }
}

export const cartPurge = defineJob({
  name: "carts.purge",
  attempts: 3,
  backoffMs: () => 60_000,
  every: () => minutesSetting("CART_PURGE_INTERVAL_MINUTES", 60),
  async run() {
    const done = await purgeAbandonedCarts(await getDb());
    return done.carts > 0 ? { ...done } : undefined;
  },
});
