import { rest } from "@/lib/http/rest";
import { createCheckoutShippingMethod } from "@/lib/checkout/operations";
export const POST = rest(createCheckoutShippingMethod);
export * from "@/lib/http/unrouted";
