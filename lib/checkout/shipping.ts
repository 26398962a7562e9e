// Shipping carriers: `flatrate` (per order or per item) and `free` (from a subtotal threshold). A rate's code is
// `<carrier>_<method>` (WIRE.md), e.g. `flatrate_flatrate`.
import type { Tx } from "../db/client.ts";
import { dec, Decimal } from "../money.ts";
import { shippingMethods } from "./reference.ts";

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

type MethodRow = Awaited<ReturnType<Tx["shippingMethod"]["findMany"]>>[number];

/** The rates a cart qualifies for, given its base subtotal and the quantity of items that ship. */
export async function quoteRates(tx: Pick<Tx, "shippingMethod">, cart: { baseSubtotal: Decimal; shippableQty: number }): Promise<Rate[]> {
  const methods = await tx.shippingMethod.findMany({ where: { active: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] });
  return quoteFrom(methods, cart);
}

/** The same from the active methods held in process (./reference.ts): what every checkout step asks. */
export async function quoteHeld(db: Pick<Tx, "shippingMethod" | "paymentMethod" | "country">, cart: { baseSubtotal: Decimal; shippableQty: number }): Promise<Rate[]> {
  return quoteFrom(await shippingMethods(db), cart);
}

function quoteFrom(methods: MethodRow[], cart: { baseSubtotal: Decimal; shippableQty: number }): Rate[] {
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
