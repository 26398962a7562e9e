// Writes take turns with reads. A read of a cached page costs well under a millisecond; a checkout step costs a few.
// Node serves what arrived in one turn of its event loop one after another, so ten buyers' steps arriving together
// held the process for tens of milliseconds while every shopper browsing waited behind them. A write (any mutation)
// therefore starts only at a turn of its own: at most one starts per turn of the event loop, in the order they came,
// and the reads that arrived meanwhile are served in between. Writes still run side by side once started (on
// PostgreSQL most of a write is waiting on the database), and none waits longer than the writes queued before it.
const waiting: (() => void)[] = [];
let scheduled = false;

function startNext(): void {
  scheduled = false;
  waiting.shift()?.();
  // Scheduled from within this turn's check phase: the next write starts in the next turn, after its reads.
  if (waiting.length) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(startNext);
}

/** Resolves when it is this write's turn to start. */
export function writeTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}
