import { rest } from "@/lib/http/rest";
import { attributeOptions } from "@/lib/catalog/operations";
export const GET = rest(attributeOptions);
export * from "@/lib/http/unrouted";
