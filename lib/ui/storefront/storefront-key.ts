// The storefront's own Shop API key, read on the server and handed to the browser (it is public by design).
// `STOREFRONT_KEY` wins; otherwise a key made for this storefront on first render is kept in a file beside the
// database and made again if it stops working (a reset database, a deactivated key).
import fs from "node:fs";
import path from "node:path";
import { getDb } from "../../db/client.ts";
import { createStorefrontKey, verifyStorefrontKey } from "../../storefront-keys/index.ts";

const KEY_FILE = path.join("data", "reference-storefront-key.txt");
/** Every shopper of this storefront shares its key, so its budget is a site's, not a single client's. */
const RATE_LIMIT = 100_000;

let queue: Promise<unknown> = Promise.resolve();

async function ownKey(): Promise<string> {
  const db = await getDb();
  const saved = fs.existsSync(KEY_FILE) ? fs.readFileSync(KEY_FILE, "utf8").trim() : "";
  if (saved && (await verifyStorefrontKey(db, saved, null).then(() => true, () => false))) return saved;
  const { key } = await createStorefrontKey(db, { name: "Reference storefront", rateLimit: RATE_LIMIT });
  fs.mkdirSync(path.dirname(KEY_FILE), { recursive: true });
  fs.writeFileSync(KEY_FILE, key + "\n");
  return key;
}

export function storefrontKey(): Promise<string> {
  if (process.env.STOREFRONT_KEY) return Promise.resolve(process.env.STOREFRONT_KEY);
  // Checked on every render (one indexed read), one at a time so that concurrent first renders share one new key.
  const next = queue.then(ownKey, ownKey);
  queue = next.catch(() => undefined);
  return next;
}
