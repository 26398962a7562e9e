import { rest } from "@/lib/http/rest";
import { previewAdminCmsPageContent } from "@/lib/cms/admin";
export const POST = rest(previewAdminCmsPageContent);
export * from "@/lib/http/unrouted";
