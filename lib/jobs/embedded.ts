// The embedded queue: jobs are rows of the store's own database (model Job), worked by the server process that
// added them. Nothing to run beside the store, and a job added in a change's own transaction would be there exactly
// when the change is. A worker claims a due job with a compare-and-set, so two processes sharing the database never
// run one try twice; a claim left by a crashed worker lapses after LOCK_MS and the job is tried again. A completed
// job with a key is kept a day (its key keeps a schedule's round from running twice), one without is deleted, and a
// failed one stays until it is retried.
import { getSql } from "../db/client.ts";
import type { Sql } from "../db/sql/index.ts";
import type { DB } from "../db/sql/index.ts";
import type { Selectable } from "kysely";
import { errorText, type AddOptions, type AnyJob, type Job, type JobLog, type JobQueue, type JobRecord, type JobState } from "./queue.ts";

/** A try outlives any handler's own timeouts (mail: seconds; a purge or an expiry round: a batch of 500). */
const LOCK_MS = 10 * 60_000;
const KEEP_COMPLETED_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

type Row = Selectable<DB["Job"]>;

function record(row: Row, now = new Date()): JobRecord {
  const state = (row.state === "waiting" && row.runAt > now ? "delayed" : row.state) as JobState;
  return {
    id: String(row.id),
    name: row.name,
    state,
    data: JSON.parse(row.data) as object,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError,
    createdAt: row.createdAt,
    runAt: state === "waiting" || state === "delayed" ? row.runAt : null,
    finishedAt: row.finishedAt,
  };
}

export interface EmbeddedQueue extends JobQueue {
  /** Runs every job of `jobs` due at `now` that this caller claims, one after the other; answers how many tries ran. */
  runDue(jobs: readonly AnyJob[], now?: Date, log?: JobLog): Promise<number>;
}

