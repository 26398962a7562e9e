import { rest } from "@/lib/http/rest";
import { productAttributeValues } from "@/lib/catalog/sub-resources";
export const GET = rest(productAttributeValues);
export * from "@/lib/http/unrouted";
