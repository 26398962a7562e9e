import { rest } from "@/lib/http/rest";
import { shipments } from "@/lib/admin/sales/documents";
export const GET = rest(shipments.get);
export const PATCH = rest(shipments.update);
export * from "@/lib/http/unrouted";
