// Generates the PostgreSQL twin of prisma/schema.prisma (the SQLite source): same datamodel, provider,
// placeholder url and client output swapped. `--check` exits non-zero when the committed twin has drifted.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const source = path.join("prisma", "schema.prisma");
const twin = path.join("prisma", "postgres", "schema.prisma");

const KYSELY_GENERATOR = `generator kysely {
  provider = "prisma-kysely"
  output   = "../../lib/generated/kysely"
  fileName = "db.ts"
}`;

export function postgresTwin(schema: string): string {
  const out = schema
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace('url      = "file:./data/commerce.db"', 'url      = "postgresql://localhost/commerce"')
    .replace('output     = "../lib/generated/sqlite"', 'output     = "../../lib/generated/postgres"')
    // The typed SQL layer's row types (lib/db/sql/): PostgreSQL's types (booleans, dates, decimals as text), which
    // that layer gives on SQLite too.
    .replace(/^(datasource db \{)/m, KYSELY_GENERATOR + "\n\n$1");
  return "// GENERATED from prisma/schema.prisma by scripts/prisma-twin.ts; do not edit.\n" + out;
}

function main(): void {
  const wanted = postgresTwin(fs.readFileSync(source, "utf8"));
  if (process.argv.includes("--check")) {
    const current = fs.existsSync(twin) ? fs.readFileSync(twin, "utf8") : "";
    if (current !== wanted) {
      console.error(`${twin} has drifted from ${source}: run npm run db:generate`);
      process.exit(1);
    }
    console.log(`${twin} matches ${source}`);
  } else {
    fs.mkdirSync(path.dirname(twin), { recursive: true });
    fs.writeFileSync(twin, wanted);
  }
}

// Run only as a script, so other scripts can import postgresTwin.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
