// Where the payment gateway may send a shopper back to: the store's own origin (PUBLIC_URL, else the one the
// request reached, lib/http/origin.ts) or an origin configured for storefronts (STOREFRONT_ORIGINS). Any other
// target would make the gateway an open redirect: a link that starts on the store's domain and ends on a phishing
// page. A relative path (the family's storefronts send `payment/success`) is resolved against the storefront that
// asked, named by the request's Origin header when that origin is allowed, else against the store's own origin;
// never against a host the request is free to name.
import type { RequestContext } from "../context.ts";
import { Validation } from "../errors.ts";

export const RETURN_URL_FIELDS = ["paymentSuccessUrl", "paymentFailureUrl", "paymentCancelUrl"] as const;
export type ReturnUrlInput = Partial<Record<(typeof RETURN_URL_FIELDS)[number], string>>;

/** The return URLs a gateway session keeps, absolute. */
export interface ReturnUrls {
  successUrl: string | null;
  failureUrl: string | null;
  cancelUrl: string | null;
}

/** `STOREFRONT_ORIGINS`, comma-separated, each normalised by the URL parser; entries that are no http(s) URL are ignored. */
export function storefrontOrigins(): string[] {
  const out: string[] = [];
  for (const entry of (process.env.STOREFRONT_ORIGINS ?? "").split(",")) {
    const url = parse(entry.trim());
    if (url) out.push(url.origin);
  }
  return out;
}

function parse(raw: string, base?: string): URL | null {
  try {
    const url = new URL(raw, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

const isAllowedOrigin = (origin: string, baseUrl: string) => origin === parse(baseUrl)?.origin || storefrontOrigins().includes(origin);

// Backslashes and control characters: parsers other than browsers' disagree on them.
const AMBIGUOUS = /[\\\s\p{Cc}]/u;
// A scheme makes a reference absolute (RFC 3986 §3.1); anything else is a path relative to the storefront.
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * True when `raw` is an absolute http(s) URL on an allowed origin. The WHATWG parser decides the origin, as the
 * browser following the redirect will; on top of that, userinfo (`http://evil@shop.example` reads as a host to
 * people) and backslashes or control characters are refused.
 */
export function isAllowedReturnUrl(raw: string, baseUrl: string): boolean {
  if (AMBIGUOUS.test(raw) || !HAS_SCHEME.test(raw)) return false;
  const url = parse(raw);
  return !!url && !url.username && !url.password && isAllowedOrigin(url.origin, baseUrl);
}

/** The origin relative return paths resolve against: the request's Origin when it is allowed, else the store's own. */
function storefrontOrigin(ctx: Pick<RequestContext, "baseUrl" | "origin">): string {
  const sent = ctx.origin ? parse(ctx.origin) : null;
  // `Origin: null` (a sandboxed page) and anything with a path or userinfo are no origin to resolve against.
  if (sent && sent.href === `${sent.origin}/` && isAllowedOrigin(sent.origin, ctx.baseUrl)) return sent.origin;
  return parse(ctx.baseUrl)?.origin ?? ctx.baseUrl;
}

/** One return URL as the session keeps it: an allowed absolute URL as given, a relative path resolved; else null. */
function resolveReturnUrl(raw: string, ctx: Pick<RequestContext, "baseUrl" | "origin">): string | null {
  if (HAS_SCHEME.test(raw)) return isAllowedReturnUrl(raw, ctx.baseUrl) ? raw : null;
  // `//host` (and `///host`, which parsers fold to it) names a host of the request's choosing.
  if (AMBIGUOUS.test(raw) || raw.startsWith("//")) return null;
  const base = storefrontOrigin(ctx);
  const url = parse(raw, base);
  return url && url.origin === base ? url.href : null;
}

/** The return URLs of an offsite payment, resolved; one 422 names every field that leads off the allowed origins. */
export function resolveReturnUrls(input: ReturnUrlInput, ctx: Pick<RequestContext, "baseUrl" | "origin">): ReturnUrls {
  const errors: Record<string, string[]> = {};
  const out: Record<string, string | null> = {};
  for (const field of RETURN_URL_FIELDS) {
    // An empty value is no URL, as an absent one.
    const value = input[field] || null;
    const resolved = value === null ? null : resolveReturnUrl(value, ctx);
    if (value !== null && resolved === null) {
      errors[field] = ["must be a path, or a URL on the store's own origin or on one of its storefront origins (STOREFRONT_ORIGINS)"];
    }
    out[field] = resolved;
  }
  const fields = Object.keys(errors);
  if (fields.length) throw new Validation(`${fields.join(", ")}: the payment gateway only returns shoppers to the store's own or its storefronts' origins.`, errors);
  return { successUrl: out.paymentSuccessUrl, failureUrl: out.paymentFailureUrl, cancelUrl: out.paymentCancelUrl };
}
