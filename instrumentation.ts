// Runs once when a Next.js server starts (https://nextjs.org/docs/app/guides/instrumentation): SIGTERM drains the
// requests in flight before the server shuts down (lib/http/drain.ts), and the background jobs start (lib/jobs).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ drainOnSigterm }, { log }] = await Promise.all([import("@/lib/http/drain"), import("@/lib/log")]);
  drainOnSigterm((fields, msg) => log.info(fields, msg));
  // Mail, unpaid-order expiry and the cart purge run as jobs: in this process, or on BullMQ when REDIS_URL is set.
  const { startJobs } = await import("@/lib/jobs/registry");
  // Not awaited: a queue that cannot be reached yet (Redis down) must not keep the server from answering.
  startJobs((level, fields, msg) => log[level](fields, msg)).catch((e: Error) => log.error({ err: e.message }, "job workers not started"));
}
