import { rest } from "@/lib/http/rest";
import { declineAdminEuWithdrawal } from "@/lib/admin/privacy/eu-withdrawals";
export const POST = rest(declineAdminEuWithdrawal);
export * from "@/lib/http/unrouted";
