// Sends the outbox from the running server: started once from instrumentation.ts when SMTP_URL is set. It drains
// shortly after each enqueue (the delay lets the writing transaction commit) and polls every MAIL_POLL_SECONDS
// for retries, for messages written by other instances and for anything a crash left claimed.
import { getSql } from "../db/client.ts";
import { drainOutbox, listenForMail } from "./outbox.ts";
import { mailFrom, smtpTransport } from "./transport.ts";

const KICK_DELAY_MS = 250;

export function startMailDispatcher(log: (fields: Record<string, unknown>, msg: string) => void): () => void {
  const transport = smtpTransport();
  if (!transport) return () => {};
  const from = mailFrom();
  let running = false;
  let again = false;
  let kickTimer: NodeJS.Timeout | null = null;

  async function run() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const { sent, failed } = await drainOutbox(await getSql(), transport!, new Date(), from);
        if (sent || failed) log({ sent, failed }, "mail outbox drained");
      } while (again);
    } catch (e) {
      log({ err: String((e as Error)?.message ?? e) }, "mail outbox drain failed");
    } finally {
      running = false;
    }
  }

  const pollMs = Math.max(1, Number(process.env.MAIL_POLL_SECONDS) || 15) * 1000;
  const poll = setInterval(() => void run(), pollMs);
  poll.unref();
  listenForMail(() => {
    kickTimer ??= setTimeout(() => {
      kickTimer = null;
      void run();
    }, KICK_DELAY_MS);
    kickTimer.unref();
  });
  void run();
  return () => {
    clearInterval(poll);
    if (kickTimer) clearTimeout(kickTimer);
    listenForMail(null);
  };
}
