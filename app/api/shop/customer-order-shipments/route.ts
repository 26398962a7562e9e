import { rest } from "@/lib/http/rest";
import { customerOrderShipments } from "@/lib/orders/document-operations";
export const GET = rest(customerOrderShipments);
export * from "@/lib/http/unrouted";
