import { rest } from "@/lib/http/rest";
import { runAdminImport } from "@/lib/admin/imports/imports";
export const POST = rest(runAdminImport);
export * from "@/lib/http/unrouted";
