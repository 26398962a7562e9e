"use client";
// One customer: their profile (edited with If-Match, so a change someone made meanwhile is reported, not
// overwritten), their group, their orders (each opens the order), their address book, the store's notes on them,
// their privacy requests and a connector's notes on them.
import { useState } from "react";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CustomerFields, GENDERS } from "../../../admin/customers/customer-input";
import { ApiError } from "../../api-error";
import { adminApi, ifMatch, ok, versioned, type Schemas } from "../client";
import { can, useSignedIn } from "../api";
import { ErrorNotice, Field, Loading, when } from "../common";
import { useNotify } from "../feedback";
import { check, errorsFor, type FieldErrors } from "../form";
import { columnsOf, DataTable } from "../table";
import { AddressBook } from "./customer-addresses";
import { CustomerNotes } from "./customer-notes";
import { CUSTOMERS, customerKey, customersKey, fullName, money, PRIVACY, privacyKey, useGroups, type Customer } from "./customer-data";
import "./customers.css";

type Order = Schemas["AdminOrder"];
type Gdpr = Schemas["AdminGdprRequest"];
type ProfileBody = Schemas["updateAdminCustomerBody"];

export function CustomerDetail() {
  const id = Number(useParams<{ id: string }>().id);
  const session = useSignedIn();
  const one = useQuery({ queryKey: customerKey(id), queryFn: () => versioned(adminApi.GET("/api/admin/customers/{id}", { params: { path: { id } } })) });
  // Bumped once the latest version is in: the profile form starts again from it.
  const [reloads, setReloads] = useState(0);
  if (one.isPending) return <Loading what="the customer" />;
  if (one.isError) return <><p><Link href={CUSTOMERS}>← Customers</Link></p><ErrorNotice error={one.error} /></>;
  const c = one.data.value;
  const editable = can(session, "customers.edit");
  return (
    <>
      <p><Link href={CUSTOMERS}>← Customers</Link></p>
      <h1>{fullName(c)}</h1>
      <p className="cu-summary">
        <span className="ap-break">{c.email}</span> · customer #{c.id} · joined {when(c.createdAt)}{" "}
        <span className={`ap-badge ${c.status ? "active" : "inactive"}`}>{c.status ? "active" : "inactive"}</span>
        {c.isSuspended && <> <span className="ap-badge inactive">suspended</span></>}
        {c.isVerified ? <> <span className="ap-badge active">verified</span></> : <> <span className="ap-badge">unverified</span></>}
      </p>
      <div className="cu-columns">
        <Profile key={`${c.id}-${reloads}`} customer={c} etag={one.data.etag} editable={editable} onReload={() => void one.refetch().then(() => setReloads((n) => n + 1))} />
        <div className="cu-side">
          <GroupPicker customer={c} etag={one.data.etag} editable={editable} />
          <ConnectorNotes customer={c} />
        </div>
      </div>
      {can(session, "sales.orders.view") && <CustomerOrders customer={c} />}
      <AddressBook customer={c} editable={editable} />
      <CustomerNotes customer={c} editable={editable} />
      {can(session, "gdpr.view") && <CustomerPrivacy customer={c} />}
    </>
  );
}

interface ProfileDraft {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  gender: string;
  dateOfBirth: string;
  status: number;
  isVerified: boolean;
  isSuspended: boolean;
}

const draftOf = (c: Customer): ProfileDraft => ({
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: c.phone ?? "",
  gender: c.gender ?? "",
  dateOfBirth: c.dateOfBirth ?? "",
  status: c.status,
  isVerified: c.isVerified,
  isSuspended: c.isSuspended,
});

const bodyOf = (d: ProfileDraft): ProfileBody => ({
  firstName: d.firstName,
  lastName: d.lastName,
  email: d.email,
  phone: d.phone || null,
  gender: (d.gender || null) as ProfileBody["gender"],
  dateOfBirth: d.dateOfBirth || null,
  status: d.status,
  isVerified: d.isVerified,
  isSuspended: d.isSuspended,
});

