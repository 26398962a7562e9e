import { rest } from "@/lib/http/rest";
import { collectionGetCheckoutAddresses } from "@/lib/checkout/operations";
export const GET = rest(collectionGetCheckoutAddresses);
export * from "@/lib/http/unrouted";
