import { rest } from "@/lib/http/rest";
import { revokeGdprRequest } from "@/lib/gdpr/operations";
export const POST = rest(revokeGdprRequest);
export * from "@/lib/http/unrouted";
