// Which database this process talks to, decided once from DATABASE_URL.
import path from "node:path";
import fs from "node:fs";

export type Provider = "sqlite" | "postgresql";

export interface DatabaseTarget {
  provider: Provider;
  url: string;
  schema: string;
}

const DEFAULT_SQLITE = "file:./data/commerce.db";

export function databaseTarget(url = process.env.DATABASE_URL): DatabaseTarget {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    return { provider: "postgresql", url, schema: path.join("prisma", "postgres", "schema.prisma") };
  }
  const sqliteUrl = url && url.startsWith("file:") ? url : DEFAULT_SQLITE;
  const file = sqliteUrl.slice("file:".length);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return { provider: "sqlite", url: sqliteUrl, schema: path.join("prisma", "schema.prisma") };
}
