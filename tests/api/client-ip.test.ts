// Client addresses that can be trusted (lib/http/client-ip.ts): forwarded headers are believed only as far as
// TRUST_PROXY says, the socket address (passed on by lib/cli/server.mjs) is used when no proxy is configured, and a
// client reaching the server directly cannot pass an IP allowlist by naming an address in X-Forwarded-For.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { call, storefrontKey } from "../support/client.ts";
import { adminToken, adminCall } from "../support/admin.ts";
import { clientIp, parseTrustProxy, PEER_HEADER_KEY } from "../../lib/http/client-ip.ts";
import { announcePeerHeader, PEER_HEADER, withPeerAddress } from "../../lib/cli/peer.mjs";

const PEER: string = PEER_HEADER;
const globals = globalThis as Record<symbol, unknown>;
let savedTrust: string | undefined;

beforeEach(() => {
  savedTrust = process.env.TRUST_PROXY;
  globals[PEER_HEADER_KEY] = PEER; // as lib/cli/server.mjs announces it
});
afterEach(() => {
  process.env.TRUST_PROXY = savedTrust;
  delete globals[PEER_HEADER_KEY];
});

const req = (peer: string | null, headers: Record<string, string> = {}) =>
  new Request("http://shop.test/", { headers: { ...headers, ...(peer ? { [PEER]: peer } : {}) } });

const table: { trust: string | undefined; peer: string | null; headers?: Record<string, string>; ip: string | null; why: string }[] = [
  // No proxy configured: the socket, whatever the client writes.
  { trust: undefined, peer: "203.0.113.7", headers: { "X-Forwarded-For": "10.1.2.3" }, ip: "203.0.113.7", why: "unset ignores a forged X-Forwarded-For" },
  { trust: "0", peer: "203.0.113.7", headers: { "X-Real-IP": "10.1.2.3" }, ip: "203.0.113.7", why: "0 ignores a forged X-Real-IP" },
  { trust: "false", peer: "::ffff:198.51.100.2", ip: "198.51.100.2", why: "a dual-stack socket's mapped IPv4 is plain IPv4" },
  { trust: undefined, peer: null, headers: { "X-Forwarded-For": "10.1.2.3" }, ip: null, why: "no socket known and no proxy trusted: no address" },
  // One proxy (nginx appends the client).
  { trust: "1", peer: "10.0.0.2", headers: { "X-Forwarded-For": "198.51.100.9" }, ip: "198.51.100.9", why: "1 hop: the address the proxy appended" },
  { trust: "1", peer: "10.0.0.2", headers: { "X-Forwarded-For": "10.1.2.3, 198.51.100.9" }, ip: "198.51.100.9", why: "1 hop: a hop the client forged before the proxy's is ignored" },
  { trust: "1", peer: "203.0.113.7", ip: "203.0.113.7", why: "1 hop, nothing forwarded: the socket" },
  // Two proxies (CDN, then nginx).
  { trust: "2", peer: "10.0.0.2", headers: { "X-Forwarded-For": "10.1.2.3, 198.51.100.9, 192.0.2.50" }, ip: "198.51.100.9", why: "2 hops: the address the CDN appended" },
  { trust: "2", peer: "10.0.0.2", headers: { "X-Forwarded-For": "198.51.100.9" }, ip: "198.51.100.9", why: "2 hops, one given: the leftmost" },
  // A list of proxies: believed only while the hop is one of them.
  { trust: "10.0.0.0/8", peer: "10.0.0.2", headers: { "X-Forwarded-For": "10.1.2.3, 198.51.100.9" }, ip: "198.51.100.9", why: "list: the first hop not from a listed proxy" },
  { trust: "10.0.0.0/8", peer: "203.0.113.7", headers: { "X-Forwarded-For": "10.1.2.3" }, ip: "203.0.113.7", why: "list: a direct client is not a proxy, its header is ignored" },
  { trust: "10.0.0.0/8, 192.0.2.50", peer: "10.0.0.2", headers: { "X-Forwarded-For": "198.51.100.9, 192.0.2.50" }, ip: "198.51.100.9", why: "list: CDN address and nginx range" },
  { trust: "loopback", peer: "::1", headers: { "X-Forwarded-For": "198.51.100.9" }, ip: "198.51.100.9", why: "list: a named range" },
  { trust: "10.0.0.0/8", peer: null, headers: { "X-Forwarded-For": "10.1.2.3" }, ip: null, why: "list without a known socket: nothing can be checked" },
];

