import { rest } from "@/lib/http/rest";
import { channels } from "@/lib/store/operations";
export const GET = rest(channels);
export * from "@/lib/http/unrouted";
