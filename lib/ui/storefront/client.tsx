"use client";
// The storefront's Shop API client, as any headless client would use it: the public storefront key on every call,
// plus the customer token when signed in, else the guest cart token. Tokens live in localStorage; the customer's
// is kept with an expiry and dropped after it, so a forgotten sign-in on a shared computer does not last forever.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { apiErrorOf, networkError } from "../api-error";

const CUSTOMER = "shop.customerToken";
const CART = "shop.cartToken";

export interface Page<T> {
  items: T[];
  total: number;
  pages: number;
}

type Query = Record<string, string | number | undefined | null>;
interface CallOptions {
  method?: string;
  body?: unknown;
  query?: Query;
  /** Which bearer to send: the shopper's (default), none, or a given one. */
  bearer?: "shopper" | "none" | (string & {});
}

interface ShopState {
  ready: boolean;
  customerToken: string | null;
  cartToken: string | null;
  setCustomerToken: (t: string | null) => void;
  setCartToken: (t: string | null) => void;
  call: <T>(path: string, opts?: CallOptions) => Promise<T>;
  list: <T>(path: string, query?: Query) => Promise<Page<T>>;
  /** Every row of a list, page by page (a country list is longer than one page). */
  all: <T>(path: string, query?: Query) => Promise<T[]>;
}

const ShopContext = createContext<ShopState | null>(null);

export function useShop(): ShopState {
  const ctx = useContext(ShopContext);
  if (!ctx) throw new Error("useShop outside ShopProvider");
  return ctx;
}

/** How long the storefront keeps a customer signed in, counted from sign-in. */
export const CUSTOMER_TOKEN_TTL_MS = 12 * 3600_000;

function remember(name: string, value: string | null) {
  if (value) localStorage.setItem(name, value);
  else localStorage.removeItem(name);
}

/** Stored as `{"token", "expiresAt"}`; a token past its expiry, or stored without one, is removed. */
function rememberCustomer(token: string | null) {
  remember(CUSTOMER, token && JSON.stringify({ token, expiresAt: Date.now() + CUSTOMER_TOKEN_TTL_MS }));
}

function savedCustomer(): { token?: unknown; expiresAt?: unknown } | null {
  try {
    return JSON.parse(localStorage.getItem(CUSTOMER) ?? "null") as { token?: unknown; expiresAt?: unknown } | null;
  } catch {
    return null; // not ours, or a bare token from before expiries: dropped
  }
}

/**
 * The stored customer token while it lasts. One past its expiry is removed and also signed out on the server, so it
 * stops working for whoever may have copied it, not only in this browser.
 */
function storedCustomer(storefrontKey: string): string | null {
  const saved = savedCustomer();
  if (saved && typeof saved.token === "string" && typeof saved.expiresAt === "number" && saved.expiresAt > Date.now()) return saved.token;
  localStorage.removeItem(CUSTOMER);
  if (saved && typeof saved.token === "string") {
    void fetch(new URL("/api/shop/customer/logout", window.location.origin), {
      method: "POST",
      headers: { "X-STOREFRONT-KEY": storefrontKey, Authorization: `Bearer ${saved.token}` },
      keepalive: true,
    }).catch(() => undefined);
  }
  return null;
}

export function ShopProvider({ storefrontKey, children }: { storefrontKey: string; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const [customerToken, setCustomer] = useState<string | null>(null);
  const [cartToken, setCart] = useState<string | null>(null);
  useEffect(() => {
    setCustomer(storedCustomer(storefrontKey));
    setCart(localStorage.getItem(CART));
    setReady(true);
  }, [storefrontKey]);
  const setCustomerToken = useCallback((t: string | null) => (rememberCustomer(t), setCustomer(t)), []);
  // Signed out when the expiry passes while the page stays open (checked each minute: timers cannot wait 12 hours
  // reliably in a background tab).
  useEffect(() => {
    if (!customerToken) return;
    const timer = setInterval(() => {
      if (!storedCustomer(storefrontKey)) setCustomer(null);
    }, 60_000);
    return () => clearInterval(timer);
  }, [customerToken, storefrontKey]);
  const setCartToken = useCallback((t: string | null) => (remember(CART, t), setCart(t)), []);

  const request = useCallback(
    async (path: string, opts: CallOptions = {}) => {
      const url = new URL(`/api/shop/${path}`, window.location.origin);
      for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
      const bearer = opts.bearer === "none" ? null : !opts.bearer || opts.bearer === "shopper" ? (customerToken ?? cartToken) : opts.bearer;
      let res: Response;
      try {
        res = await fetch(url, {
          method: opts.method ?? "GET",
          headers: {
            Accept: "application/json",
            "X-STOREFRONT-KEY": storefrontKey,
            ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
            ...(opts.body !== undefined ? { "Content-Type": "application/json" } : {}),
          },
          body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
        });
      } catch {
        throw networkError();
      }
      if (res.status === 401 && bearer && bearer === customerToken) setCustomerToken(null);
      else if (res.status === 401 && bearer && bearer === cartToken) setCartToken(null);
      if (!res.ok) throw await apiErrorOf(res);
      return res;
    },
    [storefrontKey, customerToken, cartToken, setCustomerToken, setCartToken],
  );

  const list = useCallback(
    async <T,>(path: string, query?: Query): Promise<Page<T>> => {
      const res = await request(path, { query });
      const items = (await res.json()) as T[];
      return { items, total: Number(res.headers.get("X-Total-Count") ?? items.length), pages: Number(res.headers.get("X-Total-Pages") ?? 1) };
    },
    [request],
  );

  const value = useMemo<ShopState>(
    () => ({
      ready,
      customerToken,
      cartToken,
      setCustomerToken,
      setCartToken,
      call: async <T,>(path: string, opts?: CallOptions) => (await (await request(path, opts)).json()) as T,
      list,
      all: async <T,>(path: string, query?: Query) => {
        const rows: T[] = [];
        for (let page = 1, pages = 1; page <= pages; page++) {
          const next = await list<T>(path, { ...query, page });
          rows.push(...next.items);
          pages = next.pages;
        }
        return rows;
      },
    }),
    [ready, customerToken, cartToken, setCustomerToken, setCartToken, request, list],
  );
  return <ShopContext.Provider value={value}>{children}</ShopContext.Provider>;
}
