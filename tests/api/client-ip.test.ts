// Client addresses that can be trusted (lib/http/client-ip.ts): forwarded headers are believed only as far as
// TRUST_PROXY says, the socket address (passed on by lib/cli/server.mjs) is used when no proxy is configured, and a
// client reaching the server directly cannot pass an IP allowlist by naming an address in X-Forwarded-For, nor make
// the service believe it came over HTTPS by sending X-Forwarded-Proto (the panel cookie's Secure flag).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { call, storefrontKey } from "../support/client.ts";
import { adminToken, adminCall } from "../support/admin.ts";
import { clientIp, forwardedProto, parseTrustProxy, PEER_HEADER_KEY } from "../../lib/http/client-ip.ts";
import { clearedCookie, sessionCookie } from "../../lib/admin-session/http.ts";
import { startSession } from "../../lib/admin-session/routes.ts";
import bcrypt from "bcryptjs";
import { getDb, unique } from "../support/client.ts";
import { BASE } from "../support/app.ts";
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

const protoTable: { trust: string | undefined; peer: string | null; url?: string; headers?: Record<string, string>; proto: "http" | "https"; why: string }[] = [
  // Nobody trusted: the header is anyone's, and behind our server the connection is plain HTTP.
  { trust: undefined, peer: "203.0.113.7", headers: { "X-Forwarded-Proto": "https" }, proto: "http", why: "unset ignores a direct client's X-Forwarded-Proto" },
  { trust: undefined, peer: "203.0.113.7", url: "https://shop.test/", headers: { "X-Forwarded-Proto": "https" }, proto: "http", why: "unset: not even when Next.js built an https URL from that header" },
  { trust: "0", peer: null, url: "https://shop.test/", proto: "https", why: "no socket known (a bare next start): the request URL's protocol" },
  { trust: "0", peer: null, headers: { "X-Forwarded-Proto": "https" }, proto: "http", why: "no socket known: the header still is not believed" },
  // A trusted proxy in front.
  { trust: "1", peer: "10.0.0.2", headers: { "X-Forwarded-Proto": "https" }, proto: "https", why: "1 hop: the proxy's value" },
  { trust: "1", peer: "10.0.0.2", headers: { "X-Forwarded-Proto": "http" }, proto: "http", why: "1 hop: the proxy says plain HTTP" },
  { trust: "1", peer: "10.0.0.2", headers: { "X-Forwarded-Proto": "https, http" }, proto: "http", why: "1 hop: a value the client put before the proxy's is ignored" },
  { trust: "1", peer: "10.0.0.2", headers: { "X-Forwarded-Proto": "gopher" }, proto: "http", why: "1 hop: anything but http or https is ignored" },
  { trust: "2", peer: "10.0.0.2", headers: { "X-Forwarded-Proto": "https, http" }, proto: "https", why: "2 hops: the outer proxy's (the CDN's) value" },
  { trust: "10.0.0.0/8", peer: "10.0.0.2", headers: { "X-Forwarded-Proto": "HTTPS" }, proto: "https", why: "list: the peer is a listed proxy" },
  { trust: "10.0.0.0/8", peer: "203.0.113.7", headers: { "X-Forwarded-Proto": "https" }, proto: "http", why: "list: a direct client is not a proxy, its header is ignored" },
  { trust: "10.0.0.0/8", peer: null, url: "https://shop.test/", headers: { "X-Forwarded-Proto": "https" }, proto: "https", why: "list without a known socket: the request URL's protocol" },
];

describe("forwardedProto", () => {
  it.each(protoTable)("TRUST_PROXY=$trust: $why", ({ trust, peer, url, headers, proto }) => {
    process.env.TRUST_PROXY = trust;
    if (trust === undefined) delete process.env.TRUST_PROXY;
    const request = new Request(url ?? "http://shop.test/", { headers: { ...headers, ...(peer ? { [PEER]: peer } : {}) } });
    expect(forwardedProto(request)).toBe(proto);
  });
});

describe("the panel's session cookie is Secure only over HTTPS as TRUST_PROXY vouches for it", () => {
  const expires = new Date(Date.now() + 3600_000);
  const withProto = (peer: string, proto: string) => new Request(`${BASE}/admin/api/session`, { headers: { "X-Forwarded-Proto": proto, [PEER]: peer } });
  afterEach(() => {
    delete process.env.PUBLIC_URL;
  });

  it("a direct client claiming https gets no Secure cookie; the trusted proxy's https gets one", () => {
    delete process.env.TRUST_PROXY;
    expect(sessionCookie(withProto("203.0.113.7", "https"), "t", expires)).not.toMatch(/;\s*Secure/);
    expect(clearedCookie(withProto("203.0.113.7", "https"))).not.toMatch(/;\s*Secure/);
    process.env.TRUST_PROXY = "loopback";
    expect(sessionCookie(withProto("203.0.113.7", "https"), "t", expires)).not.toMatch(/;\s*Secure/);
    expect(sessionCookie(withProto("127.0.0.1", "https"), "t", expires)).toMatch(/;\s*Secure/);
    expect(clearedCookie(withProto("127.0.0.1", "https"))).toMatch(/;\s*Secure/);
    expect(sessionCookie(withProto("127.0.0.1", "http"), "t", expires)).not.toMatch(/;\s*Secure/);
  });

  it("an HTTPS PUBLIC_URL makes it Secure whatever the request says", () => {
    delete process.env.TRUST_PROXY;
    process.env.PUBLIC_URL = "https://shop.example.com";
    expect(sessionCookie(withProto("203.0.113.7", "http"), "t", expires)).toMatch(/;\s*Secure/);
  });

  it("on a real sign-in", async () => {
    const db = await getDb();
    const role = await db.adminRole.create({ data: { name: unique("role"), permissionType: "all", permissions: [] } });
    const email = `${unique("proto")}@example.com`;
    const password = "Quiet-Harbor-Lamp-42";
    await db.adminUser.create({ data: { name: "Proto", email, passwordHash: await bcrypt.hash(password, 4), roleId: role.id, status: true, isOwner: false } });
    const signIn = (peer: string) =>
      startSession(
        new Request(`${BASE}/admin/api/session`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-Proto": "https", [PEER]: peer },
          body: JSON.stringify({ email, password }),
        }),
      );
    process.env.TRUST_PROXY = "10.0.0.0/8";
    const direct = await signIn("203.0.113.7");
    expect(direct.status).toBe(200);
    expect(direct.headers.get("set-cookie")).not.toMatch(/;\s*Secure/);
    const proxied = await signIn("10.0.0.2");
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get("set-cookie")).toMatch(/;\s*Secure/);
    expect(await db.adminSession.count({ where: { admin: { email } } })).toBe(2);
  });
});
