// Runs once when a Next.js server starts (https://nextjs.org/docs/app/guides/instrumentation): SIGTERM drains the
// requests in flight before the server shuts down (lib/http/drain.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ drainOnSigterm }, { log }] = await Promise.all([import("@/lib/http/drain"), import("@/lib/log")]);
  drainOnSigterm((fields, msg) => log.info(fields, msg));
  // Transactional mail leaves from the server process, after the changes that cause it have committed.
  const { startMailDispatcher } = await import("@/lib/mail/dispatcher");
  startMailDispatcher((fields, msg) => log.info(fields, msg));
  // Abandoned carts and their uploaded files are deleted after CART_UPLOAD_RETENTION_DAYS (lib/cart/retention.ts).
  const [{ startCartPurge }, { getDb }] = await Promise.all([import("@/lib/cart/retention"), import("@/lib/db/client")]);
  startCartPurge(getDb, (fields, msg) => log.info(fields, msg));
}
