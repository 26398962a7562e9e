import { rest } from "@/lib/http/rest";
import { retryAdminJob } from "@/lib/jobs/operations";
export const POST = rest(retryAdminJob);
export * from "@/lib/http/unrouted";
