import { rest } from "@/lib/http/rest";
import { collectionShippingRates } from "@/lib/checkout/operations";
export const GET = rest(collectionShippingRates);
export * from "@/lib/http/unrouted";
