// Shipping carriers: `flatrate` (per order or per item) and `free` (from a subtotal threshold). A rate's code is
// `<carrier>_<method>` (WIRE.md), e.g. `flatrate_flatrate`.
import type { Selectable } from "kysely";
import type { DB, Sql } from "../db/sql/index.ts";
import { activeShippingMethods } from "./reference.ts";
import { dec, Decimal } from "../money.ts";

export interface Rate {
  /** The shipping method's id. */
  id: number;
  carrier: string;
  carrierTitle: string;
  method: string;
  methodTitle: string;
  methodDescription: string | null;
  /** In the base currency. */
  basePrice: Decimal;
}

interface CarrierConfig {
  rate?: number | string;
  type?: "per_order" | "per_item";
  threshold?: number | string;
}

/** What a quote uses of a method row, as either layer reads it. */
type MethodRow = Pick<Selectable<DB["ShippingMethod"]>, "id" | "code" | "title" | "description" | "config">;

/** The rates a cart qualifies for, from the active methods held in process: what every checkout step asks. */
export async function quoteHeld(db: Sql, cart: { baseSubtotal: Decimal; shippableQty: number }): Promise<Rate[]> {
  return quoteFrom(await activeShippingMethods(db), cart);
}

/** The rates a cart qualifies for among `methods`, given its base subtotal and the quantity of items that ship. */
export function quoteFrom(methods: MethodRow[], cart: { baseSubtotal: Decimal; shippableQty: number }): Rate[] {
  const rates: Rate[] = [];
  for (const m of methods) {
    const config = (m.config ?? {}) as CarrierConfig;
    const rate = { id: m.id, carrier: m.code, carrierTitle: m.title, method: `${m.code}_${m.code}`, methodTitle: m.title, methodDescription: m.description };
    if (m.code === "flatrate") {
      const each = dec(config.rate ?? 0);
      rates.push({ ...rate, basePrice: config.type === "per_item" ? each.mul(cart.shippableQty) : each });
    } else if (m.code === "free") {
      if (cart.baseSubtotal.gte(dec(config.threshold ?? 0))) rates.push({ ...rate, basePrice: new Decimal(0) });
    }
  }
  return rates;
}
