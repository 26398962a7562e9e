import { rest } from "@/lib/http/rest";
import { euWithdrawals } from "@/lib/admin/privacy/eu-withdrawals";
export const GET = rest(euWithdrawals.get);
export * from "@/lib/http/unrouted";
