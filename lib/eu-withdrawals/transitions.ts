// The EU withdrawal state machine: the store confirms or declines a declared withdrawal, then records the refund.
import { stateMachine } from "../operations/state-machine.ts";

export const WITHDRAWAL_STATUSES = ["received", "confirmed", "declined", "refunded"] as const;
type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export type WithdrawalEvent = "confirm" | "decline" | "refund";

const WITHDRAWALS = stateMachine<WithdrawalStatus, WithdrawalEvent>(
  {
    confirm: { received: "confirmed" },
    decline: { received: "declined", confirmed: "declined" },
    refund: { confirmed: "refunded" },
  },
  { subject: "A withdrawal", past: { confirm: "confirmed", decline: "declined", refund: "refunded" } },
);

/** The state `event` leads to from `status`; a 409 naming both when the move is not allowed. */
export const transition = WITHDRAWALS.next;
