import { rest } from "@/lib/http/rest";
import { newsletterSubscribers } from "@/lib/admin/marketing/newsletter-subscribers";
export const GET = rest(newsletterSubscribers.list);
export * from "@/lib/http/unrouted";
