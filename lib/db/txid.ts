// The transaction id an event is written with (lib/events/record.ts), for a Prisma transaction: Prisma's create
// cannot take an expression for a value, so the id is read first. The typed layer writes `currentTxid()`
// (./sql/expressions.ts) in the INSERT itself.
import type { Tx } from "./client.ts";
import { provider } from "./client.ts";

/** PostgreSQL: the id of the transaction `tx` runs in; SQLite: 0 (one writer at a time: ids are in commit order). */
export async function transactionId(tx: Tx): Promise<bigint> {
  if (provider() !== "postgresql") return 0n;
  const [row] = await tx.$queryRaw<{ txid: string }[]>`SELECT pg_current_xact_id()::text AS txid`;
  return BigInt(row.txid);
}
