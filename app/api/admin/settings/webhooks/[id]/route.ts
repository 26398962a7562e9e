import { rest } from "@/lib/http/rest";
import { webhooks } from "@/lib/events/subscriptions";
export const GET = rest(webhooks.get);
export const PATCH = rest(webhooks.update);
export const DELETE = rest(webhooks.remove);
export * from "@/lib/http/unrouted";
