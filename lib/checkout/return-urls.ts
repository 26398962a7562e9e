// Where the payment gateway may send a shopper back to: the store's own origin (PUBLIC_URL, else the request's)
// or an origin configured for storefronts (STOREFRONT_ORIGINS). Any other target would make the gateway an open
// redirect: a link that starts on the store's domain and ends on a phishing page.
import { Validation } from "../errors.ts";

export const RETURN_URL_FIELDS = ["paymentSuccessUrl", "paymentFailureUrl", "paymentCancelUrl"] as const;
export type ReturnUrls = Partial<Record<(typeof RETURN_URL_FIELDS)[number], string>>;

/** `STOREFRONT_ORIGINS`, comma-separated, each normalised by the URL parser; entries that are no http(s) URL are ignored. */
export function storefrontOrigins(): string[] {
  const out: string[] = [];
  for (const entry of (process.env.STOREFRONT_ORIGINS ?? "").split(",")) {
    const url = parse(entry.trim());
    if (url) out.push(url.origin);
  }
  return out;
}

function parse(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * True when `raw` is an absolute http(s) URL on an allowed origin. The WHATWG parser decides the origin, as the
 * browser following the redirect will; on top of that, userinfo (`http://evil@shop.example` reads as a host to
 * people) and backslashes or control characters (parsers other than browsers' disagree on them) are refused.
 */
export function isAllowedReturnUrl(raw: string, baseUrl: string): boolean {
  if (/[\\\s\p{Cc}]/u.test(raw)) return false;
  const url = parse(raw);
  if (!url || url.username || url.password) return false;
  const own = parse(baseUrl)?.origin;
  return url.origin === own || storefrontOrigins().includes(url.origin);
}

/** Throws one 422 naming every return URL that leads off the allowed origins. */
export function assertReturnUrls(input: ReturnUrls, baseUrl: string): void {
  const errors: Record<string, string[]> = {};
  for (const field of RETURN_URL_FIELDS) {
    const value = input[field];
    if (value !== undefined && value !== null && !isAllowedReturnUrl(value, baseUrl)) {
      errors[field] = ["must be a URL on the store's own origin or on one of its storefront origins (STOREFRONT_ORIGINS)"];
    }
  }
  const fields = Object.keys(errors);
  if (fields.length) throw new Validation(`${fields.join(", ")}: the payment gateway only returns shoppers to the store's own or its storefronts' origins.`, errors);
}
