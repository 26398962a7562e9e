import { rest } from "@/lib/http/rest";
import { customerReturnImage } from "@/lib/returns/operations";
export const GET = rest(customerReturnImage);
export * from "@/lib/http/unrouted";
