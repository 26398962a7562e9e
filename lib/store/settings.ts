// Channels, locales and currencies: a handful of rows read on every request, so they are held in process (lib/cache)
// and dropped by every write to their tables, in this instance or another (lib/db/observe.ts, lib/db/broadcast.ts).
import type { Db } from "../db/client.ts";
import { cached } from "../cache/index.ts";
import { dec, type CurrencyInfo } from "../money.ts";

export interface ChannelInfo {
  id: number;
  code: string;
  name: string;
  rootCategoryId: number | null;
  defaultLocale: string;
  baseCurrency: string;
  locales: string[];
  currencies: string[];
}

export interface StoreSettings {
  channels: Map<string, ChannelInfo>;
  defaultChannel: ChannelInfo;
  currencies: Map<string, CurrencyInfo>;
  locales: Map<string, { id: number; code: string; name: string; direction: string }>;
}

/**
 * The tables the store settings are made of: channels with their locales and currencies, rates. Every request's
 * scope comes from them, so every read held per scope depends on them too (lib/db/held-reads.ts, lib/catalog/cache.ts).
 */
export const STORE_SETTINGS_TABLES: readonly string[] = ["Channel", "ChannelLocale", "ChannelCurrency", "Currency", "ExchangeRate", "Locale"];

export const storeSettings = cached({ name: "store settings", tags: STORE_SETTINGS_TABLES, ttl: Infinity }, (db: Db) => load(db));

async function load(db: Db): Promise<StoreSettings> {
  const [channels, currencies, locales] = await Promise.all([
    db.channel.findMany({
      orderBy: { id: "asc" },
      include: {
        defaultLocale: true,
        baseCurrency: true,
        locales: { include: { locale: true } },
        currencies: { include: { currency: true } },
      },
    }),
    db.currency.findMany({ include: { exchangeRate: true } }),
    db.locale.findMany(),
  ]);
  if (channels.length === 0) throw new Error("The store has no channel: run `npm run commerce -- db seed`.");
  const currencyMap = new Map<string, CurrencyInfo>();
  for (const c of currencies) {
    currencyMap.set(c.code, { code: c.code, symbol: c.symbol, decimals: c.decimals, rate: dec(c.exchangeRate?.rate ?? 1) });
  }
  const channelMap = new Map<string, ChannelInfo>();
  for (const c of channels) {
    channelMap.set(c.code, {
      id: c.id,
      code: c.code,
      name: c.name,
      rootCategoryId: c.rootCategoryId,
      defaultLocale: c.defaultLocale.code,
      baseCurrency: c.baseCurrency.code,
      locales: c.locales.map((l) => l.locale.code),
      currencies: c.currencies.map((x) => x.currency.code),
    });
  }
  // The base currency converts at 1 whatever its exchange-rate row says.
  for (const c of channelMap.values()) {
    const base = currencyMap.get(c.baseCurrency);
    if (base) currencyMap.set(base.code, { ...base, rate: dec(1) });
  }
  return {
    channels: channelMap,
    defaultChannel: channelMap.get("default") ?? channelMap.values().next().value!,
    currencies: currencyMap,
    locales: new Map(locales.map((l) => [l.code, l])),
  };
}

/**
 * X-CHANNEL, X-LOCALE, X-CURRENCY: exact-match lookups that fall back silently to the channel's defaults
 * (SPEC.md: a value the store does not have is not an error; a differently cased code falls back too).
 */
export function resolveScope(
  settings: StoreSettings,
  wanted: { channel?: string | null; locale?: string | null; currency?: string | null },
): { channel: ChannelInfo; locale: string; currency: CurrencyInfo; baseCurrency: CurrencyInfo } {
  const channel = (wanted.channel && settings.channels.get(wanted.channel)) || settings.defaultChannel;
  const locale = wanted.locale && channel.locales.includes(wanted.locale) ? wanted.locale : channel.defaultLocale;
  const baseCurrency = settings.currencies.get(channel.baseCurrency)!;
  const currency =
    (wanted.currency && channel.currencies.includes(wanted.currency) && settings.currencies.get(wanted.currency)) ||
    baseCurrency;
  return { channel, locale, currency, baseCurrency };
}
