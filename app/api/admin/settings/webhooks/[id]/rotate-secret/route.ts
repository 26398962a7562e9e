import { rest } from "@/lib/http/rest";
import { rotateAdminWebhookSecret } from "@/lib/events/subscriptions";
export const POST = rest(rotateAdminWebhookSecret);
export * from "@/lib/http/unrouted";
