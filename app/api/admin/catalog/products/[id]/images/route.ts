import { rest } from "@/lib/http/rest";
import { uploadAdminProductImages } from "@/lib/admin/catalog/products";
export const POST = rest(uploadAdminProductImages);
export * from "@/lib/http/unrouted";
