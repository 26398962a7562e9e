// The caller's address, believing forwarded headers only as far as TRUST_PROXY says (README, "Client addresses").
//
// The chain is X-Forwarded-For's hops followed by the peer, the address of the socket the request came in on.
// Next.js route handlers do not see the socket, and Next only fills X-Forwarded-For with it when a client sent none,
// so the server `npm start` runs (lib/cli/server.mjs, lib/cli/peer.mjs) puts the socket address in a header of its own, after removing
// any such header a client sent, and announces that header's name on globalThis. Without that server (a bare
// `next start`, Vercel) the peer is unknown: a hop count still works, a proxy list cannot be checked.
import ipaddr from "ipaddr.js";
import { inRange, parseRange, type Range } from "../auth/ip.ts";

/** Where lib/cli/peer.mjs announces the name of the header that carries the socket address. */
export const PEER_HEADER_KEY = Symbol.for("commerce.peerHeader");

export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "proxies"; ranges: Range[] };

// Names proxy-addr and Express accept, for proxies on the same host or a private network.
const NAMED: Record<string, string[]> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/**
 * TRUST_PROXY: unset, empty, `0` or `false` believes no forwarded header; a number N believes the last N hops of
 * X-Forwarded-For (N proxies in front); a comma list of addresses, CIDR ranges or `loopback`/`linklocal`/
 * `uniquelocal` believes hops only while they come from one of those proxies. Throws on anything else.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? "").trim();
  if (v === "" || v === "0" || v.toLowerCase() === "false") return { kind: "none" };
  if (/^\d+$/.test(v)) return { kind: "hops", hops: Number(v) };
  const ranges: Range[] = [];
  for (const entry of v.split(",").map((s) => s.trim()).filter(Boolean)) {
    for (const e of NAMED[entry.toLowerCase()] ?? [entry]) {
      try {
        ranges.push(parseRange(e));
      } catch {
        throw new Error(`TRUST_PROXY: "${entry}" is neither a hop count nor a proxy address, CIDR range, loopback, linklocal or uniquelocal.`);
      }
    }
  }
  return { kind: "proxies", ranges };
}

let cached: { value: string | undefined; trust: TrustProxy } | null = null;
/** TRUST_PROXY as parsed, re-read when the variable changes (tests set it per case). */
export function trustProxy(): TrustProxy {
  const value = process.env.TRUST_PROXY;
  if (!cached || cached.value !== value) cached = { value, trust: parseTrustProxy(value) };
  return cached.trust;
}

/** The socket address, when the request came through lib/cli/server.mjs (which sets the header and strips forgeries). */
export function peerAddress(req: Request): string | null {
  const header = (globalThis as Record<symbol, unknown>)[PEER_HEADER_KEY];
  return typeof header === "string" ? req.headers.get(header) || null : null;
}

/** IPv4-mapped IPv6 (`::ffff:10.0.0.1`, as dual-stack sockets report) as plain IPv4; anything unparsable as given. */
function normalise(addr: string | null): string | null {
  if (!addr) return null;
  try {
    return ipaddr.process(addr).toString();
  } catch {
    return addr;
  }
}

function isProxy(addr: string | null, ranges: Range[]): boolean {
  if (!addr) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(addr);
  } catch {
    return false;
  }
  return ranges.some((r) => inRange(parsed, r));
}

/**
 * The client's address: walking from the peer leftwards through X-Forwarded-For, the first hop not vouched for by
 * a trusted proxy (the leftmost when all are). X-Real-IP is never believed: nothing says who set it. Null when the
 * address cannot be known, which IP allowlists refuse.
 */
export function clientIp(req: Request, trust: TrustProxy = trustProxy()): string | null {
  const peer = peerAddress(req);
  if (trust.kind === "none") return normalise(peer);
  const forwarded = (req.headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const chain: (string | null)[] = [...forwarded, peer];
  for (let i = chain.length - 1, depth = 0; i > 0; i--, depth++) {
    const trusted = trust.kind === "hops" ? depth < trust.hops : isProxy(chain[i], trust.ranges);
    if (!trusted) return normalise(chain[i]);
  }
  return normalise(chain[0]);
}

/**
 * How many proxies in front are trusted: the hop count, or how many hops at the right end of the chain
 * (X-Forwarded-For's hops, then the peer) are listed proxies.
 */
function trustedHops(req: Request, trust: TrustProxy): number {
  if (trust.kind === "none") return 0;
  if (trust.kind === "hops") return trust.hops;
  const forwarded = (req.headers.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const chain: (string | null)[] = [...forwarded, peerAddress(req)];
  let n = 0;
  while (n < chain.length && isProxy(chain[chain.length - 1 - n], trust.ranges)) n++;
  return n;
}

/**
 * The protocol the client used, believing X-Forwarded-Proto only as far as TRUST_PROXY says, like the address: when
 * the immediate peer is a trusted proxy, the value the outermost trusted proxy wrote (with one proxy, or proxies
 * that replace the header, its only value). Anyone else's header is ignored: Next.js builds the request URL's
 * protocol from that very header, so behind the server `npm start` runs (lib/cli/server.mjs, plain HTTP, which
 * passes on the peer) the answer is then "http"; without it (a bare `next start`, a platform that terminates TLS
 * itself) the request URL's protocol is all there is.
 */
export function forwardedProto(req: Request, trust: TrustProxy = trustProxy()): "http" | "https" {
  const hops = trustedHops(req, trust);
  const claimed = (req.headers.get("x-forwarded-proto") ?? "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (hops > 0 && claimed.length) {
    const proto = claimed[Math.max(0, claimed.length - hops)];
    if (proto === "https" || proto === "http") return proto;
  }
  if (peerAddress(req)) return "http";
  return new URL(req.url).protocol === "https:" ? "https" : "http";
}
