import { rest } from "@/lib/http/rest";
import { returnableItems } from "@/lib/returns/operations";
export const GET = rest(returnableItems);
export * from "@/lib/http/unrouted";
