"use client";
// The orders list: search by number, customer name or email; filter by status, what they wait for (an invoice or a
// shipment: the home page's cards link here), the day range they were placed in, channel and payment method; sort
// by number, date, total or status. The server pages and sorts
// (GET /api/admin/sales/orders); the search, filters, sort and page live in the address.
import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { paths } from "../../../openapi/types/admin-api";
import { ORDER_STATUSES } from "../../../orders/transitions";
import { can, useSignedIn } from "../api";
import { adminApi, ok } from "../client";
import { Field } from "../common";
import { columnsOf, DataTable, FilterActions, listed, useListParams } from "../table";
import { money, orderName, StatusBadge, statusText, type Order } from "./format";
import "./orders.css";

type OrdersQuery = NonNullable<paths["/api/admin/sales/orders"]["get"]["parameters"]["query"]>;

/** The list's filters as the address and the API name them. */
const FILTERS = ["q", "status", "awaiting", "created_since", "created_until", "channel_id", "payment_method"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** The sorts the list offers where its column headers are hidden (narrow screens). */
const SORTS = [
  ["-id", "Newest number first"], ["id", "Oldest number first"], ["-created_at", "Latest placed first"], ["created_at", "Earliest placed first"],
  ["-grand_total", "Highest total first"], ["grand_total", "Lowest total first"], ["status", "Status A–Z"], ["-status", "Status Z–A"],
] as const satisfies readonly (readonly [NonNullable<OrdersQuery["sort"]>, string])[];

/** What an order may wait for: the moves it allows now (`allowedEvents`: pay, ship), as the API filters them. */
const AWAITING = [["invoice", "Invoice"], ["shipment", "Shipment"]] as const satisfies readonly (readonly [NonNullable<OrdersQuery["awaiting"]>, string])[];

export const ordersKey = ["orders"];
const column = columnsOf<Order>();

const columns = [
  column.accessor("incrementId", {
    id: "id",
    header: "Order",
    enableSorting: true,
    cell: ({ row: { original: o } }) => (
      <Link href={`/admin/orders/${o.id}`} aria-label={`Open ${orderName(o)}`}>#{o.incrementId}</Link>
    ),
  }),
  column.accessor("createdAt", { id: "created_at", header: "Placed", enableSorting: true, cell: ({ getValue }) => new Date(getValue()).toLocaleString() }),
  column.display({
    id: "customer",
    header: "Customer",
    cell: ({ row: { original: o } }) => (
      <>
        {o.customerFirstName} {o.customerLastName}
        {o.isGuest && <span className="ap-muted"> (guest)</span>}
        <br />
        <span className="ap-muted ap-break">{o.customerEmail}</span>
      </>
    ),
  }),
  column.accessor("channelName", { header: "Channel" }),
  column.display({ id: "payment", header: "Payment", cell: ({ row: { original: o } }) => o.payment?.methodTitle ?? "—" }),
  column.accessor("status", { id: "status", header: "Status", enableSorting: true, cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  column.accessor("grandTotal", {
    id: "grand_total",
    header: "Total",
    enableSorting: true,
    cell: ({ row: { original: o } }) => (
      <span className="ap-order-amount">
        {money(o.grandTotal, o.orderCurrencyCode)}
        {o.grandTotalRefunded > 0 && <span className="ap-muted"> ({money(o.grandTotalRefunded, o.orderCurrencyCode)} refunded)</span>}
      </span>
    ),
  }),
];

export function OrdersList() {
  const session = useSignedIn();
  const params = useListParams({ sort: "-id" });
  const seeSettings = can(session, "settings.view");
  const orders = useQuery({
    queryKey: [...ordersKey, params.query],
    queryFn: () => ok(adminApi.GET("/api/admin/sales/orders", { params: { query: { per_page: 20, ...params.query } satisfies OrdersQuery } })),
    placeholderData: (previous) => previous,
  });
  const channels = useQuery({
    queryKey: ["channels", "all"],
    queryFn: () => ok(adminApi.GET("/api/admin/settings/channels", { params: { query: { per_page: 50 } } })),
    enabled: seeSettings,
    staleTime: 300_000,
  });
  const methods = useQuery({
    queryKey: ["payment-methods", "all"],
    queryFn: () => ok(adminApi.GET("/api/admin/settings/payment-methods", { params: { query: { per_page: 50 } } })),
    enabled: seeSettings,
    staleTime: 300_000,
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
  return (
    <>
      <h1>Orders</h1>
      <form className="ap-filters ap-order-filters" role="search" aria-label="Search and filter orders" onSubmit={submit}>
        <div className="ap-order-search">
          <Field label="Search" hint="Order number, customer name or email">
            <input name="q" type="search" value={filters.q} onChange={(e) => change("q", e.target.value)} maxLength={191} />
          </Field>
        </div>
        <Field label="Status">
          <select name="status" value={filters.status} onChange={(e) => choose("status", e.target.value)}>
            <option value="">Any status</option>
            {ORDER_STATUSES.map((s) => <option key={s} value={s}>{statusText(s)}</option>)}
          </select>
        </Field>
        <Field label="Waiting for">
          <select name="awaiting" value={filters.awaiting} onChange={(e) => choose("awaiting", e.target.value)}>
            <option value="">Any order</option>
            {AWAITING.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </Field>
        <Field label="Placed from" hint="UTC day">
          <input name="created_since" type="date" value={filters.created_since} onChange={(e) => choose("created_since", e.target.value)} />
        </Field>
        <Field label="Placed to" hint="UTC day, included">
          <input name="created_until" type="date" value={filters.created_until} onChange={(e) => choose("created_until", e.target.value)} />
        </Field>
        {seeSettings && (
          <>
            <Field label="Channel">
              <select name="channel_id" value={filters.channel_id} onChange={(e) => choose("channel_id", e.target.value)}>
                <option value="">Any channel</option>
                {channels.data?.data.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </select>
            </Field>
            <Field label="Payment method">
              <select name="payment_method" value={filters.payment_method} onChange={(e) => choose("payment_method", e.target.value)}>
                <option value="">Any method</option>
                {methods.data?.data.map((m) => <option key={m.id} value={m.code}>{m.title}</option>)}
              </select>
            </Field>
          </>
        )}
        <div className="ap-order-sort">
          <Field label="Sort by">
            <select name="sort" value={params.sort} onChange={(e) => params.setSort(e.target.value)}>
              {SORTS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </select>
          </Field>
        </div>
        <FilterActions filtered={filtered} onClear={() => apply(Object.fromEntries(FILTERS.map((k) => [k, ""])) as Filters)} />
      </form>
      <DataTable
        caption="Orders"
        columns={columns}
        rowKey={(o) => o.id}
        {...listed(orders, params)}
        empty={filtered ? "No order matches these filters." : "No orders yet: orders placed through the Shop API appear here."}
      />
    </>
  );
}
