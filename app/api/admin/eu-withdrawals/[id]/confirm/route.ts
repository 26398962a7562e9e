import { rest } from "@/lib/http/rest";
import { confirmAdminEuWithdrawal } from "@/lib/admin/privacy/eu-withdrawals";
export const POST = rest(confirmAdminEuWithdrawal);
export * from "@/lib/http/unrouted";
