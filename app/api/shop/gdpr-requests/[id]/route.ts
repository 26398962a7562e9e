import { rest } from "@/lib/http/rest";
import { deleteGdprRequest, gdprRequest } from "@/lib/gdpr/operations";
export const GET = rest(gdprRequest);
export const DELETE = rest(deleteGdprRequest);
export * from "@/lib/http/unrouted";
