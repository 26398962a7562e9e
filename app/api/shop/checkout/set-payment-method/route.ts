import { rest } from "@/lib/http/rest";
import { createCheckoutPaymentMethod } from "@/lib/checkout/operations";
export const POST = rest(createCheckoutPaymentMethod);
export * from "@/lib/http/unrouted";
