// The queue of a deployment that scales out: BullMQ on the Redis it already has (REDIS_URL). Every instance adds to
// and works one queue, so each job runs once whatever the number of instances; a schedule is one BullMQ job
// scheduler, upserted by every instance at start, which makes one job per round. Keys live under RATE_LIMIT_PREFIX
// (as the rate-limit counters do), so deployments sharing a Redis stay apart.
import os from "node:os";
import { Job as BullJob, Queue, Worker, type ConnectionOptions, type JobsOptions, type JobType } from "bullmq";
import { redisPrefix } from "../redis/index.ts";
import { errorText, type AnyJob, type JobQueue, type JobRecord, type JobState } from "./queue.ts";

const QUEUE = "jobs";
const DAY_S = 24 * 3600;

/** REDIS_URL as BullMQ's connection options (its own ioredis; blocking reads need maxRetriesPerRequest null). */
function connection(): ConnectionOptions {
  const url = new URL(process.env.REDIS_URL!);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: decodeURIComponent(url.username) || undefined,
    password: decodeURIComponent(url.password) || undefined,
    db: Number(url.pathname.slice(1) || 0),
    tls: url.protocol === "rediss:" ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

const TYPES: Record<JobState, JobType> = { waiting: "wait", delayed: "delayed", active: "active", completed: "completed", failed: "failed" };

function options(job: AnyJob, key?: string, at?: Date): JobsOptions {
  return {
    jobId: key,
    delay: at ? Math.max(0, at.getTime() - Date.now()) : undefined,
    attempts: job.attempts,
    backoff: { type: "custom" },
    // As on the embedded queue: a job with a key is kept a day once done, so that the key is not run again meanwhile.
    removeOnComplete: key ? { age: DAY_S } : true,
    removeOnFail: false,
  };
}

async function record(job: BullJob, raw?: string): Promise<JobRecord> {
  raw ??= await job.getState();
  const state = (raw === "wait" || raw === "prioritized" || raw === "waiting-children" ? "waiting" : raw) as JobState;
  return {
    id: job.id!,
    name: job.name,
    state,
    data: job.data as object,
    attempts: job.attemptsMade,
    maxAttempts: job.opts.attempts ?? 1,
    lastError: job.failedReason || null,
    createdAt: new Date(job.timestamp),
    runAt: state === "waiting" || state === "delayed" ? new Date(job.timestamp + (job.delay || 0)) : null,
    finishedAt: job.finishedOn ? new Date(job.finishedOn) : null,
  };
}

export function bullmqQueue(): JobQueue {
  const prefix = `${redisPrefix()}-bull`;
  const queue = new Queue(QUEUE, { connection: connection(), prefix });
  // A Redis that is down is retried by ioredis; an unhandled "error" event would end the process instead.
  queue.on("error", () => undefined);
  let worker: Worker | null = null;

  return {
    driver: "bullmq",

    async add(job, data, opts = {}) {
      await queue.add(job.name, data, options(job, opts.key, opts.at));
    },

    async list(filter, paging) {
      const types = filter.state ? [TYPES[filter.state]] : Object.values(TYPES);
      const counts = await queue.getJobCounts(...types);
      const total = Object.values(counts).reduce((n, c) => n + c, 0);
      if (paging.limit === 0) return { items: [], total };
      const jobs = await queue.getJobs(types, paging.offset, paging.offset + paging.limit - 1, false);
      return { items: await Promise.all(jobs.filter(Boolean).map((j) => record(j, filter.state))), total };
    },

    async get(id) {
      // The state before the job: read after it, a job that finished in between would show its new state with the
      // tries of before. A job only moves on, so what the state says done is in the job read after it.
      const state = await queue.getJobState(id);
      if (state === "unknown") return null;
      const job = await BullJob.fromId(queue, id);
      return job ? record(job, state) : null;
    },

    async retry(id) {
      const job = await BullJob.fromId(queue, id);
      if (!job) return null;
      if ((await job.getState()) !== "failed") return record(job);
      await job.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: true });
      return record((await BullJob.fromId(queue, id)) ?? job);
    },

    async start(jobs, log) {
      const byName = new Map(jobs.map((j) => [j.name, j]));
      worker = new Worker(
        QUEUE,
        async (job) => {
          const def = byName.get(job.name);
          if (!def) throw new Error(`No handler for job ${job.name}.`);
          const attempt = job.attemptsMade + 1;
          const ctx = { attempt, final: attempt >= (job.opts.attempts ?? 1), now: new Date() };
          const fields = { job: job.name, id: job.id, attempt };
          try {
            const result = await def.run(job.data, ctx);
            if (result) log("info", { ...fields, ...result }, "job completed");
          } catch (e) {
            log("warn", { ...fields, err: errorText(e), final: ctx.final }, ctx.final ? "job failed" : "job try failed");
            throw e;
          }
        },
        {
          connection: connection(),
          prefix,
          concurrency: 2,
          name: `${os.hostname()}-${process.pid}`,
          settings: { backoffStrategy: (attemptsMade, _type, _err, job) => byName.get(job?.name ?? "")?.backoffMs(attemptsMade) ?? 60_000 },
        },
      );
      worker.on("error", (e) => log("warn", { err: errorText(e) }, "job worker error"));
      for (const job of jobs) {
        const every = job.every?.() ?? 0;
        if (every > 0) {
          const { jobId: _ignored, ...opts } = options(job);
          await queue.upsertJobScheduler(job.name, { every }, { name: job.name, data: {}, opts });
        } else await queue.removeJobScheduler(job.name);
      }
    },

    async stop() {
      await worker?.close();
      worker = null;
      await queue.close();
    },
  };
}
