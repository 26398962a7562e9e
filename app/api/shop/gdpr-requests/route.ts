import { rest } from "@/lib/http/rest";
import { createGdprRequest, gdprRequests } from "@/lib/gdpr/operations";
export const GET = rest(gdprRequests);
export const POST = rest(createGdprRequest);
export * from "@/lib/http/unrouted";
