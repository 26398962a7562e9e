// The storefront's own Shop API key, read on the server and handed to the browser (it is public by design).
// `STOREFRONT_KEY` wins; otherwise a key made for this storefront on first render is kept in a file beside the
// database (`STOREFRONT_KEY_FILE`, default data/reference-storefront-key.txt) and made again only when its record is
// gone (a reset database). A key an admin has deactivated (or rotated, or let expire) switches the storefront off:
// minting a new one would undo the admin's decision.
import fs from "node:fs";
import path from "node:path";
import { getDb, type Db } from "../../db/client.ts";
import { sha256 } from "../../auth/secrets.ts";
import { createStorefrontKey } from "../../storefront-keys/index.ts";

const keyFile = () => process.env.STOREFRONT_KEY_FILE || path.join("data", "reference-storefront-key.txt");

export type StorefrontAccess = { on: true; key: string } | { on: false; reason: string };

let queue: Promise<unknown> = Promise.resolve();

/** Whether the key's record allows shopping; null when there is no record. The IP allowlist is the shoppers' to meet. */
async function standing(db: Db, key: string, now = new Date()): Promise<StorefrontAccess | null> {
  const row = await db.storefrontKey.findUnique({ where: { keyHash: sha256(key) }, select: { status: true, expiresAt: true } });
  if (!row) return null;
  if (row.status !== "active") return { on: false, reason: "Its storefront key has been deactivated by an administrator." };
  if (row.expiresAt && row.expiresAt <= now) return { on: false, reason: "Its storefront key has expired." };
  return { on: true, key };
}

async function ownKey(): Promise<StorefrontAccess> {
  const db = await getDb();
  const file = keyFile();
  const saved = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : "";
  const known = saved ? await standing(db, saved) : null;
  if (known) return known;
  // Every visitor can read this key from the page, so it is a public key: the default budget, per client address.
  const { key } = await createStorefrontKey(db, { name: "Reference storefront", isPublic: true });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, key + "\n");
  return { on: true, key };
}

/** The key to shop with, or why this storefront is switched off. */
export async function storefrontAccess(): Promise<StorefrontAccess> {
  const configured = process.env.STOREFRONT_KEY;
  if (configured) {
    return (await standing(await getDb(), configured)) ?? { on: false, reason: "The configured storefront key (STOREFRONT_KEY) is not known to this store." };
  }
  // Checked on every render (one indexed read), one at a time so that concurrent first renders share one new key.
  const next = queue.then(ownKey, ownKey);
  queue = next.catch(() => undefined);
  return next;
}
