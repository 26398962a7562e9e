// Public reads of the Shop API held in process (categories, attributes, channels, locales, countries, CMS pages):
// one answer per request scope and arguments, kept until a write touches a table the answer is made of, in this
// process or, through the broadcast (./broadcast.ts), in another instance; `heldUntilWrite` (./observe.ts) does
// the same for single values. A read that fails is not kept. A kept answer is the same object each time, so the
// transports project and serialise it once (lib/operations/invoke.ts, lib/http/rest.ts), and since REST and
// GraphQL call the same domain function, both are answered from it.
//   HELD_READS_MS  longest life of a held answer, default 2000; 0 turns holding off. Writes drop answers sooner: the
//                  lifetime only bounds staleness should a notice be lost (Redis down).
import type { RequestContext } from "../context.ts";
import { onWrite } from "./observe.ts";

/**
 * The tables the request scope is made of (lib/store/settings.ts: channels, their locales and currencies, rates):
 * every held read depends on them, so the scope in a key is the channel's id, never its settings.
 */
const SCOPE_TABLES = ["Channel", "ChannelLocale", "ChannelCurrency", "Currency", "ExchangeRate", "Locale"];

/** Answers kept per read (scopes × arguments), the least recently used dropped first. */
const MAX_ENTRIES = 100;

const LIFETIME_MS = ((ms) => (Number.isFinite(ms) && ms > 0 ? ms : 0))(Number(process.env.HELD_READS_MS ?? 2_000));

interface Entry<V> {
  value: Promise<V>;
  /** When it was read, plus the lifetime. */
  freshUntil: number;
}

const everyRead = new Set<Map<string, Entry<unknown>>>();

/** Drops every held answer (tests that count statements start cold). */
export function forgetHeldReads(): void {
  for (const entries of everyRead) entries.clear();
}

/**
 * `read`, its answers held per scope (surface, channel, locale, currency, base URL) and arguments until a write to
 * one of `tables` or to the scope's tables. `tables` must name every table `read` reads, translations and links
 * among them; the arguments must be plain data (they are the key, as JSON).
 */
export function heldRead<A extends unknown[], V>(
  tables: readonly string[],
  read: (ctx: RequestContext, ...args: A) => Promise<V>,
): (ctx: RequestContext, ...args: A) => Promise<V> {
  if (LIFETIME_MS === 0) return read;
  const entries = new Map<string, Entry<V>>();
  everyRead.add(entries);
  // A write inside a transaction is heard when it runs and again when it ends (./observe.ts): an answer loaded in
  // between, from the rows as they were, is dropped too. A load still running when its entry is dropped answers
  // the requests that waited for it and is not kept.
  onWrite(() => entries.clear(), [...SCOPE_TABLES, ...tables]);
  return (ctx, ...args) => {
    const key = JSON.stringify([ctx.surface, ctx.channel.id, ctx.locale, ctx.currency.code, ctx.baseUrl, args]);
    const now = Date.now();
    const hit = entries.get(key);
    entries.delete(key); // most recently used goes last
    if (hit && hit.freshUntil > now) {
      entries.set(key, hit);
      return hit.value;
    }
    const entry: Entry<V> = { value: read(ctx, ...args), freshUntil: now + LIFETIME_MS };
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry.value;
  };
}
