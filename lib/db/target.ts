// Which database this process talks to, decided once from DATABASE_URL.
import path from "node:path";
import fs from "node:fs";
import { ConfigError } from "../errors.ts";

export type Provider = "sqlite" | "postgresql";

export interface DatabaseTarget {
  provider: Provider;
  url: string;
  schema: string;
}

const DEFAULT_SQLITE = "file:./data/commerce.db";

/**
 * A URL of neither kind is refused rather than read as "use the default file": a typo (`postgress://`) or another
 * database (`mysql://`) would otherwise serve a fresh, empty SQLite store. Only the scheme is quoted back, since
 * the rest may hold a password.
 */
export function databaseTarget(url = process.env.DATABASE_URL): DatabaseTarget {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    return { provider: "postgresql", url, schema: path.join("prisma", "postgres", "schema.prisma") };
  }
  const usage = "DATABASE_URL must be file:<path> (SQLite) or postgresql://… (PostgreSQL)";
  if (url && !url.startsWith("file:")) {
    const scheme = /^[a-z][\w+.-]*:/i.exec(url)?.[0];
    throw new ConfigError(`${usage}; this one ${scheme ? `starts with "${scheme}"` : "has no scheme"}.`);
  }
  const sqliteUrl = url || DEFAULT_SQLITE;
  const file = sqliteUrl.slice("file:".length);
  if (!file) throw new ConfigError(`${usage}; this one names no file.`);
  return { provider: "sqlite", url: sqliteUrl, schema: path.join("prisma", "schema.prisma") };
}

/**
 * Makes the folder of a SQLite file (SQLite creates the file, not its folder). Called where the database is opened
 * or migrated, not when it is only named, so that a command refused before that writes nothing.
 */
export function ensureDatabaseFolder(target: DatabaseTarget): void {
  const file = target.url.slice("file:".length);
  if (target.provider === "sqlite" && !file.startsWith(":memory:")) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
}
