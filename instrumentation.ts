// Runs once when a Next.js server starts (https://nextjs.org/docs/app/guides/instrumentation): SIGTERM drains the
// requests in flight before the server shuts down (lib/http/drain.ts), and every operation module is loaded so that
// each cache declares the tables it reads at once (lib/db/observe.ts `onWrite`): an instance that has served no
// read yet still publishes its writes to those tables to the other instances (lib/db/broadcast.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ drainOnSigterm }, { log }] = await Promise.all([import("@/lib/http/drain"), import("@/lib/log")]);
  drainOnSigterm((fields, msg) => log.info(fields, msg));
  // Transactional mail leaves from the server process, after the changes that cause it have committed.
  const { startMailDispatcher } = await import("@/lib/mail/dispatcher");
  startMailDispatcher((fields, msg) => log.info(fields, msg));
  await Promise.all([import("@/lib/operations/shop"), import("@/lib/operations/admin")]);
}
