// One job queue for the work that runs on its own (issue 32, item 7), on its embedded driver (the database's Job
// table; BullMQ is proven across two instances by tests/prod/scale-out.prod.ts). A job that throws is retried
// with its backoff, left failed after its last try, listed to an operator (Admin API on both transports, CLI) and
// run again on request; a schedule's round is one job however many workers schedule it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { adminToken, asAdmin, hiddenProduct, makeOrder } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";
import { cli } from "../support/cli.ts";
import { stock } from "../support/checkout.ts";
import { embeddedQueue } from "../../lib/jobs/embedded.ts";
import { defineJob } from "../../lib/jobs/queue.ts";
import { unpaidOrderExpiry } from "../../lib/orders/expiry.ts";

/** A job that fails while `broken` holds, and counts its runs by key. */
const runs = new Map<string, number>();
let broken = true;
const flaky = defineJob<{ tag: string }>({
  name: "test.flaky",
  attempts: 3,
  backoffMs: (attempt) => attempt * 60_000,
  async run({ tag }) {
    runs.set(tag, (runs.get(tag) ?? 0) + 1);
    if (broken) throw new Error(`downstream refused ${tag}`);
    return { tag };
  },
});

const queue = embeddedQueue();
const MIN = 60_000;

/** A flaky job added at `t0` and tried to its end: 3 tries, 1 and 2 minutes apart. */
async function failedJob(tag: string, t0: Date) {
  broken = true;
  await queue.add(flaky, { tag }, { key: tag, at: t0 });
  const db = await getDb();
  expect(await queue.runDue([flaky], t0)).toBeGreaterThanOrEqual(1);
  const afterOne = await db.job.findUniqueOrThrow({ where: { key: tag } });
  expect(afterOne).toMatchObject({ state: "waiting", attempts: 1, lastError: `downstream refused ${tag}` });
  expect(afterOne.runAt.getTime()).toBe(t0.getTime() + MIN);
  // Not due before its backoff: nothing runs.
  await queue.runDue([flaky], new Date(t0.getTime() + MIN - 1));
  expect(runs.get(tag)).toBe(1);
  await queue.runDue([flaky], new Date(t0.getTime() + MIN));
  expect(await db.job.findUniqueOrThrow({ where: { key: tag } })).toMatchObject({ state: "waiting", attempts: 2, runAt: new Date(t0.getTime() + 3 * MIN) });
  await queue.runDue([flaky], new Date(t0.getTime() + 3 * MIN));
  const failed = await db.job.findUniqueOrThrow({ where: { key: tag } });
  expect(failed).toMatchObject({ state: "failed", attempts: 3, maxAttempts: 3, finishedAt: expect.any(Date) });
  expect(runs.get(tag)).toBe(3);
  // Failed stays failed: no later round runs it.
  await queue.runDue([flaky], new Date(t0.getTime() + 1000 * MIN));
  expect(runs.get(tag)).toBe(3);
  return failed;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe.each(VIAS)("failed jobs over %s", (via) => {
  it("are retried with backoff, kept after their last try, listed, and run again on request", async () => {
    const tag = unique("flaky");
    const t0 = new Date();
    const failed = await failedJob(tag, t0);
    const id = String(failed.id);
    const token = await adminToken({ role: ["settings.jobs.view", "settings.jobs.edit"] });

    const listed = await asAdmin(via, token, "adminJobs", { state: "failed" }, { perPage: 50 });
    expect(listed.status, JSON.stringify(listed.raw)).toBe(200);
    const mine = ((via === "rest" ? listed.data.data : listed.data) as { id: string }[]).find((j) => j.id === id);
    expect(mine).toMatchObject({ name: "test.flaky", state: "failed", attempts: 3, maxAttempts: 3, lastError: `downstream refused ${tag}`, data: JSON.stringify({ tag }), runAt: null });
    expect(via === "rest" ? listed.data.meta.total : listed.total).toBeGreaterThanOrEqual(1);

    // Only a failed job can be retried; an unknown one is not found.
    const waiting = unique("waiting");
    await queue.add(flaky, { tag: waiting }, { key: waiting, at: new Date(Date.now() + 3600_000) });
    const waitingId = String((await (await getDb()).job.findUniqueOrThrow({ where: { key: waiting } })).id);
    expect((await asAdmin(via, token, "adminJob", { id: waitingId })).data).toMatchObject({ state: "delayed", attempts: 0 });
    expect((await asAdmin(via, token, "retryAdminJob", { id: waitingId })).status).toBe(409);
    expect((await asAdmin(via, token, "retryAdminJob", { id: "999999999" })).status).toBe(404);
    expect((await asAdmin(via, token, "retryAdminJob", { id: "not-a-job" })).status).toBe(404);
    await (await getDb()).job.delete({ where: { key: waiting } });

    const retried = await asAdmin(via, token, "retryAdminJob", { id });
    expect(retried.status, JSON.stringify(retried.raw)).toBe(200);
    expect(retried.data).toMatchObject({ id, state: "waiting", attempts: 0, lastError: `downstream refused ${tag}`, finishedAt: null });
    broken = false;
    await queue.runDue([flaky]);
    expect(runs.get(tag)).toBe(4);
    expect(await (await getDb()).job.findUniqueOrThrow({ where: { key: tag } })).toMatchObject({ state: "completed", attempts: 1, lastError: null });
    // Retrying again is refused: it is done.
    expect((await asAdmin(via, token, "retryAdminJob", { id })).status).toBe(409);
  });

  it("are shown and retried only with settings.jobs", async () => {
    const failed = await failedJob(unique("guarded"), new Date());
    const id = String(failed.id);
    const nobody = await adminToken({ role: ["settings.mail.view"] });
    const viewer = await adminToken({ role: ["settings.jobs.view"] });
    expect((await asAdmin(via, nobody, "adminJobs", {})).status).toBe(403);
    expect((await asAdmin(via, nobody, "adminJob", { id })).status).toBe(403);
    expect((await asAdmin(via, viewer, "adminJob", { id })).status).toBe(200);
    expect((await asAdmin(via, viewer, "retryAdminJob", { id })).status).toBe(403);
    expect((await asAdmin(via, null, "retryAdminJob", { id })).status).toBe(401);
    expect((await asAdmin(via, viewer, "adminJobs", { state: "broken" })).status).toBe(422);
    expect((await getDb().then((db) => db.job.findUniqueOrThrow({ where: { id: failed.id } }))).state).toBe("failed");
  });
});

describe("completed jobs", () => {
  it("are forgotten at once without a key, and kept with one so that the key does not run again", async () => {
    broken = false;
    const [loose, keyed] = [unique("loose"), unique("keyed")];
    await queue.add(flaky, { tag: loose });
    await queue.add(flaky, { tag: keyed }, { key: keyed });
    await queue.runDue([flaky]);
    const db = await getDb();
    expect(await db.job.count({ where: { data: JSON.stringify({ tag: loose }) } })).toBe(0);
    expect(await db.job.findUniqueOrThrow({ where: { key: keyed } })).toMatchObject({ state: "completed", attempts: 1 });
    // The same key added again is not run again.
    await queue.add(flaky, { tag: keyed }, { key: keyed });
    await queue.runDue([flaky]);
    expect([runs.get(loose), runs.get(keyed)]).toEqual([1, 1]);
  });
});

describe("jobs on the command line", () => {
  it("lists failed jobs and retries one", async () => {
    const tag = unique("cli");
    const failed = await failedJob(tag, new Date());
    const listed = await cli("jobs", "list", "--state", "failed", "--limit", "50", "--json");
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as { id: string; name: string; state: string; lastError: string }[];
    expect(rows.find((r) => r.id === String(failed.id))).toMatchObject({ name: "test.flaky", state: "failed", lastError: `downstream refused ${tag}` });
    const text = await cli("jobs", "list", "--state", "failed", "--limit", "50");
    expect(text.stdout).toMatch(new RegExp(`#${failed.id}  test\\.flaky  failed  3/3 .*downstream refused ${tag}`));

    expect((await cli("jobs", "list", "--state", "lost")).stderr).toContain("--state must be one of waiting, delayed, active, completed, failed");
    const retried = await cli("jobs", "retry", String(failed.id));
    expect(retried.code, retried.stderr).toBe(0);
    expect((await (await getDb()).job.findUniqueOrThrow({ where: { id: failed.id } })).state).toBe("waiting");
    const again = await cli("jobs", "retry", String(failed.id));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("only a failed job can be retried");
    expect((await cli("jobs", "retry", "999999999")).stderr).toContain("No job 999999999");
    await (await getDb()).job.delete({ where: { id: failed.id } });
  });
});

describe("scheduled jobs", () => {
  it("run one job per round however many workers schedule them, and the expiry cancels an unpaid order once", async () => {
    vi.stubEnv("ORDER_EXPIRY_INTERVAL_MINUTES", String(400 / MIN)); // a round every 400 ms
    vi.stubEnv("JOB_POLL_MS", "100");
    // A method of this test alone, so that its rounds cancel no other test's orders.
    const method = unique("transfer");
    vi.stubEnv("UNPAID_ORDER_METHODS", method);
    const p = await hiddenProduct(10);
    const db = await getDb();
    const o = await makeOrder({ lines: [{ productId: p.id, qty: 2, price: 10 }], createdAt: new Date(Date.now() - 8 * 24 * 3600_000) });
    await db.orderPayment.update({ where: { orderId: o.id }, data: { method, methodTitle: "Money Transfer" } });
    const before = await stock(p.id);
    const started = new Date();

    // Two processes' workers on one database.
    const lines: { level: string; fields: Record<string, unknown> }[] = [];
    const [a, b] = [embeddedQueue(), embeddedQueue()];
    const log = (level: string, fields: Record<string, unknown>) => void lines.push({ level, fields });
    await Promise.all([a.start([unpaidOrderExpiry], log), b.start([unpaidOrderExpiry], log)]);
    await new Promise((r) => setTimeout(r, 1500));
    await Promise.all([a.stop(), b.stop()]);
    await new Promise((r) => setTimeout(r, 200)); // a round in flight ends

    const rounds = await db.job.findMany({ where: { name: "orders.expire-unpaid", createdAt: { gte: started } } });
    expect(rounds.length).toBeGreaterThanOrEqual(2);
    expect(new Set(rounds.map((r) => r.key)).size).toBe(rounds.length);
    for (const r of rounds) expect(r).toMatchObject({ state: "completed", attempts: 1 });
    // Each round ran once: one log line per job.
    const ran = lines.filter((l) => l.fields.job === "orders.expire-unpaid").map((l) => l.fields.id);
    expect(new Set(ran).size).toBe(ran.length);
    expect(ran.length).toBe(rounds.length);

    const after = await db.order.findUniqueOrThrow({ where: { id: o.id } });
    expect(after.status).toBe("canceled");
    expect(await stock(p.id)).toBe(before + 2);
    expect(await db.mailMessage.count({ where: { kind: "order_canceled", subject: { contains: o.incrementId } } })).toBe(1);
    expect(lines.filter((l) => (l.fields.canceled as string[] | undefined)?.includes(o.incrementId))).toHaveLength(1);
  });
});
