import { rest } from "@/lib/http/rest";
import { listPermissions } from "@/lib/admin/store-data/permissions";
export const GET = rest(listPermissions);
export * from "@/lib/http/unrouted";
