"use client";
// Coupons: the codes shoppers type at the cart. List them (by code or status, sorted by code, uses or number),
// create one, edit one (saved only if nobody changed it since it was listed: If-Match), delete one.
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CouponFields } from "../../../admin/marketing/coupon-input";
import { ApiError } from "../../api-error";
import { can, useSignedIn } from "../api";
import { adminApi, ok, type Schemas } from "../client";
import { ErrorNotice, Field, when } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { check, errorsFor, type FieldErrors } from "../form";
import { columnsOf, DataTable, FilterActions, listed, useListParams } from "../table";
import { rowIfMatch } from "../settings/rows";
import "./marketing.css";

type Coupon = Schemas["AdminCoupon"];

const couponsKey = ["coupons"];
const column = columnsOf<Coupon>();

interface Draft {
  code: string; name: string; type: "percent" | "fixed"; amount: string; minSubtotal: string; usageLimit: string; usagePerCustomer: string;
  startsAt: string; endsAt: string; status: boolean;
}

const BLANK: Draft = { code: "", name: "", type: "percent", amount: "", minSubtotal: "", usageLimit: "", usagePerCustomer: "", startsAt: "", endsAt: "", status: true };

/** An ISO instant as a `datetime-local` value in the browser's time zone, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

const draftOf = (c: Coupon): Draft => ({
  code: c.code, name: c.name, type: c.type === "fixed" ? "fixed" : "percent", amount: String(c.amount), minSubtotal: c.minSubtotal === null ? "" : String(c.minSubtotal),
  usageLimit: c.usageLimit === null ? "" : String(c.usageLimit), usagePerCustomer: c.usagePerCustomer === null ? "" : String(c.usagePerCustomer),
  startsAt: toLocalInput(c.startsAt), endsAt: toLocalInput(c.endsAt), status: c.status,
});

/** What the API takes: numbers as typed (the schema reads them), blanks as null (no limit). */
const bodyOf = (d: Draft) => ({
  code: d.code, name: d.name, type: d.type, amount: d.amount, status: d.status,
  minSubtotal: d.minSubtotal.trim() || null, usageLimit: d.usageLimit.trim() || null, usagePerCustomer: d.usagePerCustomer.trim() || null,
  startsAt: fromLocalInput(d.startsAt), endsAt: fromLocalInput(d.endsAt),
});

/** The store's currency (its first channel's base currency), for fixed amounts; null when settings are out of reach. */
function useStoreCurrency(): string | null {
  const session = useSignedIn();
  const channels = useQuery({
    queryKey: ["channels", "all"],
    queryFn: () => ok(adminApi.GET("/api/admin/settings/channels", { params: { query: { per_page: 50 } } })),
    enabled: can(session, "settings.view"),
    staleTime: 300_000,
  });
  return channels.data?.data[0]?.baseCurrency ?? null;
}

const amountText = (c: Pick<Coupon, "type" | "amount">, currency: string | null) =>
  c.type === "percent" ? `${c.amount} %` : currency ? new Intl.NumberFormat(undefined, { style: "currency", currency }).format(c.amount) : String(c.amount);

