import { rest } from "@/lib/http/rest";
import { listAdminEvents } from "@/lib/events/operations";
export const GET = rest(listAdminEvents);
export * from "@/lib/http/unrouted";
