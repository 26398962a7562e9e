"use client";
// The products list: search by name or SKU; filter by type, status, category and stock (in stock, out of stock,
// low); sort by id, SKU, price or dates. The server pages and sorts (GET /api/admin/catalog/products); the search,
// filters, sort and page live in the address. A row opens the product's form (where it can be deleted too).
import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { PRODUCT_TYPES } from "../../../catalog/product-types";
import { can, useSignedIn } from "../api";
import { adminApi, ok } from "../client";
import { Field, when } from "../common";
import { columnsOf, DataTable, FilterActions, listed, useListParams } from "../table";
import { baseCurrency, categoryPaths, money, productsKey, stockText, useCategories, useChannels, type Channel, type Product } from "./product-data";
import "./catalog.css";

/** The list's filters as the address and the API name them. */
const FILTERS = ["q", "type", "status", "category_id", "stock"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const STOCK_CHOICES = [
  ["in_stock", "In stock"],
  ["out_of_stock", "Out of stock"],
  ["low", "Low (5 or fewer)"],
] as const;

const column = columnsOf<Product>();

function productColumns(channels: Channel[] | undefined, actions: (p: Product) => React.ReactNode) {
  const currency = baseCurrency(channels);
  return [
    column.accessor("id", { id: "id", header: "ID", enableSorting: true }),
    column.accessor("name", {
      header: "Name",
      cell: ({ row: { original: p } }) => (
        <Link href={`/admin/catalog/products/${p.id}`} className="pr-product-name">
          {p.images[0] && <img src={p.images[0].url} alt="" width={36} height={36} loading="lazy" />}
          {p.name}
        </Link>
      ),
    }),
    column.accessor("sku", { id: "sku", header: "SKU", enableSorting: true, cell: ({ getValue }) => <code className="ap-break">{getValue()}</code> }),
    column.accessor("type", { header: "Type", cell: ({ row: { original: p } }) => (p.parentId ? `variant of #${p.parentId}` : p.type) }),
    column.accessor("price", {
      id: "price",
      header: "Price",
      enableSorting: true,
      cell: ({ row: { original: p } }) => (
        <>
          {money(p.price, currency)}
          {p.specialPrice !== null && <span className="ap-muted"> (special {money(p.specialPrice, currency)})</span>}
        </>
      ),
    }),
    column.display({ id: "stock", header: "Stock", cell: ({ row: { original: p } }) => stockText(p, channels) }),
    column.accessor("status", {
      header: "Status",
      cell: ({ getValue }) => <span className={`ap-badge ${getValue() ? "active" : "inactive"}`}>{getValue() ? "enabled" : "disabled"}</span>,
    }),
    column.accessor("updatedAt", { id: "updated_at", header: "Updated", enableSorting: true, cell: ({ getValue }) => when(getValue()) }),
    column.display({ id: "actions", header: "Actions", cell: ({ row: { original: p } }) => <div className="ap-actions">{actions(p)}</div> }),
  ];
}

export function ProductsList() {
  const session = useSignedIn();
  const params = useListParams({ sort: "-id" });
  const channels = useChannels();
  const categories = useCategories();
  const products = useQuery({
    queryKey: [...productsKey, params.query],
    queryFn: () => ok(adminApi.GET("/api/admin/catalog/products", { params: { query: { per_page: 20, ...params.query } } })),
    placeholderData: (previous) => previous,
  });
  const [filters, setFilters] = useState<Filters>(() => Object.fromEntries(FILTERS.map((k) => [k, params.get(k)])) as Filters);
  const apply = (next: Filters) => {
    setFilters(next);
    params.set(next);
  };
  const change = (key: keyof Filters, value: string) => setFilters({ ...filters, [key]: value });
  const choose = (key: keyof Filters, value: string) => apply({ ...filters, [key]: value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(filters);
  };
  const filtered = FILTERS.some((k) => params.get(k));
  const columns = productColumns(channels.data, (p) => (
    <>
      <Link href={`/admin/catalog/products/${p.id}`} className="pr-button-link" aria-label={`Edit ${p.name} (${p.sku})`}>Edit</Link>
    </>
  ));
  return (
    <>
      <div className="pr-heading-row">
        <h1>Products</h1>
        {can(session, "catalog.products.create") && <Link href="/admin/catalog/products/new" className="pr-button-link pr-primary-link">New product</Link>}
      </div>
      <form className="ap-filters" role="search" aria-label="Search and filter products" onSubmit={submit}>
        <Field label="Search" hint="Name or SKU">
          <input name="q" type="search" value={filters.q} onChange={(e) => change("q", e.target.value)} maxLength={255} />
        </Field>
        <Field label="Type">
          <select name="type" value={filters.type} onChange={(e) => choose("type", e.target.value)}>
            <option value="">Any type</option>
            {PRODUCT_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </Field>
        <Field label="Status">
          <select name="status" value={filters.status} onChange={(e) => choose("status", e.target.value)}>
            <option value="">Any status</option>
            <option value="true">Enabled</option>
            <option value="false">Disabled</option>
          </select>
        </Field>
        <Field label="Category">
          <select name="category_id" value={filters.category_id} onChange={(e) => choose("category_id", e.target.value)}>
            <option value="">Any category</option>
            {categoryPaths(categories.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
          </select>
        </Field>
        <Field label="Stock">
          <select name="stock" value={filters.stock} onChange={(e) => choose("stock", e.target.value)}>
            <option value="">Any stock</option>
            {STOCK_CHOICES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </Field>
        <FilterActions filtered={filtered} onClear={() => apply(Object.fromEntries(FILTERS.map((k) => [k, ""])) as Filters)} />
      </form>
      <DataTable
        caption="Products"
        columns={columns}
        rowKey={(p) => p.id}
        {...listed(products, params)}
        empty={filtered ? "No product matches these filters." : "No products yet."}
      />
    </>
  );
}
