import { rest } from "@/lib/http/rest";
import { getAdminJob } from "@/lib/jobs/operations";
export const GET = rest(getAdminJob);
export * from "@/lib/http/unrouted";
