import { rest } from "@/lib/http/rest";
import { customerOrderShipment } from "@/lib/orders/document-operations";
export const GET = rest(customerOrderShipment);
export * from "@/lib/http/unrouted";
