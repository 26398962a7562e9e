import { rest } from "@/lib/http/rest";
import { channels } from "@/lib/admin/settings/store";
export const GET = rest(channels.get);
export const PATCH = rest(channels.update);
export const DELETE = rest(channels.remove);
export * from "@/lib/http/unrouted";
