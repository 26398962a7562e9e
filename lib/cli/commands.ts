// What each operator command does. Output meant for scripts (a new key or token) stands alone on the last line.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import bcrypt from "bcryptjs";
import { getDb, getSql, provider } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { ensureBuild, isCurrentBuild } from "./build.ts";
import { parseTrustProxy } from "../http/client-ip.ts";
import { parsePublicUrl } from "../http/public-url.ts";
import { parsePort, portProblem } from "./port.mjs";
import { databaseTarget } from "../db/target.ts";
import { isProductionSeed, isSeeded, seedDemoStore, DEMO_ADMIN, DEMO_CUSTOMER, type SeedLogins } from "../seed/index.ts";
import { createStorefrontKey, deactivateStorefrontKey, listStorefrontKeys, rotateStorefrontKey } from "../storefront-keys/index.ts";
import { issueIntegrationToken, type TokenScope } from "../integrations/tokens.ts";
import { AppError } from "../errors.ts";
import { randomSecret } from "../auth/secrets.ts";
import { passwordProblem, personalWords } from "../auth/password-rule.ts";
import { endAdminCredentials } from "../admin-users/credentials.ts";
import { BCRYPT_COST } from "../customers/account.ts";
import { listMail, mailStatus } from "../mail/outbox.ts";
import { cartRetentionDays, purgeAbandonedCarts } from "../cart/retention.ts";
import { expireUnpaidOrders, unpaidOrderDays } from "../orders/expiry.ts";
import { JOB_STATES, jobQueue, type JobState } from "../jobs/queue.ts";
import { demoKeyFile } from "../storefront-keys/demo-key-file.ts";

export class CliError extends Error {}

type Values = Record<string, string | boolean | undefined>;
type Command = (values: Values, args: string[]) => number | void | Promise<number | void>;


function str(values: Values, name: string, required = false): string | undefined {
  const v = values[name];
  if (typeof v === "string" && v.trim()) return v.trim();
  if (required) throw new CliError(`--${name} is required.`);
  return undefined;
}

function int(values: Values, name: string): number | undefined {
  const v = str(values, name);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new CliError(`--${name} must be a positive whole number.`);
  return Number(v);
}

function idArg(args: string[]): number {
  const id = args[0];
  if (!id || !/^\d+$/.test(id)) throw new CliError("Give the key's numeric id (see `storefront-key list`).");
  return Number(id);
}

/** Domain validation errors read as plain messages on the command line. */
async function domain<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError) {
      const fields = e.details.errors ? Object.values(e.details.errors).flat().join(" ") : "";
      throw new CliError(fields && fields !== e.message ? `${e.message} ${fields}` : e.message);
    }
    throw e;
  }
}

/** Seeds an empty database; answers the logins it made, or null when the store already had data. */
async function seedIfEmpty(): Promise<SeedLogins | null> {
  const db = await getDb();
  if (await isSeeded(db)) return null;
  const summary = await seedDemoStore(db, { production: isProductionSeed() });
  console.log(`Seeded the demo store: ${summary.products.visible} products in ${summary.durationMs} ms.`);
  const key = await createStorefrontKey(db, { name: "Demo storefront" });
  fs.mkdirSync(path.dirname(demoKeyFile()), { recursive: true });
  fs.writeFileSync(demoKeyFile(), key.key + "\n");
  if (summary.logins.admin.mustChangePassword) printGeneratedOwnerLogin(summary.logins.admin);
  return summary.logins;
}

/** A production seed's owner password exists nowhere but in this output (only its hash is stored). */
function printGeneratedOwnerLogin(admin: SeedLogins["admin"]): void {
  console.log(`
Store owner (admin panel): ${admin.email}
  One-time password, shown only now: ${admin.password}
  It must be changed at the first sign-in. Lost it? npm run commerce -- admin reset-password --email ${admin.email}
`);
}

function demoKey(): string | null {
  if (!fs.existsSync(demoKeyFile())) return null;
  return fs.readFileSync(demoKeyFile(), "utf8").trim() || null;
}

