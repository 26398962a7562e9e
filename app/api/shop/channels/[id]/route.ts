import { rest } from "@/lib/http/rest";
import { channel } from "@/lib/store/operations";
export const GET = rest(channel);
export * from "@/lib/http/unrouted";
