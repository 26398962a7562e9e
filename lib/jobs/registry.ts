// Every job the store runs on its own (README "Background jobs"). A worker runs these and no others.
import { mailRelay, mailSend } from "../mail/jobs.ts";
import { cartPurge } from "../cart/retention.ts";
import { unpaidOrderExpiry } from "../orders/expiry.ts";
import type { AnyJob, JobLog } from "./queue.ts";
import { jobQueue } from "./queue.ts";
import { relayOnNewMail } from "../mail/jobs.ts";
import { eventPurge } from "../events/log.ts";
import { deliverOnNewEvents, webhookDeliver } from "../events/webhooks.ts";
import { idempotencyPurge } from "../http/idempotency.ts";

export const JOBS: readonly AnyJob[] = [mailRelay, mailSend, cartPurge, unpaidOrderExpiry, webhookDeliver, eventPurge, idempotencyPurge];

/** Starts this process's workers and schedules (instrumentation.ts); mail written from now on is relayed at once. */
export async function startJobs(log: JobLog): Promise<void> {
  const queue = await jobQueue();
  relayOnNewMail(log);
  deliverOnNewEvents(log);
  await queue.start(JOBS, log);
  log("info", { driver: queue.driver, jobs: JOBS.map((j) => j.name) }, "job workers started");
}
