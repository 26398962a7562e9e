// A guest or customer walking through checkout in one line per step, over REST.
import { call, cartToken } from "./client.ts";
import { getDb } from "../../lib/db/client.ts";
import { ADDRESS } from "../../scripts/bench/address.ts";

/** The guest who checks out in the tests, as in the bench. */
export { ADDRESS };

export async function productId(sku: string): Promise<number> {
  const db = await getDb();
  return (await db.product.findUniqueOrThrow({ where: { sku }, select: { id: true } })).id;
}

/** Stock of a product in the default channel. */
export async function stock(id: number, channelId = 1): Promise<number> {
  const db = await getDb();
  return (await db.productInventory.findUnique({ where: { productId_channelId: { productId: id, channelId } } }))?.qty ?? 0;
}

export async function setStock(id: number, qty: number, channelId = 1): Promise<void> {
  const db = await getDb();
  await db.productInventory.upsert({
    where: { productId_channelId: { productId: id, channelId } },
    create: { productId: id, channelId, qty },
    update: { qty },
  });
}

/** A fresh simple product with its own stock, so tests never fight over the demo catalog's units. */
export async function freshProduct(opts: { qty?: number; price?: string; type?: string } = {}): Promise<number> {
  const db = await getDb();
  const sku = `T-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  const p = await db.product.create({
    data: {
      sku,
      type: opts.type ?? "simple",
      price: opts.price ?? "25",
      translations: { create: [{ locale: "en", name: `Test ${sku}`, urlKey: sku.toLowerCase() }, { locale: "fr", name: `Test ${sku} fr`, urlKey: `${sku.toLowerCase()}-fr` }] },
      channels: { create: [{ channelId: 1 }] },
      inventories: { create: [{ channelId: 1, qty: opts.qty ?? 10 }] },
    },
  });
  return p.id;
}

/** A guest cart holding `items`, with the address saved; returns the cart token. */
export async function guestCartWith(key: string, items: { productId: number; quantity: number }[], address = true): Promise<string> {
  const token = await cartToken(key);
  for (const item of items) {
    const res = await call("POST", "/api/shop/cart/add-to-cart", item, { key, bearer: token });
    if (res.status !== 200) throw new Error(`add failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  if (address) {
    const res = await call("POST", "/api/shop/checkout/set-billing-address", ADDRESS, { key, bearer: token });
    if (res.status !== 200) throw new Error(`address failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return token;
}

/** Shipping flatrate, payment cash on delivery: ready to place. */
export async function readyToPlace(key: string, bearer: string): Promise<void> {
  const s = await call("POST", "/api/shop/checkout/set-shipping-method", { shippingMethod: "flatrate_flatrate" }, { key, bearer });
  if (s.status !== 200) throw new Error(`shipping failed: ${s.status} ${JSON.stringify(s.body)}`);
  const p = await call("POST", "/api/shop/checkout/set-payment-method", { paymentMethod: "cashondelivery" }, { key, bearer });
  if (p.status !== 200) throw new Error(`payment failed: ${p.status} ${JSON.stringify(p.body)}`);
}
