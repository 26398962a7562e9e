import { rest } from "@/lib/http/rest";
import { upsertAdminProducts } from "@/lib/admin/catalog/product-batch";
export const POST = rest(upsertAdminProducts);
export * from "@/lib/http/unrouted";