function Profile({ customer, etag, editable, onReload }: { customer: Customer; etag: string | null; editable: boolean; onReload: () => void }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [draft, setDraft] = useState(() => draftOf(customer));
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const save = useMutation({
    mutationFn: (body: ProfileBody) => ok(adminApi.PATCH("/api/admin/customers/{id}", { params: { path: { id: customer.id }, header: ifMatch(etag) }, body })),
    onSuccess: (c) => {
      notify(`${fullName(c)}'s profile saved.`);
      setDraft(draftOf(c));
      return client.invalidateQueries({ queryKey: customersKey });
    },
  });
  const err = (field: string) => errorsFor(field, local, save.error);
  const set = (change: Partial<ProfileDraft>) => setDraft({ ...draft, ...change });
  return (
    <form
      className="ap-card cu-card"
      aria-labelledby="cu-profile-title"
      onSubmit={(e) => {
        e.preventDefault();
        const body = bodyOf(draft);
        const checked = check(CustomerFields.partial(), body);
        setLocal(checked.errors);
        if (!checked.errors) save.mutate(body);
      }}
    >
      <h2 id="cu-profile-title">Profile</h2>
      <fieldset disabled={!editable} className="cu-fieldset">
        <div className="ap-form">
          <Field label="First name" error={err("firstName")}>
            <input name="firstName" autoComplete="off" value={draft.firstName} onChange={(e) => set({ firstName: e.target.value })} maxLength={100} />
          </Field>
          <Field label="Last name" error={err("lastName")}>
            <input name="lastName" autoComplete="off" value={draft.lastName} onChange={(e) => set({ lastName: e.target.value })} maxLength={100} />
          </Field>
          <Field label="Email" hint="They sign in with it." error={err("email")}>
            <input name="email" type="email" autoComplete="off" value={draft.email} onChange={(e) => set({ email: e.target.value })} maxLength={191} />
          </Field>
          <Field label="Phone" error={err("phone")}>
            <input name="phone" type="tel" autoComplete="off" value={draft.phone} onChange={(e) => set({ phone: e.target.value })} maxLength={40} />
          </Field>
          <Field label="Gender" error={err("gender")}>
            <select name="gender" value={draft.gender} onChange={(e) => set({ gender: e.target.value })}>
              <option value="">Not given</option>
              {GENDERS.map((g) => <option key={g} value={g}>{g}</option>)}
            </select>
          </Field>
          <Field label="Date of birth" error={err("dateOfBirth")}>
            <input name="dateOfBirth" type="date" value={draft.dateOfBirth} onChange={(e) => set({ dateOfBirth: e.target.value })} />
          </Field>
          <Field label="Account" error={err("status")}>
            <select name="status" value={draft.status} onChange={(e) => set({ status: Number(e.target.value) })}>
              <option value={1}>Active</option>
              <option value={0}>Inactive: cannot sign in</option>
            </select>
          </Field>
          <div className="cu-checks">
            <label>
              <input type="checkbox" name="isVerified" checked={draft.isVerified} onChange={(e) => set({ isVerified: e.target.checked })} /> Email verified
            </label>
            <label>
              <input type="checkbox" name="isSuspended" checked={draft.isSuspended} onChange={(e) => set({ isSuspended: e.target.checked })} /> Suspended: signed out and kept out
            </label>
            {[...(err("isVerified") ?? []), ...(err("isSuspended") ?? [])].map((m) => <span key={m} className="ap-field-error">{m}</span>)}
          </div>
        </div>
      </fieldset>
      {editable && (
        <div className="ap-actions">
          <button type="submit" disabled={save.isPending}>{save.isPending ? "Saving…" : "Save profile"}</button>
          <ErrorNotice error={save.error} />
          {save.error instanceof ApiError && save.error.status === 412 && (
            <button type="button" className="ap-secondary" onClick={onReload}>Load the latest version</button>
          )}
        </div>
      )}
    </form>
  );
}

function GroupPicker({ customer, etag, editable }: { customer: Customer; etag: string | null; editable: boolean }) {
  const client = useQueryClient();
  const notify = useNotify();
  const groups = useGroups();
  const [chosen, setChosen] = useState(customer.customerGroupId === null ? "" : String(customer.customerGroupId));
  const change = useMutation({
    mutationFn: (customerGroupId: number | null) =>
      ok(adminApi.PATCH("/api/admin/customers/{id}", { params: { path: { id: customer.id }, header: ifMatch(etag) }, body: { customerGroupId } })),
    onSuccess: (c) => {
      const group = groups.data?.data.find((g) => g.id === c.customerGroupId);
      notify(group ? `${fullName(c)} is now in the ${group.name} group.` : `${fullName(c)} is in no group now.`);
      return client.invalidateQueries({ queryKey: customersKey });
    },
  });
  const current = groups.data?.data.find((g) => g.id === customer.customerGroupId);
  return (
    <form
      className="ap-card cu-card"
      aria-labelledby="cu-group-title"
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(chosen ? Number(chosen) : null);
      }}
    >
      <h2 id="cu-group-title">Group</h2>
      <p className="ap-muted">The group sets which prices and promotions apply to them. Now: <strong>{current?.name ?? "none"}</strong>.</p>
      {groups.isError ? (
        <ErrorNotice error={groups.error} />
      ) : (
        <div className="cu-inline">
          <Field label="Customer group" error={errorsFor("customerGroupId", null, change.error)}>
            <select name="customerGroupId" value={chosen} disabled={!editable} onChange={(e) => setChosen(e.target.value)}>
              <option value="">No group</option>
              {(groups.data?.data ?? []).map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
            </select>
          </Field>
          {editable && (
            <button type="submit" disabled={change.isPending || chosen === String(customer.customerGroupId ?? "")}>
              {change.isPending ? "Changing…" : "Change group"}
            </button>
          )}
        </div>
      )}
      <ErrorNotice error={change.error} />
    </form>
  );
}

