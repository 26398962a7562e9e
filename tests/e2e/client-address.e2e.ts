// Issue 13 item 4 against the real server `npm start` runs: a client that reaches it directly cannot name its own
// address. With TRUST_PROXY unset the socket address is the client's address, so a forged X-Forwarded-For,
// X-Real-IP or the server's own peer header changes nothing an IP allowlist decides.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { baseUrl } from "./support/browser.ts";

let db: Awaited<ReturnType<typeof import("../../lib/db/client.ts").getDb>>;
let disconnect: () => Promise<void>;
let onlyOutside: string;
let onlyLoopback: string;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  const client = await import("../../lib/db/client.ts");
  const { createStorefrontKey } = await import("../../lib/storefront-keys/index.ts");
  db = await client.getDb();
  disconnect = client.disconnectDb;
  onlyOutside = (await createStorefrontKey(db, { name: "client-address outside", allowedIps: "10.9.9.9" })).key;
  onlyLoopback = (await createStorefrontKey(db, { name: "client-address loopback", allowedIps: "127.0.0.1" })).key;
});
afterAll(async () => {
  await db.storefrontKey.deleteMany({ where: { name: { startsWith: "client-address " } } });
  await disconnect();
});

const forgeries: Record<string, string>[] = [
  {},
  { "X-Forwarded-For": "10.9.9.9" },
  { "X-Forwarded-For": "10.9.9.9, 10.9.9.9" },
  { "X-Real-IP": "10.9.9.9" },
  { "X-Commerce-Peer": "10.9.9.9" },
];

async function status(key: string, headers: Record<string, string>) {
  const res = await fetch(`${baseUrl()}/api/shop/channels`, { headers: { "X-STOREFRONT-KEY": key, ...headers } });
  await res.arrayBuffer();
  return res.status;
}

describe("a direct client's address is the socket's", () => {
  it.each(forgeries)("a key allowed only 10.9.9.9 stays refused to 127.0.0.1 sending %o", async (headers) => {
    expect(await status(onlyOutside, headers)).toBe(403);
  });

  it.each(forgeries)("a key allowed only 127.0.0.1 still serves 127.0.0.1 sending %o", async (headers) => {
    expect(await status(onlyLoopback, headers)).toBe(200);
  });
});
