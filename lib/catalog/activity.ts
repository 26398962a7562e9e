// Shop activity the reports read: product page visits and search terms. Recorded off the request path: a
// failed write costs a data point, never the shopper's answer.
import type { RequestContext } from "../context.ts";
import { beforeDisconnect, inBackground } from "../db/client.ts";

interface Visit {
  productId: number;
  customerId: number | null;
  channelId: number;
  createdAt: Date;
}

/** Visits wait this long to be written together: one insert for a burst of product reads, not one per read. */
const VISIT_BATCH_MS = 200;

interface Batch {
  visits: Visit[];
  written: Promise<void>;
  /** Writes the batch now (its timer, or a disconnect: lib/db/client.ts). */
  write: () => Promise<void>;
}
let batch: Batch | null = null;

beforeDisconnect(async () => {
  await batch?.write();
});

function newBatch(ctx: RequestContext): Batch {
  const visits: Visit[] = [];
  let resolve!: () => void;
  const written = new Promise<void>((r) => (resolve = r));
  const write = () => {
    clearTimeout(timer);
    if (batch === made) batch = null;
    inBackground(ctx.db.productVisit.createMany({ data: visits }).finally(resolve));
    return written;
  };
  const timer = setTimeout(() => void write(), VISIT_BATCH_MS);
  const made: Batch = { visits, written, write };
  return made;
}

/** Resolves when the visit is written (or its write failed), so tests can await it; the request path does not. */
export function recordVisit(ctx: RequestContext, productId: number): Promise<void> {
  const customerId = ctx.principal.kind === "customer" ? ctx.principal.customerId : null;
  batch ??= newBatch(ctx);
  batch.visits.push({ productId, customerId, channelId: ctx.channel.id, createdAt: new Date() });
  return batch.written;
}

/** One more use of a search term in this channel and locale, with the number of results it found last. */
export function recordSearch(ctx: RequestContext, query: string, results: number): Promise<void> {
  const term = query.trim().toLowerCase().slice(0, 191);
  if (!term) return Promise.resolve();
  const where = { term_channelId_locale: { term, channelId: ctx.channel.id, locale: ctx.locale } };
  const written = ctx.db.searchTerm
    .upsert({
      where,
      create: { term, results, uses: 1, channelId: ctx.channel.id, locale: ctx.locale },
      update: { results, uses: { increment: 1 } },
    })
    .then(() => undefined, () => undefined);
  inBackground(written);
  return written;
}
