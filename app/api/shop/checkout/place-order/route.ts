import { rest } from "@/lib/http/rest";
import { createCheckoutOrder } from "@/lib/checkout/operations";
export const POST = rest(createCheckoutOrder);
export * from "@/lib/http/unrouted";
