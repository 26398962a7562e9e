import { rest } from "@/lib/http/rest";
import { customerDownloadableProducts } from "@/lib/downloads/operations";
export const GET = rest(customerDownloadableProducts);
export * from "@/lib/http/unrouted";
