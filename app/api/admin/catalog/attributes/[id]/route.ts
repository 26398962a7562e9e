import { rest } from "@/lib/http/rest";
import { attributes } from "@/lib/admin/catalog/attributes";
export const GET = rest(attributes.get);
export const PATCH = rest(attributes.update);
export const DELETE = rest(attributes.remove);
export * from "@/lib/http/unrouted";