/** A connector's own notes on the customer (`metadata`), as the Admin API keeps them. */
function ConnectorNotes({ customer }: { customer: Customer }) {
  const notes = Object.entries(customer.metadata);
  if (!notes.length && !customer.externalId) return null;
  return (
    <section className="ap-card cu-card" aria-labelledby="cu-notes-title">
      <h2 id="cu-notes-title">Connected systems</h2>
      <dl className="ap-dl">
        {customer.externalId && <><dt>External id</dt><dd className="ap-break">{customer.externalId}</dd></>}
        {notes.map(([k, v]) => <div key={k} className="cu-dl-row"><dt>{k}</dt><dd className="ap-break">{v}</dd></div>)}
      </dl>
    </section>
  );
}

const orderColumn = columnsOf<Order>();
const orderColumns = [
  orderColumn.accessor("incrementId", {
    id: "id",
    header: "Order",
    enableSorting: true,
    cell: ({ row: { original: o } }) => <Link href={`/admin/orders/${o.id}`} aria-label={`Order #${o.incrementId}`}>#{o.incrementId}</Link>,
  }),
  orderColumn.accessor("createdAt", { id: "created_at", header: "Placed", enableSorting: true, cell: ({ getValue }) => when(getValue()) }),
  orderColumn.accessor("status", { id: "status", header: "Status", enableSorting: true, cell: ({ getValue }) => <span className="ap-badge">{getValue().replaceAll("_", " ")}</span> }),
  orderColumn.accessor("totalQtyOrdered", { header: "Items" }),
  orderColumn.accessor("grandTotal", { id: "grand_total", header: "Total", enableSorting: true, cell: ({ row: { original: o } }) => money(o.grandTotal, o.orderCurrencyCode) }),
];

function CustomerOrders({ customer }: { customer: Customer }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState("-created_at");
  const orders = useQuery({
    queryKey: [...customerKey(customer.id), "orders", page, sort],
    queryFn: () => ok(adminApi.GET("/api/admin/sales/orders", { params: { query: { customer_id: customer.id, per_page: 10, page, sort: sort as "-created_at" } } })),
    placeholderData: (previous) => previous,
  });
  return (
    <section aria-labelledby="cu-orders-title">
      <h2 id="cu-orders-title">Orders ({customer.ordersCount})</h2>
      <DataTable
        caption={`Orders of ${fullName(customer)}`}
        columns={orderColumns}
        rows={orders.data?.data}
        rowKey={(o) => o.id}
        meta={orders.data?.meta}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPage(1);
        }}
        onPage={setPage}
        loading={orders.isPending}
        error={orders.error}
        empty={`${fullName(customer)} has placed no orders.`}
      />
    </section>
  );
}

function CustomerPrivacy({ customer }: { customer: Customer }) {
  const requests = useQuery({
    queryKey: [...privacyKey, "customer", customer.id],
    queryFn: () => ok(adminApi.GET("/api/admin/gdpr-requests", { params: { query: { customer_id: customer.id, per_page: 10 } } })),
  });
  const rows: Gdpr[] = requests.data?.data ?? [];
  return (
    <section aria-labelledby="cu-privacy-title">
      <h2 id="cu-privacy-title">Privacy requests</h2>
      {requests.isPending ? (
        <Loading what="privacy requests" />
      ) : requests.isError ? (
        <ErrorNotice error={requests.error} />
      ) : rows.length === 0 ? (
        <p className="ap-muted">{fullName(customer)} has made no privacy request.</p>
      ) : (
        <ul className="cu-list">
          {rows.map((r) => (
            <li key={r.id}>
              <Link href={`${PRIVACY}/${r.id}`}>Request #{r.id}: {r.type}</Link> <span className={`ap-badge ${r.status}`}>{r.status}</span>{" "}
              <span className="ap-muted">{when(r.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
