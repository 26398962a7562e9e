import { rest } from "@/lib/http/rest";
import { createAdminImport, imports } from "@/lib/admin/imports/imports";
export const GET = rest(imports.list);
export const POST = rest(createAdminImport);
export * from "@/lib/http/unrouted";
