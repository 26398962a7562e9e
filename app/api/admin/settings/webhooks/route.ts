import { rest } from "@/lib/http/rest";
import { createAdminWebhook, webhooks } from "@/lib/events/subscriptions";
export const GET = rest(webhooks.list);
export const POST = rest(createAdminWebhook);
export * from "@/lib/http/unrouted";
