// Prisma CLI configuration, for `prisma generate` and `prisma migrate diff` (scripts/new-migration.ts). Migrations
// are applied by the app itself (lib/db/migrate.ts), not by the CLI. Prisma's native engines cannot be downloaded on
// our machines, so the CLI runs its JavaScript schema engine, which needs a driver adapter: the SQLite one, which
// neither command connects with. DATABASE_URL picks the schema: a postgres URL selects the generated PostgreSQL
// twin of the schema, anything else the SQLite source.
import { defineConfig } from "prisma/config";
import { databaseTarget } from "./lib/db/target";

const target = databaseTarget();

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: target.schema,
  adapter: async () => {
    if (target.provider === "postgresql") {
      const { PrismaPg } = await import("@prisma/adapter-pg");
      return new PrismaPg({ connectionString: target.url });
    }
    const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
    return new PrismaBetterSQLite3({ url: target.url });
  },
});
