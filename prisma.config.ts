// Prisma CLI configuration. Prisma's native engines cannot be downloaded on our machines, so the CLI runs
// its JavaScript schema engine through a driver adapter. DATABASE_URL picks the provider: a postgres URL
// selects the generated PostgreSQL twin of the schema and its migrations, anything else the SQLite source.
import { defineConfig } from "prisma/config";
import { databaseTarget } from "./lib/db/target";

const target = databaseTarget();

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: target.schema,
  adapter: async () => {
    if (target.provider === "postgresql") {
      // Only adapter-pg 7.x can run `migrate deploy` (see DESIGN.md); the runtime uses 6.19.
      const { PrismaPg } = await import("@prisma/adapter-pg-migrate");
      return new PrismaPg({ connectionString: target.url });
    }
    const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
    return new PrismaBetterSQLite3({ url: target.url });
  },
});
