import { rest } from "@/lib/http/rest";
import { replayAdminWebhookDelivery } from "@/lib/events/subscriptions";
export const POST = rest(replayAdminWebhookDelivery);
export * from "@/lib/http/unrouted";
