"use client";
// The customers list: search by name or email, filter by group, status and suspension, sort by name, email, id or
// date joined. The server pages and sorts (GET /api/admin/customers); search, filters, sort and page live in the
// address. A row opens the customer.
import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { adminApi, ok } from "../client";
import { Field, when } from "../common";
import { columnsOf, DataTable, FilterActions, listed, useListParams } from "../table";
import { CUSTOMERS, customersKey, fullName, useGroups, type Customer, type CustomerGroup } from "./customer-data";
import "./customers.css";


const FILTERS = ["q", "customer_group_id", "status", "is_suspended"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const column = columnsOf<Customer>();

function customerColumns(groups: CustomerGroup[]) {
  return [
    column.accessor("lastName", {
      id: "last_name",
      header: "Name",
      enableSorting: true,
      cell: ({ row: { original: c } }) => <Link href={`${CUSTOMERS}/${c.id}`}>{fullName(c)}</Link>,
    }),
    column.accessor("email", { id: "email", header: "Email", enableSorting: true, cell: ({ getValue }) => <span className="ap-break">{getValue()}</span> }),
    column.accessor("customerGroupId", { header: "Group", cell: ({ getValue }) => groups.find((g) => g.id === getValue())?.name ?? "—" }),
    column.display({
      id: "state",
      header: "Status",
      cell: ({ row: { original: c } }) => (
        <span className="cu-badges">
          <span className={`ap-badge ${c.status ? "active" : "inactive"}`}>{c.status ? "active" : "inactive"}</span>
          {c.isSuspended && <span className="ap-badge inactive">suspended</span>}
          {!c.isVerified && <span className="ap-badge">unverified</span>}
        </span>
      ),
    }),
    column.accessor("ordersCount", { header: "Orders" }),
    column.accessor("createdAt", { id: "created_at", header: "Joined", enableSorting: true, cell: ({ getValue }) => when(getValue()) }),
    column.display({
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: c } }) => (
        <Link href={`${CUSTOMERS}/${c.id}`} className="cu-button-link" aria-label={`Open customer ${fullName(c)}`}>
          Open
        </Link>
      ),
    }),
  ];
}

export function CustomersList() {
  const params = useListParams({ sort: "-created_at" });
  const groups = useGroups();
  const list = useQuery({
    queryKey: [...customersKey, "list", params.query],
    queryFn: () => ok(adminApi.GET("/api/admin/customers", { params: { query: { per_page: 20, ...params.query } } })),
    placeholderData: (previous) => previous,
  });
  const [filters, setFilters] = useState<Filters>(() => Object.fromEntries(FILTERS.map((k) => [k, params.get(k)])) as Filters);
  const apply = (next: Filters) => {
    setFilters(next);
    params.set(next);
  };
  const choose = (key: keyof Filters, value: string) => apply({ ...filters, [key]: value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(filters);
  };
  const filtered = FILTERS.some((k) => params.get(k));
  return (
    <>
      <h1>Customers</h1>
      <form className="ap-filters" role="search" aria-label="Search and filter customers" onSubmit={submit}>
        <Field label="Search" hint="Name or email">
          <input name="q" type="search" value={filters.q} onChange={(e) => setFilters({ ...filters, q: e.target.value })} maxLength={191} />
        </Field>
        <Field label="Group">
          <select name="customer_group_id" value={filters.customer_group_id} onChange={(e) => choose("customer_group_id", e.target.value)}>
            <option value="">Any group</option>
            {(groups.data?.data ?? []).map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
          </select>
        </Field>
        <Field label="Status">
          <select name="status" value={filters.status} onChange={(e) => choose("status", e.target.value)}>
            <option value="">Any status</option>
            <option value="1">Active</option>
            <option value="0">Inactive</option>
          </select>
        </Field>
        <Field label="Suspended">
          <select name="is_suspended" value={filters.is_suspended} onChange={(e) => choose("is_suspended", e.target.value)}>
            <option value="">Either</option>
            <option value="false">Not suspended</option>
            <option value="true">Suspended</option>
          </select>
        </Field>
        <FilterActions filtered={filtered} onClear={() => apply(Object.fromEntries(FILTERS.map((k) => [k, ""])) as Filters)} />
      </form>
      <DataTable
        caption="Customers"
        columns={customerColumns(groups.data?.data ?? [])}
        rowKey={(c) => c.id}
        {...listed(list, params)}
        empty={filtered ? "No customer matches these filters." : "No customers yet."}
      />
    </>
  );
}
