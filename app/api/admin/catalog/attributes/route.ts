import { rest } from "@/lib/http/rest";
import { attributes } from "@/lib/admin/catalog/attributes";
export const GET = rest(attributes.list);
export const POST = rest(attributes.create);
export * from "@/lib/http/unrouted";
