// The operator command line: `npm run commerce -- <command>`; `npm start` runs `serve`.
import { parseArgs } from "node:util";
import { commands, CliError } from "./commands.ts";
import { disconnectDb } from "../db/client.ts";
import { databaseTarget } from "../db/target.ts";
import { pendingMigrations } from "../db/migrate.ts";
import { ConfigError } from "../errors.ts";

const USAGE = `Usage: npm run commerce -- <command>

  serve                                  migrate, seed an empty store, build if needed and serve on PORT (3000)
  db migrate | db seed | db reset        apply migrations | seed the demo store | drop everything, migrate and seed
  storefront-key create --name <name> [--rate-limit <n>] [--allowed-ips <cidr,...>] [--expires-at <iso>]
  storefront-key list | deactivate <id> | rotate <id>
  admin create --email <e> --password <p> [--name <n>] [--role <role>]
  admin reset-password --email <e>       a new one-time password (printed once), to be changed at the next sign-in
  integration-token create --admin <email> [--name <n>] [--scope all|custom|role] [--permissions <a,b>]
                           [--expires-days <n>|never] [--allowed-ips <cidr,...>] [--rate-limit <n>]
  mail list [--to <email>] [--limit <n>] [--json]   the mail outbox, newest first
  purge-carts                            delete carts abandoned for CART_UPLOAD_RETENTION_DAYS (14), with their uploads
  expire-orders                          cancel orders unpaid for UNPAID_ORDER_DAYS (7), their stock given back
  jobs list [--state <state>] [--limit <n>] [--json]   background jobs, newest first (state: waiting, delayed,
                                         active, completed, failed)
  jobs retry <id>                        run a failed job again
`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      "rate-limit": { type: "string" },
      "allowed-ips": { type: "string" },
      "expires-at": { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      admin: { type: "string" },
      scope: { type: "string" },
      permissions: { type: "string" },
      "expires-days": { type: "string" },
      to: { type: "string" },
      state: { type: "string" },
      limit: { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [group, action, ...rest] = positionals;
  if (values.help || !group) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const key = action && `${group} ${action}` in commands ? `${group} ${action}` : group;
  const command = commands[key];
  if (!command) {
    console.error(`Unknown command "${positionals.join(" ")}".\n\n${USAGE}`);
    return 1;
  }
  const args = key === group ? positionals.slice(1) : rest;
  // Before any command touches a database: an unknown DATABASE_URL scheme is refused (./target.ts), and a command
  // that only reads and writes data is refused on a database without the current schema.
  const target = databaseTarget();
  if (!SETS_UP_ITS_DATABASE.has(key)) {
    const pending = await pendingMigrations(target);
    if (pending.length) {
      throw new CliError(`The database lacks ${pending.length} of the store's migrations: run \`npm run commerce -- db migrate\` first.`);
    }
  }
  return (await command(values, args)) ?? 0;
}

/** Commands that migrate the database themselves before they use it. */
const SETS_UP_ITS_DATABASE = new Set(["serve", "db migrate", "db seed", "db reset"]);

/** Exits once stdout has drained: a long listing written to a pipe is cut short by an immediate exit. */
function exitAfterFlush(code: number): void {
  process.stdout.write("", () => process.exit(code));
}

main(process.argv.slice(2))
  .then(async (code) => {
    if (code !== -1) {
      await disconnectDb();
      exitAfterFlush(code);
    }
  })
  .catch(async (e) => {
    console.error(e instanceof CliError || e instanceof ConfigError ? e.message : e instanceof Error ? `${e.name}: ${e.message}` : e);
    await disconnectDb().catch(() => undefined);
    exitAfterFlush(1);
  });
