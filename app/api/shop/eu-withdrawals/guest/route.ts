import { rest } from "@/lib/http/rest";
import { createGuestEuWithdrawal } from "@/lib/eu-withdrawals/operations";
export const POST = rest(createGuestEuWithdrawal);
export * from "@/lib/http/unrouted";
