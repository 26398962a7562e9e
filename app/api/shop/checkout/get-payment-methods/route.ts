import { rest } from "@/lib/http/rest";
import { collectionPaymentMethods } from "@/lib/checkout/operations";
export const GET = rest(collectionPaymentMethods);
export * from "@/lib/http/unrouted";
