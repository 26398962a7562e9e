"use client";
// The returns list: every customer's returns, filtered by status or order, sorted by number, date raised or last
// change. The server pages and sorts (GET /api/admin/sales/returns); filters, sort and page live in the address.
import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { RETURN_STATUSES } from "../../../returns/statuses";
import { adminApi, ok } from "../client";
import { Field, when } from "../common";
import { columnsOf, DataTable, FilterActions, listed, useListParams } from "../table";
import { resolutionText, ReturnStatus, returnName, type Return } from "./format";
import "./returns.css";


const FILTERS = ["status", "order_id"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

export const returnsKey = ["returns"];
const column = columnsOf<Return>();

const columns = [
  column.accessor("id", {
    id: "id",
    header: "Return",
    enableSorting: true,
    cell: ({ row: { original: r } }) => <Link href={`/admin/returns/${r.id}`} aria-label={`Open ${returnName(r)}`}>#{r.id}</Link>,
  }),
  column.accessor("orderIncrementId", {
    header: "Order",
    cell: ({ row: { original: r } }) => <Link href={`/admin/orders/${r.orderId}`} aria-label={`Open order #${r.orderIncrementId} of ${returnName(r)}`}>#{r.orderIncrementId}</Link>,
  }),
  column.display({
    id: "item",
    header: "Item",
    cell: ({ row: { original: r } }) => (
      <>
        {r.item.quantity} × {r.item.name}
        <br />
        <span className="ap-muted">{r.item.reason} · {resolutionText(r.item.resolution)}</span>
      </>
    ),
  }),
  column.accessor("statusTitle", { header: "Status", cell: ({ row: { original: r } }) => <ReturnStatus r={r} /> }),
  column.accessor("messagesCount", { header: "Messages" }),
  column.accessor("createdAt", { id: "created_at", header: "Raised", enableSorting: true, cell: ({ getValue }) => when(getValue()) }),
  column.accessor("updatedAt", { id: "updated_at", header: "Last change", enableSorting: true, cell: ({ getValue }) => when(getValue()) }),
];

export function ReturnsList() {
  const params = useListParams({ sort: "-id" });
  const returns = useQuery({
    queryKey: [...returnsKey, params.query],
    queryFn: () => ok(adminApi.GET("/api/admin/sales/returns", { params: { query: { per_page: 20, ...params.query } } })),
    placeholderData: (previous) => previous,
  });
  const [filters, setFilters] = useState<Filters>(() => Object.fromEntries(FILTERS.map((k) => [k, params.get(k)])) as Filters);
  const apply = (next: Filters) => {
    setFilters(next);
    params.set(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(filters);
  };
  const filtered = FILTERS.some((k) => params.get(k));
  return (
    <>
      <h1>Returns</h1>
      <form className="ap-filters ap-return-filters" role="search" aria-label="Filter returns" onSubmit={submit}>
        <Field label="Status">
          <select name="status" value={filters.status} onChange={(e) => apply({ ...filters, status: e.target.value })}>
            <option value="">Any status</option>
            {RETURN_STATUSES.map((s) => <option key={s.id} value={s.id}>{s.title}</option>)}
          </select>
        </Field>
        <Field label="Order id" hint="The order's record id">
          <input name="order_id" type="number" min={1} inputMode="numeric" value={filters.order_id} onChange={(e) => setFilters({ ...filters, order_id: e.target.value })} />
        </Field>
        <FilterActions filtered={filtered} onClear={() => apply({ status: "", order_id: "" })} search="Filter" />
      </form>
      <DataTable
        caption="Returns"
        columns={columns}
        rowKey={(r) => r.id}
        {...listed(returns, params)}
        empty={filtered ? "No return matches these filters." : "No returns yet: customers raise them from their orders in the shop."}
      />
    </>
  );
}
