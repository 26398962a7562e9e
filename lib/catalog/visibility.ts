// What the shop shows and sells, said once for every shop read of products (listing, detail, product parts,
// composites): typed-layer expressions over the product row of the caller's query, named by its alias.
//   active   the product is enabled (status). A variant is shown when active: it is sold through its parent.
//   sold     active and assigned to the request's channel: its detail and parts can be read, it can be bought.
//   listed   sold, visible on its own and not a variant: it appears in the listing, a wishlist, a compare list.
//   stocked  it has units on hand in the channel (`stocked`, or `stockOf` read against `childInStock`). Types
//            that keep no stock (`keepsNoStock`) are in stock whatever it says; a configurable product is in stock
//            when a variant is, a grouped or bundle product when its children are (./composite.ts).
import { expressionBuilder, type Expression } from "kysely";
import type { DB } from "../db/sql/index.ts";

type Product = DB["Product"];

/** A builder over the product row under alias `p` (the expressions it makes are used in the caller's query). */
const over = <A extends string>() => expressionBuilder<DB & Record<A, Product>, A>();

/** A column of the product under alias `p`. Kysely cannot check `${A}.${name}` for a generic alias; `name` is checked. */
function column<A extends string, C extends keyof Product>(p: A, name: C): Expression<unknown> {
  return over<A>().ref(`${p}.${name}` as never);
}

/**
 * The product is enabled. `<> false` rather than `= true` (the same rows: status is never null): with an equality,
 * SQLite walks the (status, …) index through the whole catalog instead of looking variants up by parentId.
 */
export function active(p: string) {
  const eb = over();
  return eb(column(p, "status"), "<>", eb.lit(false));
}

/** The product under alias `p` is assigned to channel `channelId`. */
function inChannel(p: string, channelId: number) {
  const eb = expressionBuilder<DB, never>();
  return eb.exists(
    eb.selectFrom("ProductChannel as pc").select("pc.productId").where("pc.productId", "=", column(p, "id") as Expression<number>).where("pc.channelId", "=", channelId),
  );
}

/** Enabled and in the channel: its detail and parts can be read, a cart can hold it. */
export function sold(p: string, channelId: number) {
  const eb = over();
  return eb.and([eb(column(p, "status"), "=", eb.lit(true)), inChannel(p, channelId)]);
}

/** Sold, visible individually and not a variant: the listing shows it. */
export function listed(p: string, channelId: number) {
  const eb = over();
  return eb.and([
    eb(column(p, "status"), "=", eb.lit(true)),
    eb(column(p, "visibleIndividually"), "=", eb.lit(true)),
    eb(column(p, "parentId"), "is", null),
    inChannel(p, channelId),
  ]);
}

/** The product under alias `p` has units on hand in channel `channelId`. */
export function stocked(p: string, channelId: number) {
  const eb = expressionBuilder<DB, never>();
  return eb.exists(
    eb.selectFrom("ProductInventory as inv").select("inv.productId")
      .where("inv.productId", "=", column(p, "id") as Expression<number>).where("inv.channelId", "=", channelId).where("inv.qty", ">", 0),
  );
}

/** The units on hand of the product under alias `p` in channel `channelId`; null when it has no stock row there. */
export function stockOf(p: string, channelId: number) {
  const eb = expressionBuilder<DB, never>();
  return eb.selectFrom("ProductInventory as inv").select("inv.qty").where("inv.productId", "=", column(p, "id") as Expression<number>).where("inv.channelId", "=", channelId);
}

/** Types that keep no stock: always in stock. */
export const keepsNoStock = (type: string): boolean => type === "virtual" || type === "downloadable";

/** Whether a child of a grouped or bundle product (simple or virtual) with `stock` units on hand can be sold. */
export const childInStock = (type: string, stock: number | null | undefined): boolean => keepsNoStock(type) || (stock ?? 0) > 0;
