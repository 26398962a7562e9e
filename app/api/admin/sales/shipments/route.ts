import { rest } from "@/lib/http/rest";
import { shipments } from "@/lib/admin/sales/documents";
export const GET = rest(shipments.list);
export * from "@/lib/http/unrouted";
