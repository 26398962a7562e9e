import { rest } from "@/lib/http/rest";
import { urlRedirects } from "@/lib/admin/marketing/url-redirects";
export const GET = rest(urlRedirects.get);
export const PATCH = rest(urlRedirects.update);
export const DELETE = rest(urlRedirects.remove);
export * from "@/lib/http/unrouted";
