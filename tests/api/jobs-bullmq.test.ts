// The job queue on BullMQ (lib/jobs/bullmq.ts), the driver of a deployment with REDIS_URL, against the Redis this
// machine runs (as tests/api/perf-cache-broadcast.test.ts does): a job that keeps failing is retried with its
// backoff, kept failed after its last try with its error, listed and retried through the Admin API, and a key adds a
// job once. Keys live under a prefix of this run alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../support/client.ts";
import { adminToken, asAdmin } from "../support/admin.ts";
import { defineJob, jobQueue, type JobQueue, type JobState } from "../../lib/jobs/queue.ts";

process.env.REDIS_URL ??= "redis://127.0.0.1:6379";
process.env.RATE_LIMIT_PREFIX = `jobs-test-${process.pid}-${Date.now().toString(36)}`;

const runs = new Map<string, number>();
let broken = true;
const flaky = defineJob<{ tag: string }>({
  name: "test.bull-flaky",
  attempts: 2,
  backoffMs: () => 50,
  async run({ tag }) {
    runs.set(tag, (runs.get(tag) ?? 0) + 1);
    if (broken) throw new Error(`downstream refused ${tag}`);
    return { tag };
  },
});

let queue: JobQueue;
let token: string;
beforeAll(async () => {
  queue = await jobQueue();
  await queue.start([flaky], () => undefined);
  token = await adminToken({ role: ["settings.jobs.view", "settings.jobs.edit"] });
});
afterAll(async () => {
  await queue.stop();
});

async function until(id: string, state: JobState) {
  for (let i = 0; i < 200; i++) {
    const job = await queue.get(id);
    if (job?.state === state) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} never became ${state}: ${JSON.stringify(await queue.get(id))}`);
}

describe("jobs on BullMQ", () => {
  it("retry with backoff, stay failed after the last try, are listed and run again through the Admin API", async () => {
    expect(queue.driver).toBe("bullmq");
    broken = true;
    const tag = unique("bull");
    await queue.add(flaky, { tag }, { key: tag });
    await queue.add(flaky, { tag }, { key: tag }); // the key adds it once
    const failed = await until(tag, "failed");
    expect(failed).toMatchObject({ id: tag, name: "test.bull-flaky", attempts: 2, maxAttempts: 2, lastError: `downstream refused ${tag}`, data: { tag } });
    expect(runs.get(tag)).toBe(2);

    const listed = await asAdmin("rest", token, "adminJobs", { state: "failed" }, { perPage: 50 });
    expect(listed.status, JSON.stringify(listed.raw)).toBe(200);
    expect(listed.data.data.find((j: { id: string }) => j.id === tag)).toMatchObject({ state: "failed", attempts: 2, data: JSON.stringify({ tag }) });
    expect(listed.data.meta.total).toBeGreaterThanOrEqual(1);

    broken = false;
    const retried = await asAdmin("graphql", token, "retryAdminJob", { id: tag });
    expect(retried.status, JSON.stringify(retried.raw)).toBe(200);
    expect(["waiting", "active", "completed"]).toContain(retried.data.state);
    const done = await until(tag, "completed");
    expect(done).toMatchObject({ attempts: 1, lastError: null });
    expect(runs.get(tag)).toBe(3);
    expect((await asAdmin("rest", token, "retryAdminJob", { id: tag })).status).toBe(409);
    expect((await asAdmin("rest", token, "adminJob", { id: "no-such-job" })).status).toBe(404);
  });
});
