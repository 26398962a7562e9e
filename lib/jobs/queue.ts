// One interface for the work that runs on its own, outside a request: sending mail, expiring unpaid orders, purging
// abandoned carts. A job is declared once with `defineJob` next to the domain code it runs (lib/jobs/registry.ts
// lists them); it is added to the queue, run by a worker, retried with its backoff when it throws, and kept as
// `failed` after its last try until an operator retries it (`npm run commerce -- jobs`, the Admin API's
// settings/jobs). Handlers are idempotent: a job may run again after a crash, and a retry may find its work done.
//
// Two drivers, one behaviour: the embedded queue (./embedded.ts), a table of the store's own database worked by the
// server process, is the default; with REDIS_URL the jobs go to BullMQ on that Redis (./bullmq.ts), so that
// several instances share them and each job runs once. JOB_QUEUE=embedded|bullmq overrides the choice.
import type { Page, Paging } from "../operations/define.ts";

export interface JobContext {
  /** 1 on the first try. */
  attempt: number;
  /** This is the last try: a throw now leaves the job failed. */
  final: boolean;
  now: Date;
}

export interface Job<D extends object = object> {
  name: string;
  /** Tries before the job is left failed. */
  attempts: number;
  /** How long to wait after try `attempt` fails. */
  backoffMs(attempt: number): number;
  /** For a job that runs on a schedule: the interval in ms (0: not scheduled, e.g. switched off by a setting). */
  every?(): number;
  /** The work. What it answers, if anything, is logged with the job; a throw is a failed try. */
  run(data: D, ctx: JobContext): Promise<Record<string, unknown> | void>;
}

export function defineJob<D extends object = Record<string, never>>(job: Job<D>): Job<D> {
  return job;
}

// `any` lets a list hold jobs of every data type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJob = Job<any>;

export const JOB_STATES = ["waiting", "delayed", "active", "completed", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A job as an operator sees it. */
export interface JobRecord {
  id: string;
  name: string;
  state: JobState;
  data: object;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: Date;
  /** When a waiting or delayed job is due. */
  runAt: Date | null;
  finishedAt: Date | null;
}

export interface AddOptions {
  /** Adds the job only if none with this key exists (a message's send, a schedule's round). */
  key?: string;
  /** When it is due (default: now). A job adding another passes its own `now`. */
  at?: Date;
}

export type JobLog = (level: "info" | "warn", fields: Record<string, unknown>, msg: string) => void;

export interface JobQueue {
  readonly driver: "embedded" | "bullmq";
  add<D extends object>(job: Job<D>, data: D, opts?: AddOptions): Promise<void>;
  list(filter: { state?: JobState; name?: string }, paging: Paging): Promise<Page<JobRecord>>;
  get(id: string): Promise<JobRecord | null>;
  /** Puts a failed job back to run now with its tries counted afresh; null when there is no such job. */
  retry(id: string): Promise<JobRecord | null>;
  /** Runs `jobs` in this process and keeps their schedules, until `stop`. */
  start(jobs: readonly AnyJob[], log: JobLog): Promise<void>;
  stop(): Promise<void>;
}

/** Which driver this deployment uses. */
export function queueDriver(): "embedded" | "bullmq" {
  const named = process.env.JOB_QUEUE?.trim();
  if (named === "embedded" || named === "bullmq") return named;
  if (named) throw new Error(`JOB_QUEUE must be embedded or bullmq, not ${named}.`);
  return process.env.REDIS_URL ? "bullmq" : "embedded";
}

// On globalThis: Next.js bundles instrumentation.ts (which starts the workers) and each route with their own copy of
// this module, and they must all reach one queue.
const store = globalThis as { __commerceJobs?: Promise<JobQueue> };

/** The process's queue, opened on first use. */
export function jobQueue(): Promise<JobQueue> {
  store.__commerceJobs ??= (async () =>
    queueDriver() === "bullmq" ? (await import("./bullmq.ts")).bullmqQueue() : (await import("./embedded.ts")).embeddedQueue())();
  return store.__commerceJobs;
}

/** The text of what a failed try threw, bounded. */
export const errorText = (e: unknown) => String((e as Error)?.message ?? e).slice(0, 1000);

/** A positive number from a setting (a count, seconds, days), or `fallback` when it is unset or not one. */
export function positiveSetting(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** A schedule's interval from a setting in minutes (fractions allowed; 0 switches it off), in ms. */
export function minutesSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw.trim() === "" ? fallback : Number(raw);
  return (Number.isFinite(n) && n >= 0 ? n : fallback) * 60_000;
}
