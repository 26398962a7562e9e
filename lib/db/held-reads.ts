// Public reads of the Shop API held in process (categories, attributes, channels, locales, countries, CMS pages):
// one answer per request scope and arguments, kept (lib/cache) until a write touches a table the answer is made of,
// in this process or, through the broadcast (./broadcast.ts), in another instance. A read that fails is not kept. A
// kept answer is the same object each time, so the transports project and serialise it once
// (lib/operations/invoke.ts, lib/http/rest.ts), and since REST and GraphQL call the same domain function, both are
// answered from it.
//   HELD_READS_MS  longest life of a held answer, default 2000; 0 turns holding off. Writes drop answers sooner: the
//                  lifetime only bounds staleness should a notice be lost (Redis down).
import type { RequestContext } from "../context.ts";
import { cached } from "../cache/index.ts";
import { STORE_SETTINGS_TABLES } from "../store/settings.ts";

/** Answers kept per read (scopes × arguments), the least recently used dropped first. */
const MAX_ENTRIES = 100;

const LIFETIME_MS = ((ms) => (Number.isFinite(ms) && ms > 0 ? ms : 0))(Number(process.env.HELD_READS_MS ?? 2_000));

const everyRead: { forget(): void }[] = [];

/** Drops every held answer (tests that count statements start cold). */
export function forgetHeldReads(): void {
  for (const read of everyRead) read.forget();
}

/**
 * `read`, its answers held per scope (surface, channel, locale, currency, base URL) and arguments until a write to
 * one of `tables` or to the store settings' (the scope is made of them, so the scope in a key is the channel's id,
 * never its settings). `tables` must name every table `read` reads, translations and links among them; the
 * arguments must be plain data (they are the key, as JSON).
 */
export function heldRead<A extends unknown[], V>(
  name: string,
  tables: readonly string[],
  read: (ctx: RequestContext, ...args: A) => Promise<V>,
): (ctx: RequestContext, ...args: A) => Promise<V> {
  const held = cached(
    {
      name,
      tags: [...STORE_SETTINGS_TABLES, ...tables],
      ttl: LIFETIME_MS,
      max: MAX_ENTRIES,
      key: (ctx: RequestContext, ...args: A) => JSON.stringify([ctx.surface, ctx.channel.id, ctx.locale, ctx.currency.code, ctx.baseUrl, args]),
    },
    read,
  );
  everyRead.push(held);
  return held;
}
