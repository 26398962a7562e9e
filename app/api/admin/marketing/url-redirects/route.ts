import { rest } from "@/lib/http/rest";
import { urlRedirects } from "@/lib/admin/marketing/url-redirects";
export const GET = rest(urlRedirects.list);
export const POST = rest(urlRedirects.create);
export * from "@/lib/http/unrouted";
