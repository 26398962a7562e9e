// IP allowlists: a comma-separated list of addresses or CIDR ranges, IPv4 or IPv6.
import ipaddr from "ipaddr.js";
import { Validation } from "../errors.ts";

export type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

export function parseRange(entry: string): Range {
  const e = entry.trim();
  if (e.includes("/")) return ipaddr.parseCIDR(e);
  const addr = ipaddr.parse(e);
  return [addr, addr.kind() === "ipv4" ? 32 : 128];
}

/** Checks and normalises an allowlist given by an operator; throws a 422 naming the bad entry. */
export function normaliseAllowlist(list: string | string[] | null | undefined, field = "allowedIps"): string | null {
  if (list == null) return null;
  const entries = (Array.isArray(list) ? list : list.split(",")).map((s) => s.trim()).filter(Boolean);
  if (entries.length === 0) return null;
  for (const e of entries) {
    try {
      parseRange(e);
    } catch {
      throw Validation.field(field, `"${e}" is not an IP address or CIDR range.`);
    }
  }
  return entries.join(",");
}

/** True when there is no allowlist, or the address falls in one of its ranges. */
export function ipAllowed(allowlist: string | null, ip: string | null): boolean {
  if (!allowlist) return true;
  if (!ip) return false;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip);
  } catch {
    return false;
  }
  return allowlist.split(",").some((entry) => {
    try {
      return inRange(addr, parseRange(entry));
    } catch {
      return false;
    }
  });
}

/** Whether an address (already through ipaddr.process) lies in a range; IPv4 also matches IPv4-mapped IPv6 ranges. */
export function inRange(addr: ipaddr.IPv4 | ipaddr.IPv6, [range, bits]: Range): boolean {
  const candidate = range.kind() === "ipv6" && addr.kind() === "ipv4" ? (addr as ipaddr.IPv4).toIPv4MappedAddress() : addr;
  return candidate.kind() === range.kind() && candidate.match([range, bits] as never);
}

/** A range in IPv6 space (IPv4 as IPv4-mapped), so IPv4 and IPv4-mapped entries compare alike. */
function asIpv6Range(entry: string): [ipaddr.IPv6, number] {
  const [addr, bits] = parseRange(entry);
  return addr.kind() === "ipv4" ? [(addr as ipaddr.IPv4).toIPv4MappedAddress(), bits + 96] : [addr as ipaddr.IPv6, bits];
}

/** Every range of `inner` lies inside some range of `outer` (both normalised allowlists). */
export function allowlistWithin(inner: string, outer: string): boolean {
  const outers = outer.split(",").map(asIpv6Range);
  return inner.split(",").every((entry) => {
    const [addr, bits] = asIpv6Range(entry);
    return outers.some(([o, oBits]) => bits >= oBits && addr.match(o, oBits));
  });
}
