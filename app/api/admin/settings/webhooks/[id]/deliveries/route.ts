import { rest } from "@/lib/http/rest";
import { listAdminWebhookDeliveries } from "@/lib/events/subscriptions";
export const GET = rest(listAdminWebhookDeliveries);
export * from "@/lib/http/unrouted";
