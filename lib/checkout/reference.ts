// The few rows every checkout step consults and only the back office changes: shipping methods, payment methods
// with their channels, countries with their states. Held in process (lib/cache) like the store settings
// (lib/store/settings.ts) and dropped by every write to their tables, in this instance or another (lib/db/broadcast.ts).
// Read through the typed layer, so a cart or checkout transaction (all typed) may ask on its own connection.
import type { Sql } from "../db/sql/index.ts";
import { cached } from "../cache/index.ts";

/** Active shipping methods in display order. */
export const activeShippingMethods = cached({ name: "shipping methods", tags: ["ShippingMethod"], ttl: Infinity }, (db: Sql) =>
  db.selectFrom("ShippingMethod").selectAll().where("active", "=", true).orderBy("sortOrder", "asc").orderBy("id", "asc").execute(),
);

const allPaymentMethods = cached({ name: "payment methods", tags: ["PaymentMethod", "PaymentMethodChannel"], ttl: Infinity }, async (db: Sql) => {
  const [methods, links] = await Promise.all([
    db.selectFrom("PaymentMethod").selectAll().orderBy("sortOrder", "asc").orderBy("id", "asc").execute(),
    db.selectFrom("PaymentMethodChannel").select(["paymentMethodId", "channelId"]).execute(),
  ]);
  return methods.map((method) => ({ method, channelIds: new Set(links.filter((l) => l.paymentMethodId === method.id).map((l) => l.channelId)) }));
});

/** Active payment methods of a channel, in display order. */
export async function channelPaymentMethods(db: Sql, channelId: number) {
  return (await allPaymentMethods(db)).filter((m) => m.method.active && m.channelIds.has(channelId)).map((m) => m.method);
}

/** Any payment method by code, active or not (an order records the title of the method it was placed with). */
export async function paymentMethodByCode(db: Sql, code: string) {
  return (await allPaymentMethods(db)).find((m) => m.method.code === code)?.method ?? null;
}

const countries = cached({ name: "checkout countries", tags: ["Country", "CountryState"], ttl: Infinity }, async (db: Sql) => {
  const [rows, states] = await Promise.all([
    db.selectFrom("Country").selectAll().execute(),
    db.selectFrom("CountryState").select(["countryId", "code", "name"]).orderBy("id", "asc").execute(),
  ]);
  return new Map(rows.map((c) => [c.code, { ...c, states: states.filter((s) => s.countryId === c.id).map(({ code, name }) => ({ code, name })) }]));
});

/** A country by its ISO code, with its states. */
export async function countryByCode(db: Sql, code: string) {
  return (await countries(db)).get(code) ?? null;
}
