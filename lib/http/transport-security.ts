// Strict-Transport-Security, one value for every answer: the APIs' (lib/http/respond.ts) and the pages' (proxy.ts).
// Production only: a development server runs on plain http://localhost, where a remembered HSTS policy would get in
// the way of every other local app on that host name. No imports: proxy.ts loads this file.

export const HSTS = "max-age=31536000; includeSubDomains";

/** The header's value when this process serves production, else null (no header). */
export function strictTransportSecurity(): string | null {
  return process.env.NODE_ENV === "production" ? HSTS : null;
}
