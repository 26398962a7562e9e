// Mail on the job queue (lib/jobs). `mail.relay` hands every due message of the outbox to the queue as a
// `mail.send` job, keyed by the message so that it is never queued twice; it runs a moment after a change writes
// mail, and every MAIL_POLL_SECONDS (15) for anything else (a job a crash or a flushed Redis lost). `mail.send`
// sends one message and is retried with backoff (30 s doubling, at most 6 hours apart) up to MAX_ATTEMPTS.
import { getSql } from "../db/client.ts";
import { defineJob, jobQueue, type JobLog } from "../jobs/queue.ts";
import { backoffMs, dueMail, listenForMail, MAX_ATTEMPTS, sendMessage, smtpConfigured, type MailTransport } from "./outbox.ts";
import { mailFrom, smtpTransport } from "./transport.ts";

let transport: { url: string; sender: MailTransport } | null = null;
/** One SMTP transport per SMTP_URL for the life of the process. */
function currentTransport(): MailTransport {
  const url = process.env.SMTP_URL?.trim();
  if (!url) throw new Error("SMTP_URL is not set: the message waits until it is.");
  if (transport?.url !== url) transport = { url, sender: smtpTransport(url)! };
  return transport.sender;
}

export const mailSend = defineJob<{ messageId: number }>({
  name: "mail.send",
  attempts: MAX_ATTEMPTS,
  backoffMs,
  async run({ messageId }, t) {
    const outcome = await sendMessage(await getSql(), currentTransport(), messageId, { ...t, retryAt: new Date(t.now.getTime() + backoffMs(t.attempt)) }, mailFrom());
    return { messageId, outcome };
  },
});

export const mailRelay = defineJob({
  name: "mail.relay",
  attempts: 3,
  backoffMs: () => 5_000,
  every: () => (smtpConfigured() ? Math.max(1, Number(process.env.MAIL_POLL_SECONDS) || 15) * 1000 : 0),
  async run(_data, { now }) {
    const due = await dueMail(await getSql(), now);
    const queue = await jobQueue();
    for (const messageId of due) await queue.add(mailSend, { messageId }, { key: `mail-${messageId}`, at: now });
    return due.length ? { queued: due.length } : undefined;
  },
});

/** A change that writes mail adds one relay job, a moment later (its transaction commits meanwhile). */
export function relayOnNewMail(log: JobLog): void {
  let pending: NodeJS.Timeout | null = null;
  listenForMail(() => {
    pending ??= setTimeout(() => {
      pending = null;
      void jobQueue()
        .then((q) => q.add(mailRelay, {}))
        .catch((e: Error) => log("warn", { err: e.message }, "mail relay not queued"));
    }, 250);
    pending.unref();
  });
}
