// EU withdrawals: the database work behind ./eu-withdrawals.ts, moves of the withdrawal state machine
// (lib/eu-withdrawals/transitions.ts) guarded on the status read.
import type { RequestContext } from "../../context.ts";
import { Conflict } from "../../errors.ts";
import { transition, type WithdrawalEvent } from "../../eu-withdrawals/transitions.ts";

export async function moveWithdrawal(ctx: RequestContext, id: number, event: WithdrawalEvent): Promise<void> {
  const w = await ctx.db.euWithdrawal.findUniqueOrThrow({ where: { id } });
  const next = transition(w.status, event);
  const moved = await ctx.db.euWithdrawal.updateMany({ where: { id, status: w.status }, data: { status: next } });
  if (moved.count !== 1) throw new Conflict("The withdrawal changed meanwhile; reload it and try again.");
}
