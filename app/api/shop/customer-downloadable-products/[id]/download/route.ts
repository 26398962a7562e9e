import { rest } from "@/lib/http/rest";
import { downloadCustomerDownloadableProduct } from "@/lib/downloads/operations";
export const GET = rest(downloadCustomerDownloadableProduct);
export * from "@/lib/http/unrouted";