export function Coupons() {
  const session = useSignedIn();
  const client = useQueryClient();
  const notify = useNotify();
  const currency = useStoreCurrency();
  const params = useListParams({ sort: "-id" });
  const [editing, setEditing] = useState<Coupon | null>(null);
  const list = useQuery({
    queryKey: [...couponsKey, params.query],
    queryFn: () => ok(adminApi.GET("/api/admin/marketing/coupons", { params: { query: { per_page: 20, ...params.query } } })),
    placeholderData: (previous) => previous,
  });
  const remove = useMutation({
    mutationFn: (c: Coupon) => ok(adminApi.DELETE("/api/admin/marketing/coupons/{id}", { params: { path: { id: c.id }, header: rowIfMatch(c) } })),
    onSuccess: (_answer, c) => {
      if (editing?.id === c.id) setEditing(null);
      notify(`Coupon ${c.code} deleted: the cart no longer accepts it.`);
      return client.invalidateQueries({ queryKey: couponsKey });
    },
  });
  const [code, setCode] = useState(params.get("code"));
  const search = (e: FormEvent) => {
    e.preventDefault();
    params.set({ code });
  };
  const canEdit = can(session, "marketing.coupons.edit");
  const canDelete = can(session, "marketing.coupons.delete");
  const columns = [
    column.accessor("code", { id: "code", header: "Code", enableSorting: true, cell: ({ getValue }) => <code>{getValue()}</code> }),
    column.accessor("name", { header: "Name" }),
    column.display({
      id: "discount",
      header: "Discount",
      cell: ({ row: { original: c } }) => (
        <>
          {amountText(c, currency)}
          {c.minSubtotal !== null && <span className="ap-muted"> from {amountText({ type: "fixed", amount: c.minSubtotal }, currency)}</span>}
        </>
      ),
    }),
    column.accessor("timesUsed", {
      id: "times_used",
      header: "Used",
      enableSorting: true,
      cell: ({ row: { original: c } }) => `${c.timesUsed}${c.usageLimit !== null ? ` of ${c.usageLimit}` : ""}`,
    }),
    column.display({
      id: "valid",
      header: "Valid",
      cell: ({ row: { original: c } }) => (c.startsAt || c.endsAt ? `${c.startsAt ? when(c.startsAt) : "now"} – ${c.endsAt ? when(c.endsAt) : "no end"}` : "always"),
    }),
    column.accessor("status", { header: "Status", cell: ({ getValue }) => <span className={`ap-badge ${getValue() ? "active" : "inactive"}`}>{getValue() ? "active" : "off"}</span> }),
    column.display({
      id: "actions",
      header: () => <span className="ap-sr-only">Actions</span>,
      cell: ({ row: { original: c } }) => (
        <div className="ap-actions">
          {canEdit && <button type="button" className="ap-secondary" aria-label={`Edit coupon ${c.code}`} onClick={() => setEditing(c)}>Edit</button>}
          {canDelete && (
            <ConfirmButton label={`Delete coupon ${c.code}`} question={`Delete coupon ${c.code}? Shoppers can no longer use it.`} confirmLabel="Yes, delete" disabled={remove.isPending} onConfirm={() => remove.mutate(c)} />
          )}
        </div>
      ),
    }),
  ];
  return (
    <>
      <h1>Coupons</h1>
      {editing ? (
        <CouponForm key={editing.id} coupon={editing} onDone={() => setEditing(null)} />
      ) : (
        can(session, "marketing.coupons.create") && <CouponForm key="new" coupon={null} onDone={() => undefined} />
      )}
      <h2>All coupons</h2>
      <form className="ap-filters" role="search" aria-label="Find coupons" onSubmit={search}>
        <Field label="Code (exact)">
          <input name="code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={60} />
        </Field>
        <Field label="Status">
          <select name="status" value={params.get("status")} onChange={(e) => params.set({ status: e.target.value })}>
            <option value="">Any</option>
            <option value="true">Active</option>
            <option value="false">Off</option>
          </select>
        </Field>
        <FilterActions
          className="ap-marketing-filter-actions"
          filtered={!!(params.get("code") || params.get("status"))}
          onClear={() => { setCode(""); params.set({ code: "", status: "" }); }}
          clear="Clear"
        />
      </form>
      <ErrorNotice error={remove.error} />
      <DataTable
        caption="Coupons"
        columns={columns}
        rowKey={(c) => c.id}
        {...listed(list, params)}
        empty={params.get("code") || params.get("status") ? "No coupon matches." : "No coupons yet."}
      />
    </>
  );
}

