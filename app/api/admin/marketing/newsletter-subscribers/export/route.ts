import { rest } from "@/lib/http/rest";
import { exportAdminNewsletterSubscribers } from "@/lib/admin/marketing/newsletter-subscribers";
export const GET = rest(exportAdminNewsletterSubscribers);
export * from "@/lib/http/unrouted";
