"use client";
// The cart: lines with quantity and removal, coupon, totals, on to checkout.
import Link from "next/link";
import { useState } from "react";
import { useCart, useCartWrite } from "./cart";
import { Empty, ErrorMessage, Loading, Picture } from "./ui";
import type { Cart } from "./types";

export function CartPage() {
  const cart = useCart();
  const update = useCartWrite<{ cartItemId: number; quantity: number }>("cart/update-cart-item", "PUT");
  const remove = useCartWrite<{ cartItemId: number }>("cart/remove-cart-item");
  if (cart.isPending) return <Loading what="your cart" />;
  if (cart.isError) return <ErrorMessage error={cart.error} />;
  if (!cart.data || cart.data.items.length === 0) {
    return (
      <Empty>
        <h1>Your cart is empty</h1>
        <p><Link href="/products">Browse the products</Link> and add something you like.</p>
      </Empty>
    );
  }
  const c = cart.data;
  const busy = update.isPending || remove.isPending;
  return (
    <div className="sf-cart">
      <section>
        <h1>Your cart</h1>
        <ErrorMessage error={update.error ?? remove.error} />
        <table className="sf-lines">
          <thead><tr><th>Product</th><th>Price</th><th>Quantity</th><th>Total</th><th /></tr></thead>
          <tbody>
            {c.items.map((item) => (
              <tr key={item.id} data-testid="cart-line">
                <td>
                  <div className="sf-line-product">
                    <Picture src={item.baseImageUrl} alt={item.name} className="sf-thumb" />
                    <span><Link href={`/product/${item.productId}`}>{item.name}</Link><br /><span className="sf-muted">{item.sku}</span></span>
                  </div>
                </td>
                <td>{item.formattedPrice}</td>
                <td>
                  <input
                    type="number"
                    min={1}
                    defaultValue={item.quantity}
                    disabled={!item.canChangeQty || busy}
                    aria-label={`Quantity of ${item.name}`}
                    onBlur={(e) => {
                      const quantity = Number(e.target.value);
                      if (quantity >= 1 && quantity !== item.quantity) update.mutate({ cartItemId: item.id, quantity });
                    }}
                  />
                </td>
                <td>{item.formattedTotal}</td>
                <td><button type="button" className="sf-link" disabled={busy} onClick={() => remove.mutate({ cartItemId: item.id })}>Remove</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <aside className="sf-summary">
        <Totals cart={c} />
        <Coupon cart={c} />
        <Link href="/checkout" className="sf-button sf-block">Proceed to checkout</Link>
      </aside>
    </div>
  );
}

export function Totals({ cart: c }: { cart: Cart }) {
  return (
    <dl className="sf-totals">
      <div><dt>Subtotal</dt><dd>{c.formattedSubtotal}</dd></div>
      {c.discountAmount > 0 && <div><dt>Discount{c.couponCode ? ` (${c.couponCode})` : ""}</dt><dd>−{c.formattedDiscountAmount}</dd></div>}
      {c.selectedShippingRate && <div><dt>Shipping</dt><dd>{c.formattedShippingAmount}</dd></div>}
      <div><dt>Tax</dt><dd>{c.formattedTaxAmount}</dd></div>
      <div className="sf-grand"><dt>Total</dt><dd data-testid="grand-total">{c.formattedGrandTotal}</dd></div>
    </dl>
  );
}

function Coupon({ cart }: { cart: Cart }) {
  const [code, setCode] = useState("");
  const apply = useCartWrite<{ couponCode: string }>("cart/apply-coupon");
  const remove = useCartWrite<Record<string, never>>("cart/remove-coupon");
  if (cart.couponCode) {
    return (
      <p>Coupon <strong>{cart.couponCode}</strong> applied. <button type="button" className="sf-link" onClick={() => remove.mutate({})}>Remove</button></p>
    );
  }
  return (
    <form className="sf-coupon" onSubmit={(e) => { e.preventDefault(); apply.mutate({ couponCode: code }); }}>
      <input placeholder="Coupon code" value={code} onChange={(e) => setCode(e.target.value)} aria-label="Coupon code" />
      <button type="submit" disabled={!code || apply.isPending}>Apply</button>
      <ErrorMessage error={apply.error} />
    </form>
  );
}