export const commands: Record<string, Command> = {
  async "db migrate"() {
    const applied = await migrate();
    const provider = databaseTarget().provider;
    console.log(applied.length ? `Migrations applied (${provider}): ${applied.join(", ")}.` : `No migration pending (${provider}).`);
  },

  async "db seed"() {
    await migrate();
    if (!(await seedIfEmpty())) console.log("The store already has data; nothing seeded.");
  },

  async "db reset"() {
    const target = databaseTarget();
    const db = await getSql();
    if (provider() === "postgresql") {
      await db.schema.dropSchema("public").ifExists().cascade().execute();
      await db.schema.createSchema("public").execute();
    } else {
      const file = target.url.slice("file:".length);
      await (await import("../db/client.ts")).disconnectDb();
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(path.resolve(file + suffix), { force: true });
    }
    fs.rmSync(demoKeyFile(), { force: true });
    await migrate();
    await seedIfEmpty();
    console.log("Database reset and seeded.");
  },

  async "storefront-key create"(values) {
    const expires = str(values, "expires-at");
    const expiresAt = expires ? new Date(expires) : null;
    if (expiresAt && Number.isNaN(expiresAt.getTime())) throw new CliError("--expires-at must be an ISO 8601 date.");
    const key = await domain(async () =>
      createStorefrontKey(await getDb(), {
        name: str(values, "name", true)!,
        rateLimit: int(values, "rate-limit") ?? null,
        allowedIps: str(values, "allowed-ips") ?? null,
        expiresAt,
      }),
    );
    console.log(`Created storefront key #${key.id} "${key.name}". It is shown once:`);
    console.log(key.key);
  },

  async "storefront-key list"() {
    const keys = await listStorefrontKeys(await getDb());
    if (!keys.length) console.log("No storefront keys.");
    for (const k of keys) {
      console.log(
        [`#${k.id}`, k.name, `${k.keyPrefix}…`, k.status, `limit=${k.rateLimit ?? "default"}`,
          `ips=${k.allowedIps ?? "any"}`, `expires=${k.expiresAt?.toISOString() ?? "never"}`].join("  "),
      );
    }
  },

  async "storefront-key deactivate"(_values, args) {
    const id = idArg(args);
    await domain(async () => deactivateStorefrontKey(await getDb(), id));
    console.log(`Storefront key #${id} deactivated.`);
  },

  async "storefront-key rotate"(_values, args) {
    const id = idArg(args);
    const key = await domain(async () => rotateStorefrontKey(await getDb(), id));
    console.log(`Key #${id} deactivated; its successor #${key.id} is valid for 12 months. It is shown once:`);
    console.log(key.key);
  },

  async "admin create"(values) {
    const db = await getDb();
    const email = str(values, "email", true)!.toLowerCase();
    const password = str(values, "password", true)!;
    const weak = await passwordProblem(password, personalWords(email, str(values, "name")));
    if (weak) throw new CliError(`--password: ${weak}`);
    const roleName = str(values, "role") ?? "Administrator";
    const role = await db.adminRole.findUnique({ where: { name: roleName } });
    if (!role) throw new CliError(`No role named "${roleName}".`);
    if (await db.adminUser.findUnique({ where: { email } })) throw new CliError(`An admin with email ${email} exists already.`);
    const admin = await db.adminUser.create({
      data: { email, name: str(values, "name") ?? email, passwordHash: await bcrypt.hash(password, BCRYPT_COST), roleId: role.id, status: true, isOwner: false },
    });
    console.log(`Created admin #${admin.id} ${admin.email} with role ${role.name}.`);
  },

  /**
   * Recovery for an admin who lost their password (e.g. the owner's one-time password of a production start): a new
   * random one, printed alone on the last line, to be changed at the next panel sign-in. Their sessions and
   * integration tokens end, and a lockout is lifted.
   */
  async "admin reset-password"(values) {
    const db = await getDb();
    const email = str(values, "email", true)!.toLowerCase();
    const admin = await db.adminUser.findUnique({ where: { email } });
    if (!admin) throw new CliError(`No admin with email ${email}.`);
    const password = randomSecret(18);
    const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
    await db.$transaction(async (tx) => {
      await tx.adminUser.update({ where: { id: admin.id }, data: { passwordHash, mustChangePassword: true, failedLogins: 0, lockedUntil: null } });
      await endAdminCredentials(tx, admin.id);
    });
    console.log(`New one-time password for ${admin.email}; it must be changed at the next sign-in. It is shown once:`);
    console.log(password);
  },

  async "integration-token create"(values) {
    const db = await getDb();
    const email = str(values, "admin", true)!.toLowerCase();
    const admin = await db.adminUser.findUnique({ where: { email } });
    if (!admin) throw new CliError(`No admin with email ${email}.`);
    const scope = (str(values, "scope") ?? "all") as TokenScope;
    const days = str(values, "expires-days");
    if (days !== undefined && days !== "never" && !/^\d+$/.test(days)) throw new CliError("--expires-days takes a number of days or never.");
    const issued = await domain(() =>
      issueIntegrationToken(db, {
        adminId: admin.id,
        name: str(values, "name"),
        scope,
        permissions: str(values, "permissions")?.split(",").map((p) => p.trim()).filter(Boolean),
        expiresInDays: days === undefined ? undefined : days === "never" ? null : Number(days),
        allowedIps: str(values, "allowed-ips") ?? null,
        rateLimit: int(values, "rate-limit") ?? null,
      }),
    );
    console.log(`Issued integration token #${issued.id} for ${admin.email}, expires ${issued.expiresAt?.toISOString() ?? "never"}. It is shown once:`);
    console.log(issued.token);
  },

  /** Deletes abandoned carts with their uploaded files (lib/cart/retention.ts); a server also does it periodically. */
  async "purge-carts"() {
    const done = await purgeAbandonedCarts(await getDb());
    console.log(`Deleted ${done.carts} carts abandoned for over ${cartRetentionDays()} days, with ${done.uploads} uploaded files (${done.bytes} bytes).`);
  },

  /** Cancels orders left unpaid past UNPAID_ORDER_DAYS (lib/orders/expiry.ts); a server also does it periodically. */
  async "expire-orders"() {
    const canceled = await expireUnpaidOrders(await getDb(), process.env.PUBLIC_URL ?? "http://localhost:3000");
    console.log(`Canceled ${canceled.length} orders unpaid for over ${unpaidOrderDays()} days${canceled.length ? `: ${canceled.join(", ")}` : ""}.`);
  },

  /** The mail outbox, newest first: every message the store wrote, sent or not (README, Mail). */
  async "mail list"(values) {
    const { items } = await listMail(await getDb(), { to: str(values, "to"), limit: int(values, "limit") ?? 50 });
    if (values.json) {
      const rows = items.map((m) => ({
        id: m.id, kind: m.kind, to: m.to, subject: m.subject, text: m.text, html: m.html, locale: m.locale,
        transport: m.transport, status: mailStatus(m), attempts: m.attempts, lastError: m.lastError,
        createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null,
      }));
      console.log(JSON.stringify(rows, null, 2));
      return;
    }
    if (!items.length) console.log("No mail in the outbox.");
    for (const m of items) {
      console.log([`#${m.id}`, m.createdAt.toISOString(), mailStatus(m), m.to, m.subject].join("  "));
    }
  },

  /** The background jobs, newest first (README, Background jobs): `--state failed` lists what gave up. */
  async "jobs list"(values) {
    const state = str(values, "state");
    if (state && !JOB_STATES.includes(state as JobState)) throw new CliError(`--state must be one of ${JOB_STATES.join(", ")}.`);
    const queue = await jobQueue();
    const { items, total } = await queue.list({ state: state as JobState | undefined }, { offset: 0, limit: int(values, "limit") ?? 50 });
    if (values.json) {
      console.log(JSON.stringify(items, null, 2));
      return;
    }
    if (!items.length) console.log(`No ${state ?? ""} jobs on the ${queue.driver} queue.`.replace("  ", " "));
    for (const j of items) {
      const when = (j.finishedAt ?? j.runAt ?? j.createdAt).toISOString();
      console.log([`#${j.id}`, j.name, j.state, `${j.attempts}/${j.maxAttempts}`, when, JSON.stringify(j.data), j.lastError ?? ""].join("  ").trimEnd());
    }
    if (total > items.length) console.log(`(${items.length} of ${total}; --limit shows more)`);
  },

  /** Runs a failed job again, its tries counted afresh; a running server's workers pick it up. */
  async "jobs retry"(_values, args) {
    const id = args[0]?.trim();
    if (!id) throw new CliError("Give the job's id (see `jobs list --state failed`).");
    const queue = await jobQueue();
    const job = await queue.get(id);
    if (!job) throw new CliError(`No job ${id}.`);
    if (job.state !== "failed") throw new CliError(`Job ${id} is ${job.state}; only a failed job can be retried.`);
    await queue.retry(id);
    console.log(`Job ${id} (${job.name}) will run again: a running server takes it within moments.`);
  },

  /** Migrates, seeds an empty database, builds when there is no build, and serves the build (lib/cli/server.mjs). */
  async serve() {
    // Every refusal comes before the first write: a start that cannot serve must not migrate, seed and print a
    // one-time owner password that nobody can use.
    let port: number;
    let origin: string;
    try {
      parseTrustProxy(process.env.TRUST_PROXY); // a typo here would otherwise fail every request
      port = parsePort(process.env.PORT);
      // Only an explicit production start requires it: a bare `npm start` is the quick start on localhost.
      origin = parsePublicUrl(process.env.PUBLIC_URL, process.env.NODE_ENV === "production") ?? `http://localhost:${port}`;
    } catch (e) {
      throw new CliError((e as Error).message);
    }
    // The server listens on every interface (lib/cli/server.mjs without a host).
    const taken = await portProblem(port, undefined);
    if (taken) throw new CliError(taken);
    await migrate();
    const seeded = await seedIfEmpty();
    const key = demoKey();
    // In production no login is known in advance: the owner's one-time password was printed by the seed (above, on
    // the first start) and there is no demo customer.
    const logins = isProductionSeed()
      ? `  Admin panel:     ${origin}/admin  ${DEMO_ADMIN.email} / ${seeded ? "the one-time password above" : "(one-time password printed at the first start)"}`
      : `  Admin panel:     ${origin}/admin  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}
  Demo customer:   ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`;
    console.log(`
Demo store ready (${databaseTarget().provider}).
  Storefront key:  ${key ?? "(shown at first start only; make one: npm run commerce -- storefront-key create --name web)"}
${logins}
  Shop API:        ${origin}/api/shop   GraphQL: ${origin}/api/graphql
`);
    const dist = process.env.NEXT_DIST_DIR || ".next";
    if (!isCurrentBuild(dist)) {
      console.log("Building the app (on the first start and after every change to its sources)…");
      await ensureBuild(dist, process.env, { show: true }).catch((e: Error) => {
        throw new CliError(e.message);
      });
    }
    // Next.js' handler behind a server that passes on the socket address, so that a client reaching this port
    // directly cannot name its own address in X-Forwarded-For (lib/cli/server.mjs, lib/http/client-ip.ts).
    const child = spawn(process.execPath, [path.join("lib", "cli", "server.mjs"), String(port)], { stdio: "inherit", env: { ...serverEnv(), NODE_ENV: process.env.NODE_ENV || "production" } });
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
    // `npm start` runs this under `sh -c`, and a SIGTERM sent to npm alone stops npm and the shell without passing
    // it on. Orphaned, this process sends the server the SIGTERM it missed, so it still drains and exits.
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) child.kill("SIGTERM");
    }, 500).unref();
    // A server that failed (a port taken meanwhile, a crash) or was killed makes the start fail too, so that a
    // supervisor sees it: a signal counts as the shell reports it, 128 + its number.
    await new Promise<void>((resolve) =>
      child.on("exit", (code, signal) => {
        process.exitCode = code ?? 128 + (signal ? os.constants.signals[signal] : 0);
        resolve();
      }),
    );
    return process.exitCode as number;
  },
};

/**
 * The server's environment: a heap cap (HEAP_MB, default 256) unless NODE_OPTIONS sets one. Without a cap V8 sizes
 * the heap for the whole machine and lets garbage grow to about twice the live heap; the bench shows the service
 * within 350 MB of resident memory under load with this cap (README, Performance).
 */
function serverEnv(): NodeJS.ProcessEnv {
  const options = process.env.NODE_OPTIONS ?? "";
  if (/--max-old-space-size/.test(options)) return process.env;
  return { ...process.env, NODE_OPTIONS: `${options} --max-old-space-size=${Number(process.env.HEAP_MB) || 256}`.trim() };
}
