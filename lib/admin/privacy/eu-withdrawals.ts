// EU withdrawals in the back office: the store confirms or declines a declared withdrawal, and records the refund.
// The moves are the withdrawal state machine (lib/eu-withdrawals/transitions.ts).
import { z } from "zod";
import { WITHDRAWAL_STATUSES, type WithdrawalEvent } from "../../eu-withdrawals/transitions.ts";
import { intParam } from "../../operations/fields.ts";
import { adminResource, resourceAction } from "../resource.ts";
import { moveWithdrawal } from "./eu-withdrawal-service.ts";

export const AdminEuWithdrawal = z
  .object({
    id: z.int(), uuid: z.string(), orderId: z.int(), orderIncrementId: z.string(), customerId: z.int().nullable(), isGuest: z.boolean(),
    customerEmail: z.string(), status: z.string(), reasonText: z.string().nullable(), receivedAt: z.string(), createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminEuWithdrawal", iri: "/api/admin/eu-withdrawals" });

export const euWithdrawals = adminResource({
  path: "eu-withdrawals",
  one: "EuWithdrawal",
  many: "EuWithdrawals",
  permission: "eu-withdrawals",
  model: "euWithdrawal",
  output: AdminEuWithdrawal,
  filters: z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional(), orderId: intParam().optional(), customerId: intParam().optional() }),
  where: (_ctx, f) => ({ ...f }),
  sort: { fields: { id: (d) => ({ id: d }), received_at: (d) => ({ receivedAt: d }) }, default: "-id" },
});

const move = (event: WithdrawalEvent, summary: string) =>
  resourceAction(euWithdrawals, {
    verb: event,
    summary,
    permission: "eu-withdrawals.edit",
    run: (ctx, id) => moveWithdrawal(ctx, id, event),
  });

export const confirmAdminEuWithdrawal = move("confirm", "Confirm a received withdrawal (→ confirmed).");
export const declineAdminEuWithdrawal = move("decline", "Decline a withdrawal (→ declined).");
export const refundAdminEuWithdrawal = move("refund", "Record that a confirmed withdrawal was refunded (→ refunded).");
export const operations = [...euWithdrawals.operations, confirmAdminEuWithdrawal, declineAdminEuWithdrawal, refundAdminEuWithdrawal];
