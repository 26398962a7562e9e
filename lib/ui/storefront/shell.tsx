"use client";
// The storefront frame: providers, header with search, category navigation, account and cart links.
import { useState, type ReactNode } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { ApiError } from "../api-error";
import { ShopProvider, useShop } from "./client";
import { useCart } from "./cart";
import type { Category } from "./types";
import "./shop.css";

export function ShopShell({ storefrontKey, children }: { storefrontKey: string; children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: (n, e) => !(e instanceof ApiError && e.status > 0) && n < 2 } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <ShopProvider storefrontKey={storefrontKey}>
        <div className="sf">
          <Header />
          <main className="sf-main">{children}</main>
          <footer className="sf-footer">Demo Store · a reference storefront on the Shop API</footer>
        </div>
      </ShopProvider>
    </QueryClientProvider>
  );
}

export function useCategoryTree() {
  const shop = useShop();
  return useQuery({ queryKey: ["category-tree"], queryFn: () => shop.call<Category[]>("category-trees"), staleTime: 300_000 });
}

function Header() {
  const shop = useShop();
  const router = useRouter();
  const cart = useCart();
  const tree = useCategoryTree();
  const [query, setQuery] = useState("");
  return (
    <header className="sf-header">
      <div className="sf-bar">
        <Link href="/" className="sf-logo">Demo Store</Link>
        <form
          className="sf-search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            router.push(`/products?query=${encodeURIComponent(query)}`);
          }}
        >
          <input type="search" placeholder="Search products" value={query} onChange={(e) => setQuery(e.target.value)} aria-label="Search products" />
        </form>
        <Link href="/account">{shop.customerToken ? "My account" : "Sign in"}</Link>
        <Link href="/cart" className="sf-cart-link" data-testid="cart-link">Cart ({cart.data?.itemsQty ?? 0})</Link>
      </div>
      <nav className="sf-nav" aria-label="Categories">
        <Link href="/products">All products</Link>
        {tree.data?.map((c) => (
          <div key={c.id} className="sf-nav-item">
            <Link href={`/products?category=${c.id}`}>{c.name}</Link>
            {c.children.length > 0 && (
              <div className="sf-nav-menu">
                {c.children.map((child) => <Link key={child.id} href={`/products?category=${child.id}`}>{child.name}</Link>)}
              </div>
            )}
          </div>
        ))}
      </nav>
    </header>
  );
}
