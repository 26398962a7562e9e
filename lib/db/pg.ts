// PostgreSQL through node-postgres, Prisma's pg adapter. A transaction holds one pooled connection, and Prisma sends
// the relation queries of an `include` on it at once. pg queues them itself today, but warns that pg@9 will not
// ("Calling client.query() when the client is already executing a query"). So a transaction's statements are sent
// one at a time, in the order they come; statements outside a transaction each take a connection of their own.
import { PrismaPg } from "@prisma/adapter-pg";
import { delegate } from "./observe.ts";
import { inTurn } from "./queue.ts";

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;
type Query = Parameters<Transaction["queryRaw"]>[0];

function oneAtATime(tx: Transaction): Transaction {
  const next = inTurn();
  return delegate(tx, {
    queryRaw: (query: Query) => next(() => tx.queryRaw(query)),
    executeRaw: (query: Query) => next(() => tx.executeRaw(query)),
  });
}

/** The driver adapter factory for a PostgreSQL URL, with at most `max` connections. */
export function pgAdapter(url: string, max: number): PrismaPg {
  const factory = new PrismaPg({ connectionString: url, max });
  const connect = async () => {
    const adapter = await factory.connect();
    const startTransaction = async (...args: Parameters<Adapter["startTransaction"]>) => oneAtATime(await adapter.startTransaction(...args));
    return delegate(adapter, { startTransaction });
  };
  return delegate(factory, { connect });
}
