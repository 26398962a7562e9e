// What the server's job workers do for mail, done by a test at a moment of its choosing: a relay round (every due
// message of the outbox to the queue), then every mail job due at `now`. Only the mail jobs run, so a test does not
// run another file's expiries or purges.
import { embeddedQueue } from "../../lib/jobs/embedded.ts";
import { mailRelay, mailSend } from "../../lib/mail/jobs.ts";

export async function runMailJobs(now = new Date()): Promise<number> {
  const queue = embeddedQueue();
  await queue.add(mailRelay, {}, { at: now });
  return queue.runDue([mailRelay, mailSend], now);
}
