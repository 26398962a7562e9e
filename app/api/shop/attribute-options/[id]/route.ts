import { rest } from "@/lib/http/rest";
import { attributeOption } from "@/lib/catalog/operations";
export const GET = rest(attributeOption);
export * from "@/lib/http/unrouted";
