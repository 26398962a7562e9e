import { rest } from "@/lib/http/rest";
import { attributes } from "@/lib/catalog/operations";
export const GET = rest(attributes);
export * from "@/lib/http/unrouted";
