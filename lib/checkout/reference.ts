// The few rows every checkout step consults and only the back office changes: shipping methods, payment methods
// with their channels, countries with their states. Held in process like the store settings (lib/store/settings.ts)
// and dropped by every write to their tables, in this instance or another (lib/db/observe.ts, lib/db/broadcast.ts).
import type { Db, Tx } from "../db/client.ts";
import { heldUntilWrite } from "../db/observe.ts";

type Reader = Pick<Tx, "shippingMethod" | "paymentMethod" | "country">;

/** Active shipping methods in display order. */
export const shippingMethods = heldUntilWrite(["ShippingMethod"], (db: Reader) =>
  db.shippingMethod.findMany({ where: { active: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] }),
);

const allPaymentMethods = heldUntilWrite(["PaymentMethod", "PaymentMethodChannel"], (db: Reader) =>
  db.paymentMethod.findMany({ orderBy: [{ sortOrder: "asc" }, { id: "asc" }], include: { channels: { select: { channelId: true } } } }),
);

/** Active payment methods of a channel, in display order. */
export async function channelPaymentMethods(db: Reader | Db, channelId: number) {
  return (await allPaymentMethods(db)).filter((m) => m.active && m.channels.some((c) => c.channelId === channelId)).map(({ channels: _c, ...m }) => m);
}

/** Any payment method by code, active or not (an order records the title of the method it was placed with). */
export async function paymentMethodByCode(db: Reader | Db, code: string) {
  const found = (await allPaymentMethods(db)).find((m) => m.code === code);
  if (!found) return null;
  const { channels: _c, ...method } = found;
  return method;
}

const countries = heldUntilWrite(["Country", "CountryState"], async (db: Reader) => {
  const rows = await db.country.findMany({ include: { states: { select: { code: true, name: true } } } });
  return new Map(rows.map((c) => [c.code, c]));
});

/** A country by its ISO code, with its states. */
export async function countryByCode(db: Reader | Db, code: string) {
  return (await countries(db)).get(code) ?? null;
}
