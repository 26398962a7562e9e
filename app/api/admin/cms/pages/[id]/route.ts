import { rest } from "@/lib/http/rest";
import { cmsPages, updateAdminCmsPage } from "@/lib/cms/admin";
export const GET = rest(cmsPages.get);
export const PUT = rest(updateAdminCmsPage);
export const DELETE = rest(cmsPages.remove);
export * from "@/lib/http/unrouted";
