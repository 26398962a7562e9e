// Graceful shutdown. On SIGTERM Next.js closes its HTTP server at once, and Node then drops every connection whose
// request it has not begun to read: a client sees ECONNRESET for a request it had already sent. So this process
// keeps serving after SIGTERM until no API request has been in flight for a moment (health answers 503 meanwhile,
// so a load balancer stops sending), then hands over to Next.js' own shutdown, which closes the idle connections
// and exits. SHUTDOWN_GRACE_MS bounds the wait.

// On globalThis: Next.js bundles instrumentation.ts and each route with their own copy of this module, and they
// must all count the same requests.
const state = ((globalThis as { __commerceDrain?: { inFlight: number; lastSettled: number; draining: boolean } }).__commerceDrain ??= {
  inFlight: 0,
  lastSettled: 0,
  draining: false,
});

/** Counts `serve` as in flight until it settles. */
export async function inFlightWhile<T>(serve: () => Promise<T>): Promise<T> {
  state.inFlight++;
  try {
    return await serve();
  } finally {
    state.inFlight--;
    state.lastSettled = Date.now();
  }
}

/** Whether SIGTERM has come: the instance finishes what it has and takes no new work from a load balancer. */
export const isDraining = () => state.draining;

const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 25_000);
/** Quiet time before exiting: requests already sent but not yet read get read, and counted, within it. */
const QUIET_MS = 300;

/** Takes over SIGTERM from Next.js (its handler runs after the drain). Called once, from instrumentation.ts. */
export function drainOnSigterm(log: (fields: Record<string, unknown>, msg: string) => void): void {
  const next = process.listeners("SIGTERM");
  process.removeAllListeners("SIGTERM");
  process.on("SIGTERM", () => void drain());
  async function drain() {
    if (state.draining) return;
    state.draining = true;
    const started = Date.now();
    log({ inFlight: state.inFlight }, "SIGTERM: draining");
    while (Date.now() - started < GRACE_MS && (state.inFlight > 0 || Date.now() - Math.max(state.lastSettled, started) < QUIET_MS)) {
      await new Promise((r) => setTimeout(r, 25));
    }
    log({ inFlight: state.inFlight, ms: Date.now() - started }, "SIGTERM: drained, shutting down");
    if (next.length) for (const handler of next) (handler as (signal: string) => void)("SIGTERM");
    else process.exit(0);
  }
}
