import { rest } from "@/lib/http/rest";
import { createEuWithdrawal, euWithdrawals } from "@/lib/eu-withdrawals/operations";
export const GET = rest(euWithdrawals);
export const POST = rest(createEuWithdrawal);
export * from "@/lib/http/unrouted";
