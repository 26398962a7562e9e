import { rest } from "@/lib/http/rest";
import { euWithdrawal } from "@/lib/eu-withdrawals/operations";
export const GET = rest(euWithdrawal);
export * from "@/lib/http/unrouted";
