import { rest } from "@/lib/http/rest";
import { productDownloadableLinks } from "@/lib/catalog/sub-resources";
export const GET = rest(productDownloadableLinks);
export * from "@/lib/http/unrouted";
