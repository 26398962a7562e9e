import { rest } from "@/lib/http/rest";
import { createCheckoutAddress } from "@/lib/checkout/operations";
export const POST = rest(createCheckoutAddress);
export * from "@/lib/http/unrouted";
