import { rest } from "@/lib/http/rest";
import { imports } from "@/lib/admin/imports/imports";
export const GET = rest(imports.get);
export * from "@/lib/http/unrouted";
