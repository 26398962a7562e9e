import { rest } from "@/lib/http/rest";
import { attribute } from "@/lib/catalog/operations";
export const GET = rest(attribute);
export * from "@/lib/http/unrouted";