export function embeddedQueue(sqlOf: () => Promise<Sql> = getSql): EmbeddedQueue {
  let timers: NodeJS.Timeout[] = [];
  let kick: (() => void) | null = null;

  async function add<D extends object>(job: Job<D>, data: D, opts: AddOptions = {}) {
    const sql = await sqlOf();
    await sql
      .insertInto("Job")
      .values({ name: job.name, data: JSON.stringify(data), key: opts.key ?? null, maxAttempts: job.attempts, runAt: opts.at ?? new Date() })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    kick?.();
  }

  /** Claims one due job of `names`: the row read, moved to active by this caller only. */
  async function claim(sql: Sql, names: string[], now: Date): Promise<Row | null> {
    for (;;) {
      const due = await sql
        .selectFrom("Job")
        .selectAll()
        .where("name", "in", names)
        .where((eb) =>
          eb.or([
            eb.and([eb("state", "=", "waiting"), eb("runAt", "<=", now)]),
            eb.and([eb("state", "=", "active"), eb("lockedUntil", "<", now)]),
          ]),
        )
        .orderBy("runAt", "asc")
        .orderBy("id", "asc")
        .limit(5)
        .execute();
      if (due.length === 0) return null;
      for (const row of due) {
        const taken = await sql
          .updateTable("Job")
          .set({ state: "active", attempts: row.attempts + 1, lockedUntil: new Date(now.getTime() + LOCK_MS) })
          .where("id", "=", row.id)
          .where("state", "=", row.state)
          .where("attempts", "=", row.attempts)
          .executeTakeFirst();
        if (taken.numUpdatedRows > 0n) return { ...row, attempts: row.attempts + 1 };
      }
      // Every one was taken by another worker meanwhile: look again.
    }
  }

  async function runDue(jobs: readonly AnyJob[], now = new Date(), log: JobLog = () => undefined): Promise<number> {
    const sql = await sqlOf();
    const byName = new Map(jobs.map((j) => [j.name, j]));
    let ran = 0;
    for (let row = await claim(sql, [...byName.keys()], now); row; row = await claim(sql, [...byName.keys()], now)) {
      const job = byName.get(row.name)!;
      const ctx = { attempt: row.attempts, final: row.attempts >= row.maxAttempts, now };
      const fields = { job: row.name, id: String(row.id), attempt: row.attempts };
      ran++;
      try {
        const result = await job.run(JSON.parse(row.data), ctx);
        // A job without a key is gone once done; one with a key stays a day, so its key is not run again meanwhile.
        if (row.key === null) await sql.deleteFrom("Job").where("id", "=", row.id).execute();
        else await sql.updateTable("Job").set({ state: "completed", finishedAt: new Date(), lockedUntil: null, lastError: null }).where("id", "=", row.id).execute();
        if (result) log("info", { ...fields, ...result }, "job completed");
      } catch (e) {
        const lastError = errorText(e);
        await sql
          .updateTable("Job")
          .set(ctx.final
            ? { state: "failed", finishedAt: new Date(), lockedUntil: null, lastError }
            : { state: "waiting", runAt: new Date(now.getTime() + job.backoffMs(row.attempts)), lockedUntil: null, lastError })
          .where("id", "=", row.id)
          .execute();
        log("warn", { ...fields, err: lastError, final: ctx.final }, ctx.final ? "job failed" : "job try failed");
      }
    }
    return ran;
  }

  const queue: EmbeddedQueue = {
    driver: "embedded",
    add,
    runDue,

    async list(filter, paging) {
      const sql = await sqlOf();
      const now = new Date();
      let q = sql.selectFrom("Job");
      if (filter.name) q = q.where("name", "=", filter.name);
      if (filter.state === "waiting" || filter.state === "delayed") {
        q = q.where("state", "=", "waiting").where("runAt", filter.state === "waiting" ? "<=" : ">", now);
      } else if (filter.state) q = q.where("state", "=", filter.state);
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy("id", "desc").offset(paging.offset).limit(paging.limit).execute(),
        q.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map((r) => record(r, now)), total: Number(count.n) };
    },

    async get(id) {
      if (!/^\d{1,9}$/.test(id)) return null;
      const row = await (await sqlOf()).selectFrom("Job").selectAll().where("id", "=", Number(id)).executeTakeFirst();
      return row ? record(row) : null;
    },

    async retry(id) {
      const found = await queue.get(id);
      if (!found || found.state !== "failed") return found;
      await (await sqlOf())
        .updateTable("Job")
        .set({ state: "waiting", attempts: 0, runAt: new Date(), finishedAt: null })
        .where("id", "=", Number(id))
        .where("state", "=", "failed")
        .execute();
      kick?.();
      return queue.get(id);
    },

    start(jobs, log) {
      let running = false;
      let again = false;
      let cleaned = 0;
      const work = async () => {
        if (running) {
          again = true;
          return;
        }
        running = true;
        try {
          do {
            again = false;
            await runDue(jobs, new Date(), log);
          } while (again);
          if (Date.now() - cleaned > HOUR_MS) {
            cleaned = Date.now();
            const sql = await sqlOf();
            await sql.deleteFrom("Job").where("state", "=", "completed").where("finishedAt", "<", new Date(cleaned - KEEP_COMPLETED_MS)).execute();
          }
        } catch (e) {
          log("warn", { err: errorText(e) }, "job queue round failed");
        } finally {
          running = false;
        }
      };
      // An add in this process is worked at once: after a moment, so the transaction that caused it has committed.
      let pending: NodeJS.Timeout | null = null;
      kick = () => {
        pending ??= setTimeout(() => {
          pending = null;
          void work();
        }, 50);
        pending.unref();
      };
      const poll = setInterval(() => void work(), Math.max(100, Number(process.env.JOB_POLL_MS) || 1000));
      poll.unref();
      timers.push(poll);
      // A schedule's round is one job whatever the number of processes: its key is the round's number.
      for (const job of jobs) {
        const every = job.every?.() ?? 0;
        if (every <= 0) continue;
        const round = () => void add(job, {}, { key: `${job.name}@${Math.floor(Date.now() / every)}` }).catch((e) => log("warn", { job: job.name, err: errorText(e) }, "job not scheduled"));
        const timer = setInterval(round, every);
        timer.unref();
        timers.push(timer);
        round();
      }
      void work();
      return Promise.resolve();
    },

    stop() {
      for (const t of timers) clearInterval(t);
      timers = [];
      kick = null;
      return Promise.resolve();
    },
  };
  return queue;
}
