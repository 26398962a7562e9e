"use client";
// Small pieces of the storefront: notices, product cards, pictures that degrade to a placeholder.
import { useState, type ReactNode } from "react";
import Link from "next/link";
import type { ProductRow } from "./types";

export function Loading({ what }: { what: string }) {
  return <p className="sf-muted" role="status">Loading {what}…</p>;
}

export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  return <p className="sf-error" role="alert">{error instanceof Error ? error.message : "Something went wrong."}</p>;
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="sf-empty">{children}</div>;
}

export function Picture({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <div className={`sf-placeholder ${className ?? ""}`} aria-label={alt}>{alt.slice(0, 1)}</div>;
  // A plain <img>: product images come from the API's own URLs, which next/image would proxy a second time.
  return <img className={className} src={src} alt={alt} onError={() => setFailed(true)} />;
}

export function ProductCard({ product }: { product: ProductRow }) {
  const ranged = product.type === "configurable" && product.maximumPrice > product.minimumPrice;
  return (
    <Link href={`/product/${product.id}`} className="sf-card" data-testid="product-card">
      <Picture src={product.baseImageUrl} alt={product.name} className="sf-card-img" />
      <span className="sf-card-name">{product.name}</span>
      <span className="sf-price">
        {product.formattedSpecialPrice ? (
          <><s>{product.formattedPrice}</s> {product.formattedSpecialPrice}</>
        ) : ranged ? `From ${product.formattedMinimumPrice}` : product.formattedPrice}
      </span>
      {!product.inStock && <span className="sf-badge">Out of stock</span>}
      {product.new && <span className="sf-badge sf-new">New</span>}
    </Link>
  );
}
