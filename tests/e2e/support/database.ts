// The server's own database, for browser tests that check what the browser's actions wrote (or read what no API
// shows, such as a mailed link). Imported lazily: DATABASE_URL is the server's only once the run provides it.
import { afterAll, beforeAll, inject } from "vitest";

type Db = Awaited<ReturnType<typeof import("../../../lib/db/client.ts").getDb>>;

/** Opens the server's database before the file's tests and closes it after; call the answer inside a test. */
export function useServerDatabase(): () => Db {
  let db: Db | null = null;
  let disconnect: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    process.env.DATABASE_URL = inject("databaseUrl");
    const client = await import("../../../lib/db/client.ts");
    db = await client.getDb();
    disconnect = client.disconnectDb;
  });
  afterAll(async () => disconnect?.());
  return () => {
    if (!db) throw new Error("the server's database is open only inside the tests of a file that uses it");
    return db;
  };
}
