// SQLite through better-sqlite3, on two connections. Prisma's adapter keeps one connection and lets one transaction
// at a time hold it, but a statement sent outside a transaction runs on that same connection, inside whichever
// transaction is open: it would read rows not yet committed, and its write would vanish with that transaction's
// rollback (tests/api/sqlite-isolation.test.ts). So a read outside a transaction goes to a second connection, which
// in WAL mode sees only committed rows and never waits for the writer, and a write outside a transaction waits for
// the writer like a transaction does.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { delegate, writtenTable } from "./observe.ts";
import { inTurn, queue } from "./queue.ts";

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
type Query = Parameters<Adapter["queryRaw"]>[0];
/** The write lock: one transaction or write at a time, whichever client sends it (lib/db/sql/sqlite-driver.ts). */
export type Lock = () => Promise<() => void>;

/** A statement the reading connection may run: a query that writes nothing. */
const isRead = (sql: string) => /^\s*(SELECT|WITH)\b/i.test(sql) && writtenTable(sql) === null;

function twoConnections(writer: Adapter, reader: Adapter, acquire: Lock): Adapter {
  const exclusive = inTurn(acquire);
  const read = (query: Query) => (isRead(query.sql) ? reader.queryRaw(query) : exclusive(() => writer.queryRaw(query)));
  const execute = (query: Query) => (isRead(query.sql) ? reader.executeRaw(query) : exclusive(() => writer.executeRaw(query)));
  return delegate(writer, {
    queryRaw: read,
    executeRaw: execute,
    executeScript: (script: string) => exclusive(() => writer.executeScript(script)),
    // A transaction holds the writer from its start to its commit or rollback.
    startTransaction: async (...args: Parameters<Adapter["startTransaction"]>) => {
      const release = await acquire();
      try {
        const tx = await writer.startTransaction(...args);
        const ending = (end: () => Promise<void>) => async () => {
          try {
            await end();
          } finally {
            release();
          }
        };
        return delegate(tx, { commit: ending(() => tx.commit()), rollback: ending(() => tx.rollback()) });
      } catch (e) {
        release();
        throw e;
      }
    },
    dispose: async () => {
      await reader.dispose();
      await writer.dispose();
    },
  });
}

/**
 * The driver adapter factory for a SQLite database file (`file:…`), writing under `lock`; `:memory:` keeps the
 * single connection.
 */
export function sqliteAdapter(url: string, lock: Lock = queue()): PrismaBetterSQLite3 {
  const config = { url, timeout: 10_000 };
  const factory = new PrismaBetterSQLite3(config);
  if (/^file::memory:/.test(url)) return factory;
  const connect = async () => {
    const writer = await factory.connect();
    // WAL lets the reader run beside the writer; NORMAL sync is safe with WAL and much faster.
    await writer.executeScript("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
    const reader = await new PrismaBetterSQLite3(config).connect();
    await reader.executeScript("PRAGMA query_only = ON;");
    return twoConnections(writer, reader, lock);
  };
  return delegate(factory, { connect });
}
