import { rest } from "@/lib/http/rest";
import { customerDownloadableProduct } from "@/lib/downloads/operations";
export const GET = rest(customerDownloadableProduct);
export * from "@/lib/http/unrouted";
