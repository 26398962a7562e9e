"use client";
// The product page: pictures, price, description, configurable options resolved to a variant, add to cart.
import Link from "next/link";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useShop } from "./client";
import { useCartWrite } from "./cart";
import { ErrorMessage, Loading, Picture } from "./ui";
import type { ProductDetail } from "./types";

export function ProductPage({ id }: { id: string }) {
  const shop = useShop();
  const product = useQuery({ queryKey: ["product", id], queryFn: () => shop.call<ProductDetail>(`products/${encodeURIComponent(id)}`) });
  if (product.isPending) return <Loading what="the product" />;
  if (product.isError) return <ErrorMessage error={product.error} />;
  const p = product.data;
  return (
    <article className="sf-product">
      <div className="sf-gallery">
        <Picture src={p.images[0]?.url ?? p.baseImageUrl} alt={p.name} className="sf-product-img" />
      </div>
      <div>
        <h1>{p.name}</h1>
        <p className="sf-muted">SKU {p.sku}</p>
        <BuyBox product={p} />
        {p.description && <div className="sf-description" dangerouslySetInnerHTML={{ __html: p.description }} />}
        {p.attributeValues.length > 0 && (
          <dl className="sf-specs">
            {p.attributeValues.filter((a) => a.value).map((a) => (
              <div key={a.code}><dt>{a.label}</dt><dd>{a.value}</dd></div>
            ))}
          </dl>
        )}
      </div>
    </article>
  );
}

function BuyBox({ product: p }: { product: ProductDetail }) {
  const [choice, setChoice] = useState<Record<string, number>>({});
  const [quantity, setQuantity] = useState(1);
  const add = useCartWrite<Record<string, unknown>>("cart/add-to-cart");
  const supers = p.type === "configurable" ? (p.superAttributes ?? []) : [];
  const variants = p.variants ?? [];
  const complete = supers.every((a) => choice[a.code]);
  const variant = complete && supers.length ? variants.find((v) => supers.every((a) => v.attributes[a.code] === choice[a.code])) : undefined;
  /** An option is offered when some variant has it together with the other choices made so far. */
  const offered = (code: string, optionId: number) =>
    variants.some((v) => v.attributes[code] === optionId && supers.every((a) => a.code === code || !choice[a.code] || v.attributes[a.code] === choice[a.code]));
  const price = variant?.formattedPrice ?? p.formattedSpecialPrice ?? (supers.length ? `From ${p.formattedMinimumPrice}` : p.formattedPrice);
  const canBuy = p.isSaleable && (!supers.length || (variant?.inStock ?? false));
  return (
    <form
      className="sf-buy"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate({
          productId: p.id,
          quantity,
          ...(variant ? { selectedConfigurableOption: variant.id, superAttribute: Object.fromEntries(supers.map((a) => [a.id, choice[a.code]])) } : {}),
        });
      }}
    >
      <p className="sf-product-price" data-testid="price">{price}</p>
      {supers.map((a) => (
        <fieldset key={a.code} className="sf-options">
          <legend>{a.label}{choice[a.code] ? `: ${a.options.find((o) => o.id === choice[a.code])?.label}` : ""}</legend>
          {a.options.map((o) => (
            <button
              type="button"
              key={o.id}
              className={`sf-option ${choice[a.code] === o.id ? "sf-selected" : ""}`}
              disabled={!offered(a.code, o.id)}
              aria-pressed={choice[a.code] === o.id}
              onClick={() => setChoice({ ...choice, [a.code]: o.id })}
            >
              {o.swatchValue && <span className="sf-swatch" style={{ background: o.swatchValue }} />}
              {o.label}
            </button>
          ))}
        </fieldset>
      ))}
      {supers.length > 0 && !complete && <p className="sf-muted">Choose {supers.filter((a) => !choice[a.code]).map((a) => a.label.toLowerCase()).join(" and ")}.</p>}
      {complete && variant && !variant.inStock && <p className="sf-error">This combination is out of stock.</p>}
      {!p.isSaleable && <p className="sf-error">This product is not available right now.</p>}
      <div className="sf-buy-row">
        <label>
          Quantity <input type="number" min={1} max={999} value={quantity} onChange={(e) => setQuantity(Math.max(1, Number(e.target.value) || 1))} aria-label="Quantity" />
        </label>
        <button type="submit" className="sf-button" disabled={!canBuy || add.isPending}>{add.isPending ? "Adding…" : "Add to cart"}</button>
      </div>
      <ErrorMessage error={add.error} />
      {add.isSuccess && (
        <p className="sf-ok" role="status">Added to your cart. <Link href="/cart">View cart</Link></p>
      )}
    </form>
  );
}
