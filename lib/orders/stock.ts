// What a canceled order line gives back to the channel's stock: a simple line its product; a configurable line the
// variant it names (unless the variant has a child line of its own, which then holds the stock); a bundle line each
// product of its choice, units per bundle × the canceled quantity. The customer's and the store's cancel share it.
import type { Tx } from "../db/client.ts";
import { stockNeeds } from "../cart/state.ts";

export interface StockLine {
  id: number;
  parentId: number | null;
  productId: number | null;
  type: string;
  additional: unknown;
}

/** Units to put back per product for `qty` canceled units of `line` (one of the order's `lines`). */
export function stockReleased(line: StockLine, lines: StockLine[], qty: number): Map<number, number> {
  if (line.type === "bundle") return stockNeeds({ type: "bundle", productId: line.productId ?? 0, quantity: qty, additional: line.additional });
  if (line.type === "simple" && line.productId !== null) return new Map([[line.productId, qty]]);
  const none = new Map<number, number>();
  if (line.type !== "configurable" || lines.some((l) => l.parentId === line.id)) return none;
  const variantId = (line.additional as { variantId?: unknown } | null)?.variantId;
  return typeof variantId === "number" ? new Map([[variantId, qty]]) : none;
}

/** Puts the units back in the channel's stock (a row is made for a product that has none there any more). */
export async function releaseStock(tx: Tx, channelId: number, units: Map<number, number>): Promise<void> {
  for (const [productId, qty] of units) {
    await tx.productInventory.upsert({
      where: { productId_channelId: { productId, channelId } },
      create: { productId, channelId, qty },
      update: { qty: { increment: qty } },
    });
  }
}
