"use client";
// What the category and attribute screens share: the store's locales (a translation per locale), read from the
// settings when the admin may read them, else the locales the records already carry.
import { useQuery } from "@tanstack/react-query";
import { adminApi, ok } from "../client";

export interface StoreLocale {
  code: string;
  name: string;
}

/** The store's locales, the first the default; `seen` (locales on the records) stands in when settings are closed. */
export function useStoreLocales(seen: string[]): StoreLocale[] {
  const locales = useQuery({
    queryKey: ["settings", "locales"],
    queryFn: () => ok(adminApi.GET("/api/admin/settings/locales", { params: { query: { per_page: 50 } } })),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const known = locales.data?.data.map((l) => ({ code: l.code, name: l.name })) ?? [];
  const more = seen.filter((code) => !known.some((l) => l.code === code)).map((code) => ({ code, name: code }));
  return [...known, ...more];
}

/** "Summer Sale!" → "summer-sale": the slug a name suggests, as the API's slug rule takes it. */
export const slugOf = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
