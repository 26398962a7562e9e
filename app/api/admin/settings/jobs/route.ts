import { rest } from "@/lib/http/rest";
import { listAdminJobs } from "@/lib/jobs/operations";
export const GET = rest(listAdminJobs);
export * from "@/lib/http/unrouted";
