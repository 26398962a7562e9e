// Requests the store sends to an address someone else chose (a webhook subscription's URL). Such an address must not
// reach into the store's own network (SSRF): a host that is, or resolves to, a loopback, private, link-local,
// shared, multicast or reserved address is refused, at the moment of connecting (so a name that resolves to a public
// address when checked and a private one when used is caught), unless the operator allows that network in
// OUTBOUND_ALLOWED_NETWORKS (CIDRs, e.g. `10.1.0.0/16,127.0.0.1/32`). Redirects are answered, never followed; the
// answer is read up to a small cap; every request has a timeout.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export interface OutboundAnswer {
  /** The receiver's status; null when none came (refused address, timeout, connection error). */
  status: number | null;
  durationMs: number;
  /** The start of the answer's body (RESPONSE_CAP bytes at most). */
  body: string;
  /** Why no status came, or null. */
  error: string | null;
}

const RESPONSE_CAP = 2048;

/** The networks the operator lets outbound requests reach beyond the public internet. */
function allowedNetworks(): [ipaddr.IPv4 | ipaddr.IPv6, number][] {
  return (process.env.OUTBOUND_ALLOWED_NETWORKS ?? "")
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean)
    .flatMap((c) => {
      try {
        return [ipaddr.parseCIDR(c.includes("/") ? c : `${c}/${c.includes(":") ? 128 : 32}`)];
      } catch {
        return [];
      }
    });
}

/** Why `address` may not be reached, or null when it may: only public unicast, or a network the operator allows. */
export function refusedAddress(address: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address); // an IPv4-mapped IPv6 address is judged as the IPv4 address it is
  } catch {
    return `${address} is not an IP address`;
  }
  const range = ip.range();
  if (range === "unicast") return null;
  if (allowedNetworks().some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits))) return null;
  return `${address} is a ${range} address, which outbound requests may not reach (OUTBOUND_ALLOWED_NETWORKS allows a network)`;
}

/** Resolves as Node would, then refuses the connection if any address found may not be reached. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const list = addresses;
    const refused = list.map((a) => refusedAddress(a.address)).find(Boolean);
    if (refused) return callback(Object.assign(new Error(`${hostname}: ${refused}`), { code: "EREFUSED_ADDRESS" }), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

/** What is wrong with `u` before any lookup: not http(s), credentials in it, or an IP literal it may not reach. */
function refusedShape(u: URL): string | null {
  if (u.protocol !== "https:" && u.protocol !== "http:") return "must be an http or https URL";
  if (u.username || u.password) return "must not carry a user name or password";
  const host = u.hostname.replace(/^\[|\]$/g, "");
  // An IP literal is connected to without a lookup, so `guardedLookup` never sees it: it is judged here.
  return ipaddr.isValid(host) ? refusedAddress(host) : null;
}

/**
 * Why `url` may not be used as an outbound address, or null: http(s) only, no credentials in it, and a host that is
 * not, and does not now resolve to, an address it may not reach.
 */
export async function refusedUrl(url: string): Promise<string | null> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "is not a URL";
  }
  const host = u.hostname.replace(/^\[|\]$/g, "");
  const shape = refusedShape(u);
  if (shape || ipaddr.isValid(host)) return shape;
  try {
    const found = await dns.promises.lookup(host, { all: true });
    return found.map((a) => refusedAddress(a.address)).find(Boolean) ?? null;
  } catch {
    return `names a host that does not resolve (${host})`;
  }
}

/** POSTs `body` to `url` with `headers`; never throws, never follows a redirect. A name is judged as it is looked up. */
export async function postOutbound(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<OutboundAnswer> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const u = new URL(url);
  const refused = refusedShape(u);
  if (refused) return { status: null, durationMs: took(), body: "", error: `The URL ${refused}.` };
  return new Promise((resolve) => {
    const req = (u.protocol === "https:" ? https : http).request(
      u,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "user-agent": "commerce-webhooks/1", ...headers },
        lookup: guardedLookup,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          if (size < RESPONSE_CAP) chunks.push(c.subarray(0, RESPONSE_CAP - size));
          size += c.length;
          if (size >= RESPONSE_CAP) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? null, durationMs: took(), body: Buffer.concat(chunks).toString("utf8"), error: null });
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", (e) => resolve({ status: null, durationMs: took(), body: "", error: e.message }));
    req.end(body);
  });
}
