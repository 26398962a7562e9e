"use client";
// What the product screens read besides products: the store's channels (stock and prices are per channel, amounts
// in the default channel's base currency), every category and attribute (pickers), and how a product's stock reads.
import { useQuery } from "@tanstack/react-query";
import { can, useSignedIn } from "../api";
import { adminApi, ok, type Schemas } from "../client";

export type Product = Schemas["AdminProduct"];
export type Channel = Schemas["AdminChannel"];
export type Category = Schemas["AdminCategory"];
export type Attribute = Schemas["AdminAttribute"];

export const productsKey = ["catalog", "products"];
export const productKey = (id: number) => ["catalog", "products", id];

/** Types that keep no stock of their own: virtual and downloadable always sell, the others count their parts'. */
export const KEEPS_STOCK = new Set(["simple"]);

/** Every page of an Admin list (at most 50 a page), for pickers that offer all of a few dozen records. */
async function everyPage<T>(read: (page: number) => Promise<{ data: T[]; meta: { lastPage: number } }>): Promise<T[]> {
  const first = await read(1);
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.meta.lastPage - 1) }, (_, i) => read(i + 2)));
  return [first, ...rest].flatMap((p) => p.data);
}

/** The store's channels; empty when the admin may not read the settings (the screens then name channels by id). */
export function useChannels() {
  const session = useSignedIn();
  return useQuery({
    queryKey: ["channels", "all"],
    queryFn: () => ok(adminApi.GET("/api/admin/settings/channels", { params: { query: { per_page: 50 } } })),
    enabled: can(session, "settings.view"),
    staleTime: 300_000,
    select: (page) => page.data,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: ["catalog", "categories", "all"],
    queryFn: () => everyPage((page) => ok(adminApi.GET("/api/admin/catalog/categories", { params: { query: { per_page: 50, page, sort: "id" } } }))),
    staleTime: 60_000,
  });
}

export function useAttributes() {
  return useQuery({
    queryKey: ["catalog", "attributes", "all"],
    queryFn: () => everyPage((page) => ok(adminApi.GET("/api/admin/catalog/attributes", { params: { query: { per_page: 50, page } } }))),
    staleTime: 60_000,
  });
}

/** Categories as a picker lists them: each below its parent, with its path ("Men › Shirts"). */
export function categoryPaths(categories: Category[]): { id: number; label: string }[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const path = (c: Category): string[] => {
    const parent = c.parentId === null ? undefined : byId.get(c.parentId);
    return parent && parent.id !== c.id ? [...path(parent), c.name] : [c.name];
  };
  return categories.map((c) => ({ id: c.id, label: path(c).join(" › ") })).sort((a, b) => a.label.localeCompare(b.label));
}

const formats = new Map<string, Intl.NumberFormat>();

/** A price as the API gives it, in the store's base currency (plain when the channels cannot be read). */
export function money(amount: number | null, currency: string | undefined): string {
  if (amount === null) return "—";
  const code = currency ?? "";
  let format = formats.get(code);
  if (!format) formats.set(code, (format = new Intl.NumberFormat(undefined, code ? { style: "currency", currency: code } : { minimumFractionDigits: 2 })));
  return format.format(amount);
}

/** The base currency prices are kept in: the default channel's. */
export const baseCurrency = (channels: Channel[] | undefined) => (channels?.find((c) => c.code === "default") ?? channels?.[0])?.baseCurrency;

export const channelName = (channels: Channel[] | undefined, id: number) => channels?.find((c) => c.id === id)?.name ?? `Channel #${id}`;

/** "Default Store: 12 · B2B Store: 3", or why the product has no stock of its own. */
export function stockText(p: Pick<Product, "type" | "parentId" | "inventories">, channels: Channel[] | undefined): string {
  if (p.type === "configurable") return "Its variants' stock";
  if (p.type === "grouped" || p.type === "bundle") return "Its products' stock";
  if (!KEEPS_STOCK.has(p.type)) return "Not counted (always available)";
  if (!p.inventories.length) return "None";
  return p.inventories.map((i) => `${channelName(channels, i.channelId)}: ${i.qty}`).join(" · ");
}
