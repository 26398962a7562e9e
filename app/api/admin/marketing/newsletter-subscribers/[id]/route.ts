import { rest } from "@/lib/http/rest";
import { newsletterSubscribers } from "@/lib/admin/marketing/newsletter-subscribers";
export const GET = rest(newsletterSubscribers.get);
export const PATCH = rest(newsletterSubscribers.update);
export const DELETE = rest(newsletterSubscribers.remove);
export * from "@/lib/http/unrouted";
