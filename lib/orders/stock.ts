// What a canceled order line gives back to the channel's stock: a simple line its product; a configurable line the
// variant it names (unless the variant has a child line of its own, which then holds the stock); a bundle line each
// product of its choice, units per bundle × the canceled quantity. The customer's and the store's cancel share it.
// Stock that comes back is told on the change feed (`inventory.updated`, reason restock) with the cancel.
import type { Tx } from "../db/client.ts";
import { stockNeeds } from "../cart/state.ts";
import type { NewEvent } from "../events/record.ts";
import type { EventData } from "../events/types.ts";

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

/**
 * Puts the units back in the channel's stock (a row is made for a product that has none there any more), moves the
 * rows' and their products' `updatedAt`, and answers the change feed's `inventory.updated` of each row (reason
 * restock), for the caller to record with its own change in one INSERT.
 */
export async function releaseStock(tx: Tx, channelId: number, units: Map<number, number>): Promise<NewEvent<"inventory.updated">[]> {
  const events: NewEvent<"inventory.updated">[] = [];
  for (const [productId, qty] of units) {
    const row = await tx.productInventory.upsert({
      where: { productId_channelId: { productId, channelId } },
      create: { productId, channelId, qty },
      update: { qty: { increment: qty } },
    });
    // A row just made held nothing before: new less what came back is the old quantity either way.
    events.push(inventoryUpdated(row, row.qty - qty, "restock"));
  }
  await touchProducts(tx, [...units.keys()]);
  return events;
}

type Reason = EventData<"inventory.updated">["reason"];

/** The change feed's event of a stock row written (its `updatedAt` as written). */
export function inventoryUpdated(
  row: { id: number; productId: number; channelId: number; qty: number; updatedAt: Date },
  oldQty: number,
  reason: Reason,
): NewEvent<"inventory.updated"> {
  return { type: "inventory.updated", data: { id: row.id, productId: row.productId, channelId: row.channelId, oldQty, newQty: row.qty, reason, updatedAt: row.updatedAt } };
}

/**
 * A stock write moves its products' `updatedAt` too, so a connector polling products by `updated_since` sees it.
 * Product is a cached table: undeclared, the write drops every cached catalog read, as the stock write beside it does.
 */
export async function touchProducts(tx: Tx, productIds: number[]): Promise<void> {
  if (productIds.length) await tx.product.updateMany({ where: { id: { in: productIds } }, data: { updatedAt: new Date() } });
}
