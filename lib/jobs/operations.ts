// The job queue over the Admin API: what ran, what waits, what failed after its last try, and a retry for the
// failed (settings.jobs). The same as `npm run commerce -- jobs list|retry`.
import { z } from "zod";
import { Conflict, NotFound } from "../errors.ts";
import { operation } from "../operations/define.ts";
import { ADMIN_LIST } from "../admin/resource.ts";
import { JOB_STATES, jobQueue, type JobRecord } from "./queue.ts";

export const AdminJob = z
  .object({
    /** The queue's id: a number on the embedded queue; on BullMQ a number, a key (`mail-42`) or a schedule's round. */
    id: z.string(),
    /** mail.relay | mail.send | carts.purge | orders.expire-unpaid */
    name: z.string(),
    /** waiting | delayed (a retry's backoff, or not due yet) | active | completed (kept a day) | failed (after its last try) */
    state: z.string(),
    /** What the job was given, as JSON text (a message's id). */
    data: z.string(),
    attempts: z.int(),
    maxAttempts: z.int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    runAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "AdminJob" });

const iso = (d: Date | null) => d?.toISOString() ?? null;
const shown = (j: JobRecord) => ({ ...j, data: JSON.stringify(j.data), createdAt: j.createdAt.toISOString(), runAt: iso(j.runAt), finishedAt: iso(j.finishedAt) });
const JobId = z.string().trim().min(1, { message: "is required" }).max(200);

export const listAdminJobs = operation({
  name: "adminJobs",
  surface: "admin",
  kind: "query",
  summary: "Background jobs, newest first: `state` (waiting, delayed, active, completed, failed), `page` and `per_page` (at most 50).",
  access: { admin: "settings.jobs.view" },
  input: z.object({ state: z.enum(JOB_STATES, { message: `must be one of ${JOB_STATES.join(", ")}` }).optional() }),
  output: AdminJob,
  list: ADMIN_LIST,
  rest: { method: "GET", paths: ["/api/admin/settings/jobs"] },
  run: async (_ctx, { state }, paging) => {
    const page = await (await jobQueue()).list({ state }, paging);
    return { total: page.total, items: page.items.map(shown) };
  },
});

export const getAdminJob = operation({
  name: "adminJob",
  surface: "admin",
  kind: "query",
  summary: "One background job.",
  access: { admin: "settings.jobs.view" },
  input: z.object({ id: JobId }),
  output: AdminJob,
  rest: { method: "GET", paths: ["/api/admin/settings/jobs/{id}"] },
  run: async (_ctx, { id }) => {
    const job = await (await jobQueue()).get(id);
    if (!job) throw new NotFound("Job");
    return shown(job);
  },
});

export const retryAdminJob = operation({
  name: "retryAdminJob",
  surface: "admin",
  kind: "mutation",
  summary: "Run a failed job again now, its tries counted afresh. 409 when the job has not failed.",
  access: { admin: "settings.jobs.edit" },
  input: z.object({ id: JobId }).strict(),
  output: AdminJob,
  rest: { method: "POST", paths: ["/api/admin/settings/jobs/{id}/retry"], errors: [409] },
  graphql: { resource: "adminJob" },
  run: async (_ctx, { id }) => {
    const queue = await jobQueue();
    const before = await queue.get(id);
    if (!before) throw new NotFound("Job");
    if (before.state !== "failed") throw new Conflict(`Job ${id} is ${before.state}; only a failed job can be retried.`);
    const after = await queue.retry(id);
    if (!after) throw new NotFound("Job");
    return shown(after);
  },
});

export const operations = [listAdminJobs, getAdminJob, retryAdminJob];
