// PUBLIC_URL: the origin the store is reached at from outside (https://shop.example.com). Links in mail, image and
// download URLs, the API documents' server and the panel's host check are built from it; without it they fall back
// to the origin a request names, which in production is whatever Host header a client sends. So a production
// start requires it (lib/cli/commands.ts, serve).
import { ConfigError } from "../errors.ts";

const EXAMPLE = "https://shop.example.com";

/**
 * The origin PUBLIC_URL names, or null when it is unset and not `required`. Throws a one-line ConfigError when it
 * is missing but required, or anything but a bare http(s) origin: the app appends paths to it as it is, so a path,
 * a query or even a trailing slash would end up in every link. Only the parts at fault are quoted back.
 */
export function parsePublicUrl(value: string | undefined, required: boolean): string | null {
  const v = value?.trim();
  if (!v) {
    if (required) throw new ConfigError(`PUBLIC_URL is required in production: set it to the store's public origin, e.g. PUBLIC_URL=${EXAMPLE}.`);
    return null;
  }
  const refuse = (why: string) => new ConfigError(`PUBLIC_URL must be the store's public origin, like ${EXAMPLE}, but ${why}.`);
  if (v !== value) throw refuse("it has spaces around it");
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw refuse("it is not an absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse(`its scheme is "${url.protocol}"`);
  if (url.username || url.password) throw refuse("it carries a user name or password");
  if (url.search || v.includes("?")) throw refuse("it has a query");
  if (url.hash || v.includes("#")) throw refuse("it has a fragment");
  if (url.pathname !== "/") throw refuse(`it has a path (${url.pathname})`);
  if (v.endsWith("/")) throw refuse("it ends with a slash");
  // What is left differs from the origin only in how it is written (upper case, a default port): ask for the
  // form browsers send, which the panel's host check and the redirect allowlist compare with.
  if (v !== url.origin) throw refuse(`it is written differently from its origin: use ${url.origin}`);
  return url.origin;
}
