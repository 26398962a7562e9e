import { rest } from "@/lib/http/rest";
import { euWithdrawals } from "@/lib/admin/privacy/eu-withdrawals";
export const GET = rest(euWithdrawals.list);
export * from "@/lib/http/unrouted";
