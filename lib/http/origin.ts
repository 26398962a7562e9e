// The store's own origin for a request: PUBLIC_URL when it is set (production requires it). Without it, Next.js
// gives a route handler a URL built from the hostname and port the server was started with (`npm start`:
// http://localhost:3000), not from the address the browser used, so a shopper at http://127.0.0.1:3000 or at a LAN
// address had their own return URLs refused as foreign. Outside production the Host header the browser sent names
// the origin instead; in production it is never believed (anyone can send any Host), and the started URL stands.

// A host name, an IPv4 or bracketed IPv6 address, and an optional port: nothing a URL parser would read as a path.
const HOST = /^[a-z\d.-]+(:\d{1,5})?$|^\[[a-f\d:.]+\](:\d{1,5})?$/i;

export function ownOrigin(req: Request): string {
  if (process.env.PUBLIC_URL) return process.env.PUBLIC_URL;
  const url = new URL(req.url);
  if (process.env.NODE_ENV === "production") return url.origin;
  const host = req.headers.get("host")?.trim();
  if (!host || !HOST.test(host)) return url.origin;
  try {
    return new URL(`${url.protocol}//${host}`).origin;
  } catch {
    return url.origin;
  }
}
