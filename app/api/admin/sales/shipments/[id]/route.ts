import { rest } from "@/lib/http/rest";
import { shipments } from "@/lib/admin/sales/documents";
export const GET = rest(shipments.get);
