// The SQL statements a piece of work sends, through the observed driver adapter (lib/db/observe.ts).
import { onStatement } from "../../lib/db/observe.ts";

/** Runs `work` and collects the statements it sends, leaving out those `skip` names (bookkeeping). */
export async function counted<T>(work: () => Promise<T>, skip: (sql: string) => boolean = () => false): Promise<{ statements: string[]; result: T }> {
  const statements: string[] = [];
  const stop = onStatement((sql) => skip(sql) || statements.push(sql));
  try {
    return { statements, result: await work() };
  } finally {
    stop();
  }
}
