import { rest } from "@/lib/http/rest";
import { uploadCustomizableFile } from "@/lib/cart/operations";
export const POST = rest(uploadCustomizableFile);
export * from "@/lib/http/unrouted";