describe("clientIp", () => {
  it.each(table)("TRUST_PROXY=$trust: $why", ({ trust, peer, headers, ip }) => {
    process.env.TRUST_PROXY = trust;
    if (trust === undefined) delete process.env.TRUST_PROXY;
    expect(clientIp(req(peer, headers))).toBe(ip);
  });

  it("believes the socket header only from the server that sets it", () => {
    delete process.env.TRUST_PROXY;
    delete globals[PEER_HEADER_KEY]; // a bare `next start`: anyone could send that header
    expect(clientIp(req("10.1.2.3"))).toBeNull();
  });

  it("refuses a TRUST_PROXY it cannot read", () => {
    expect(() => parseTrustProxy("true")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("10.0.0.0/99")).toThrow(/TRUST_PROXY/);
    expect(parseTrustProxy(" 2 ")).toEqual({ kind: "hops", hops: 2 });
  });
});

describe("IP allowlists see only the trusted address", () => {
  it("a direct client forging X-Forwarded-For is refused by an allowlisted storefront key and integration token", async () => {
    const key = await storefrontKey({ allowedIps: "10.1.0.0/16" });
    const token = await adminToken({ allowedIps: "10.1.0.0/16" });
    const forged = { "X-Forwarded-For": "10.1.2.3" };
    delete process.env.TRUST_PROXY; // no proxy in front: the socket is the client
    const shop = await call("GET", "/api/shop/locales", undefined, { key, headers: { ...forged, [PEER]: "203.0.113.7" } });
    expect(shop.status).toBe(403);
    expect(shop.body).toMatchObject({ error: "invalid_key" });
    const admin = await adminCall(token, "GET", "/api/admin/settings/locales", undefined, { headers: { ...forged, [PEER]: "203.0.113.7" } });
    expect(admin.status).toBe(401);
    // The same caller from inside the range is let in, on both.
    expect((await call("GET", "/api/shop/locales", undefined, { key, headers: { [PEER]: "10.1.9.9" } })).status).toBe(200);
    expect((await adminCall(token, "GET", "/api/admin/settings/locales", undefined, { headers: { [PEER]: "10.1.9.9" } })).status).toBe(200);
    // Behind one trusted proxy the proxy's appended hop counts, a hop forged before it does not.
    process.env.TRUST_PROXY = "10.0.0.0/24";
    expect((await call("GET", "/api/shop/locales", undefined, { key, headers: { "X-Forwarded-For": "10.1.2.3, 198.51.100.9", [PEER]: "10.0.0.2" } })).status).toBe(403);
    expect((await call("GET", "/api/shop/locales", undefined, { key, headers: { "X-Forwarded-For": "198.51.100.9, 10.1.2.3", [PEER]: "10.0.0.2" } })).status).toBe(200);
  });
});

describe("the server `npm start` runs", () => {
  it("passes on the real socket address and drops a forged one", async () => {
    delete globals[PEER_HEADER_KEY];
    announcePeerHeader();
    expect(globals[PEER_HEADER_KEY]).toBe(PEER);
    delete process.env.TRUST_PROXY;
    // Stands in for Next.js' handler: the route's view of the request is a Web Request built from these headers.
    const server = http.createServer(
      withPeerAddress(async (req: http.IncomingMessage, res: http.ServerResponse) => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
        res.end(JSON.stringify({ ip: clientIp(new Request("http://shop.test/", { headers })) }));
      }),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Forwarded-For": "10.1.2.3", "X-Real-IP": "10.1.2.3", [PEER]: "10.1.2.3" } });
      expect(await res.json()).toEqual({ ip: "127.0.0.1" });
    } finally {
      server.close();
    }
  });
});
