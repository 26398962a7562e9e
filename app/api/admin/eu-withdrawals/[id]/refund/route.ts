import { rest } from "@/lib/http/rest";
import { refundAdminEuWithdrawal } from "@/lib/admin/privacy/eu-withdrawals";
export const POST = rest(refundAdminEuWithdrawal);
export * from "@/lib/http/unrouted";
