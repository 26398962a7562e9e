import { rest } from "@/lib/http/rest";
import { channels } from "@/lib/admin/settings/store";
export const GET = rest(channels.list);
export const POST = rest(channels.create);
export * from "@/lib/http/unrouted";
