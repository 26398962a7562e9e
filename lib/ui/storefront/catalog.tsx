"use client";
// Home and product listing: category, search, attribute and price filters, sort and paging, all kept in the URL.
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useShop } from "./client";
import { useCategoryTree } from "./shell";
import { Empty, ErrorMessage, Loading, ProductCard } from "./ui";
import type { Attribute, Category, ProductRow } from "./types";

function ProductGrid({ query, what }: { query: Record<string, string>; what: string }) {
  const shop = useShop();
  const products = useQuery({
    queryKey: ["products", query],
    queryFn: () => shop.list<ProductRow>("products", query),
    placeholderData: keepPreviousData,
  });
  if (products.isPending) return <Loading what={what} />;
  if (products.isError) return <ErrorMessage error={products.error} />;
  return (
    <>
      {products.data.items.length === 0 ? (
        <Empty>No products match. Try fewer filters or another search.</Empty>
      ) : (
        <div className={`sf-grid ${products.isPlaceholderData ? "sf-stale" : ""}`}>
          {products.data.items.map((p) => <ProductCard key={p.id} product={p} />)}
        </div>
      )}
      <PageLinks pages={products.data.pages} total={products.data.total} />
    </>
  );
}

export function Home() {
  const tree = useCategoryTree();
  return (
    <>
      <section className="sf-hero">
        <h1>New season, fresh picks</h1>
        <p>Browse the demo catalog, fill a cart and check out as a guest or with an account.</p>
        <Link href="/products" className="sf-button">Shop all products</Link>
      </section>
      <h2>Shop by category</h2>
      {tree.isPending ? <Loading what="categories" /> : tree.isError ? <ErrorMessage error={tree.error} /> : (
        <div className="sf-categories">
          {tree.data.map((c) => <Link key={c.id} href={`/products?category=${c.id}`} className="sf-category">{c.name}</Link>)}
        </div>
      )}
      <h2>Featured</h2>
      <ProductGrid query={{ featured: "1", per_page: "8" }} what="featured products" />
      <h2>New arrivals</h2>
      <ProductGrid query={{ new: "1", per_page: "8", sort: "created_at-desc" }} what="new products" />
    </>
  );
}

const SORTS = [
  ["", "Relevance"],
  ["name-asc", "Name, A to Z"],
  ["name-desc", "Name, Z to A"],
  ["price-asc", "Price, low to high"],
  ["price-desc", "Price, high to low"],
  ["created_at-desc", "Newest first"],
] as const;

const RESERVED = new Set(["category", "query", "sort", "page", "price_from", "price_to"]);

function findCategory(tree: Category[] | undefined, id: number): Category | undefined {
  for (const c of tree ?? []) {
    if (c.id === id) return c;
    const inner = findCategory(c.children, id);
    if (inner) return inner;
  }
}

/** The listing page's state lives in the URL so that it can be shared and the back button works. */
function useListingParams() {
  const params = useSearchParams();
  const router = useRouter();
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!("page" in changes)) next.delete("page");
    router.push(`/products?${next.toString()}`);
  };
  return { params, set };
}

function PageLinks({ pages, total }: { pages: number; total: number }) {
  const { params, set } = useListingParams();
  const page = Number(params.get("page") ?? 1);
  if (pages <= 1) return null;
  return (
    <nav className="sf-paging" aria-label="Pages">
      <button type="button" disabled={page <= 1} onClick={() => set({ page: String(page - 1) })}>Previous</button>
      <span>Page {page} of {pages} ({total} products)</span>
      <button type="button" disabled={page >= pages} onClick={() => set({ page: String(page + 1) })}>Next</button>
    </nav>
  );
}

export function Listing() {
  const shop = useShop();
  const tree = useCategoryTree();
  const { params, set } = useListingParams();
  const attributes = useQuery({ queryKey: ["attributes"], queryFn: () => shop.call<Attribute[]>("attributes", { query: { per_page: 50 } }), staleTime: 300_000 });
  const categoryId = Number(params.get("category") ?? 0);
  const category = findCategory(tree.data, categoryId);
  const search = params.get("query");
  const query: Record<string, string> = { per_page: "12" };
  params.forEach((v, k) => {
    if (k === "category") query.category_id = v;
    else query[k] = v;
  });
  const filterable = (attributes.data ?? []).filter((a) => a.isFilterable && a.options.length);
  const chosen = (code: string) => (params.get(code) ?? "").split(",").filter(Boolean);
  const activeFilters = [...params.keys()].filter((k) => !RESERVED.has(k) || k.startsWith("price"));
  return (
    <div className="sf-listing">
      <aside className="sf-filters" aria-label="Filters">
        {category && category.children.length > 0 && (
          <section>
            <h3>{category.name}</h3>
            {category.children.map((c) => <Link key={c.id} href={`/products?category=${c.id}`} className="sf-filter-link">{c.name}</Link>)}
          </section>
        )}
        {filterable.map((a) => (
          <section key={a.id}>
            <h3>{a.name}</h3>
            {a.options.map((o) => {
              const on = chosen(a.code).includes(String(o.id));
              return (
                <label key={o.id} className="sf-check">
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={() => {
                      const next = on ? chosen(a.code).filter((x) => x !== String(o.id)) : [...chosen(a.code), String(o.id)];
                      set({ [a.code]: next.join(",") || null });
                    }}
                  />
                  {o.label}
                </label>
              );
            })}
          </section>
        ))}
        <PriceFilter from={params.get("price_from") ?? ""} to={params.get("price_to") ?? ""} onApply={(from, to) => set({ price_from: from || null, price_to: to || null })} />
        {activeFilters.length > 0 && (
          <button type="button" className="sf-link" onClick={() => set(Object.fromEntries(activeFilters.map((k) => [k, null])))}>Clear filters</button>
        )}
      </aside>
      <section>
        <div className="sf-listing-head">
          <h1>{search ? `Results for “${search}”` : (category?.name ?? "All products")}</h1>
          <label>
            Sort by{" "}
            <select value={params.get("sort") ?? ""} onChange={(e) => set({ sort: e.target.value || null })} aria-label="Sort by">
              {SORTS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </select>
          </label>
        </div>
        <ProductGrid query={query} what="products" />
      </section>
    </div>
  );
}

function PriceFilter({ from, to, onApply }: { from: string; to: string; onApply: (from: string, to: string) => void }) {
  const [min, setMin] = useState(from);
  const [max, setMax] = useState(to);
  return (
    <section>
      <h3>Price</h3>
      <form className="sf-price-filter" onSubmit={(e) => { e.preventDefault(); onApply(min, max); }}>
        <input type="number" min={0} placeholder="Min" value={min} onChange={(e) => setMin(e.target.value)} aria-label="Minimum price" />
        <input type="number" min={0} placeholder="Max" value={max} onChange={(e) => setMax(e.target.value)} aria-label="Maximum price" />
        <button type="submit">Go</button>
      </form>
    </section>
  );
}
