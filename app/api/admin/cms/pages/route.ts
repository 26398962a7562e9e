import { rest } from "@/lib/http/rest";
import { cmsPages } from "@/lib/cms/admin";
export const GET = rest(cmsPages.list);
export const POST = rest(cmsPages.create);
export * from "@/lib/http/unrouted";