function CouponForm({ coupon, onDone }: { coupon: Coupon | null; onDone: () => void }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [draft, setDraft] = useState<Draft>(coupon ? draftOf(coupon) : BLANK);
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const save = useMutation({
    mutationFn: (body: Schemas["createAdminCouponInput"]) =>
      coupon
        ? ok(adminApi.PATCH("/api/admin/marketing/coupons/{id}", { params: { path: { id: coupon.id }, header: rowIfMatch(coupon) }, body }))
        : ok(adminApi.POST("/api/admin/marketing/coupons", { body })),
    onSuccess: (saved) => {
      notify(coupon ? `Coupon ${saved.code} saved.` : `Coupon ${saved.code} created${saved.status ? ": shoppers can use it now" : " (off)"}.`);
      if (!coupon) setDraft(BLANK);
      onDone();
      return client.invalidateQueries({ queryKey: couponsKey });
    },
    // A 412: the listed version is stale, so the list is read again for the next try.
    onError: (e) => (e instanceof ApiError && e.status === 412 ? client.invalidateQueries({ queryKey: couponsKey }) : undefined),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = check(coupon ? CouponFields.partial() : CouponFields, bodyOf(draft));
    setLocal(checked.errors);
    if (checked.value) save.mutate(checked.value as Schemas["createAdminCouponInput"]);
  };
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  const err = (f: string) => errorsFor(f, local, save.error);
  const stale = save.error instanceof ApiError && save.error.status === 412;
  return (
    <form className="ap-card ap-form" aria-label={coupon ? `Edit coupon ${coupon.code}` : "New coupon"} noValidate onSubmit={submit}>
      <h2 className="ap-wide ap-marketing-form-title">{coupon ? `Edit coupon ${coupon.code}` : "New coupon"}</h2>
      <Field label="Code" hint="What the shopper types; letters, digits, - and _" error={err("code")}>
        <input name="code" value={draft.code} onChange={set("code")} maxLength={60} required />
      </Field>
      <Field label="Name" error={err("name")}><input name="name" value={draft.name} onChange={set("name")} maxLength={255} required /></Field>
      <Field label="Type" error={err("type")}>
        <select name="type" value={draft.type} onChange={set("type")}>
          <option value="percent">Percent off</option>
          <option value="fixed">Fixed amount off</option>
        </select>
      </Field>
      <Field label={draft.type === "percent" ? "Amount (%)" : "Amount"} error={err("amount")}>
        <input name="amount" type="number" min={0} step="any" inputMode="decimal" value={draft.amount} onChange={set("amount")} required />
      </Field>
      <Field label="Minimum subtotal" hint="Blank: any cart" error={err("minSubtotal")}>
        <input name="minSubtotal" type="number" min={0} step="any" inputMode="decimal" value={draft.minSubtotal} onChange={set("minSubtotal")} />
      </Field>
      <Field label="Uses in all" hint="Blank: no limit" error={err("usageLimit")}>
        <input name="usageLimit" type="number" min={1} step={1} inputMode="numeric" value={draft.usageLimit} onChange={set("usageLimit")} />
      </Field>
      <Field label="Uses per customer" hint="Blank: no limit" error={err("usagePerCustomer")}>
        <input name="usagePerCustomer" type="number" min={1} step={1} inputMode="numeric" value={draft.usagePerCustomer} onChange={set("usagePerCustomer")} />
      </Field>
      <Field label="Starts" hint="Blank: at once" error={err("startsAt")}>
        <input name="startsAt" type="datetime-local" value={draft.startsAt} onChange={set("startsAt")} />
      </Field>
      <Field label="Ends" hint="Blank: never" error={err("endsAt")}>
        <input name="endsAt" type="datetime-local" value={draft.endsAt} onChange={set("endsAt")} />
      </Field>
      <label className="ap-marketing-check">
        <input type="checkbox" name="status" checked={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.checked })} /> Active
      </label>
      {stale && <p className="ap-error ap-wide" role="alert">Someone else changed coupon {coupon?.code} after the list was loaded, so your changes were not saved over theirs. Cancel and edit it again to see their version.</p>}
      <div className="ap-wide ap-actions">
        <button type="submit" disabled={save.isPending}>{save.isPending ? "Saving…" : coupon ? "Save coupon" : "Create coupon"}</button>
        {coupon && <button type="button" className="ap-secondary" onClick={onDone}>Cancel</button>}
        {!stale && <ErrorNotice error={save.error} />}
      </div>
    </form>
  );
}
