"use client";
// Payment and shipping methods: what the checkout offers, in which order, at what price. Each is edited as it is
// now (read with its version) and saved only if nobody changed it meanwhile; the form checks with the same schemas
// the Admin API parses the edit with (lib/admin/settings/method-input.ts) and shows the API's own field errors.
import { useState } from "react";
import { z } from "zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../api-error";
import { can, useSignedIn } from "../api";
import { adminApi, ifMatch, ok, versioned, type Schemas } from "../client";
import { ErrorNotice, Field, Loading } from "../common";
import { useNotify } from "../feedback";
import { check, errorsFor, type FieldErrors } from "../form";
import { columnsOf, DataTable } from "../table";
import { ActionsHeader } from "./rows";
import { CARRIER_CONFIG, METHOD_FIELDS } from "../../../admin/settings/method-input";
import "./settings.css";

type ShippingMethod = Schemas["AdminShippingMethod"];
type PaymentMethod = Schemas["AdminPaymentMethod"];
type Channel = Schemas["AdminChannel"];
type Editing = { kind: "shipping" | "payment"; id: number } | null;

const shippingKey = ["shipping-methods"];
const paymentKey = ["payment-methods"];
const shippingColumn = columnsOf<ShippingMethod>();
const paymentColumn = columnsOf<PaymentMethod>();

/** An amount in the store's base currency, as the API gives it. */
const moneyIn = (currency: string | undefined) => (amount: unknown) =>
  typeof amount === "number" ? new Intl.NumberFormat(undefined, { style: "currency", currency: currency ?? "USD" }).format(amount) : "—";

/** What a shipping method charges, in words. */
function priceOf(m: ShippingMethod, money: (n: unknown) => string): string {
  if (m.code === "flatrate") return `${money(m.config.rate)} ${m.config.type === "per_item" ? "per item" : "per order"}`;
  if (m.code === "free") return `Free from ${money(m.config.threshold)}`;
  return "—";
}

const ActiveBadge = ({ active }: { active: boolean }) => <span className={`ap-badge ${active ? "active" : "inactive"}`}>{active ? "offered" : "off"}</span>;

export function Methods() {
  const session = useSignedIn();
  const [editing, setEditing] = useState<Editing>(null);
  const shipping = useQuery({ queryKey: shippingKey, queryFn: () => ok(adminApi.GET("/api/admin/settings/shipping-methods", { params: { query: { per_page: 50 } } })) });
  const payment = useQuery({ queryKey: paymentKey, queryFn: () => ok(adminApi.GET("/api/admin/settings/payment-methods", { params: { query: { per_page: 50 } } })) });
  const channels = useQuery({ queryKey: ["channels"], queryFn: () => ok(adminApi.GET("/api/admin/settings/channels", { params: { query: { per_page: 50 } } })) });
  const money = moneyIn(channels.data?.data[0]?.baseCurrency);
  const canEdit = can(session, "settings.edit");
  const channelName = (id: number) => channels.data?.data.find((c) => c.id === id)?.name ?? `#${id}`;
  const editButton = (kind: "shipping" | "payment", m: { id: number; title: string }) =>
    canEdit ? (
      <button type="button" className="ap-secondary" aria-label={`Edit ${m.title}`} onClick={() => setEditing({ kind, id: m.id })}>Edit</button>
    ) : null;
  const shippingColumns = [
    shippingColumn.accessor("title", { header: "Method", cell: ({ row: { original: m } }) => <>{m.title}{m.description && <><br /><span className="ap-muted">{m.description}</span></>}</> }),
    shippingColumn.accessor("code", { header: "Carrier", cell: ({ getValue }) => <code>{getValue()}</code> }),
    shippingColumn.display({ id: "price", header: "Price", cell: ({ row: { original: m } }) => priceOf(m, money) }),
    shippingColumn.accessor("active", { header: "Status", cell: ({ getValue }) => <ActiveBadge active={getValue()} /> }),
    shippingColumn.accessor("sortOrder", { header: "Position" }),
    shippingColumn.display({ id: "actions", header: ActionsHeader, cell: ({ row: { original: m } }) => editButton("shipping", m) }),
  ];
  const paymentColumns = [
    paymentColumn.accessor("title", { header: "Method", cell: ({ row: { original: m } }) => <>{m.title}{m.description && <><br /><span className="ap-muted">{m.description}</span></>}</> }),
    paymentColumn.accessor("code", { header: "Code", cell: ({ getValue }) => <code>{getValue()}</code> }),
    paymentColumn.accessor("offsite", { header: "Paid", cell: ({ getValue }) => (getValue() ? "on the provider's page" : "at the store") }),
    paymentColumn.accessor("channels", { header: "Channels", cell: ({ getValue }) => (getValue().length ? getValue().map(channelName).join(", ") : "none") }),
    paymentColumn.accessor("active", { header: "Status", cell: ({ getValue }) => <ActiveBadge active={getValue()} /> }),
    paymentColumn.accessor("sortOrder", { header: "Position" }),
    paymentColumn.display({ id: "actions", header: ActionsHeader, cell: ({ row: { original: m } }) => editButton("payment", m) }),
  ];
  const close = () => setEditing(null);
  return (
    <>
      <h1>Payment and shipping</h1>
      <p className="ap-muted">What the checkout offers, in the order of their position. A method switched off is no longer offered; orders placed with it keep it.</p>
      <h2>Shipping methods</h2>
      {editing?.kind === "shipping" && <EditShipping key={editing.id} id={editing.id} currency={channels.data?.data[0]?.baseCurrency} onDone={close} />}
      <DataTable caption="Shipping methods" columns={shippingColumns} rows={shipping.data?.data} rowKey={(m) => m.id} loading={shipping.isPending} error={shipping.error} empty="No shipping methods: the checkout cannot ship." />
      <h2>Payment methods</h2>
      {editing?.kind === "payment" && <EditPayment key={editing.id} id={editing.id} channels={channels.data?.data ?? []} onDone={close} />}
      <DataTable caption="Payment methods" columns={paymentColumns} rows={payment.data?.data} rowKey={(m) => m.id} loading={payment.isPending} error={payment.error} empty="No payment methods: the checkout cannot take orders." />
    </>
  );
}

/** The fields every method's form has, as text while typed. */
interface CommonForm {
  title: string;
  description: string;
  active: boolean;
  sortOrder: string;
}

const commonOf = (m: { title: string; description: string | null; active: boolean; sortOrder: number }): CommonForm => ({
  title: m.title, description: m.description ?? "", active: m.active, sortOrder: String(m.sortOrder),
});

function CommonFields({ form, set, errors }: { form: CommonForm; set: (f: Partial<CommonForm>) => void; errors: (field: string) => string[] | undefined }) {
  return (
    <>
      <Field label="Title" hint="What the shopper sees at checkout." error={errors("title")}>
        <input name="title" value={form.title} onChange={(e) => set({ title: e.target.value })} required maxLength={255} />
      </Field>
      <Field label="Position" hint="Lower comes first." error={errors("sortOrder")}>
        <input name="sortOrder" type="number" min={0} step={1} value={form.sortOrder} onChange={(e) => set({ sortOrder: e.target.value })} />
      </Field>
      <Field label="Description" error={errors("description")}>
        <textarea name="description" rows={2} maxLength={2000} value={form.description} onChange={(e) => set({ description: e.target.value })} />
      </Field>
      <div className="ap-field">
        <label className="ap-st-check"><input type="checkbox" name="active" checked={form.active} onChange={(e) => set({ active: e.target.checked })} />Offered at checkout</label>
        {errors("active")?.map((m) => <span key={m} className="ap-field-error">{m}</span>)}
      </div>
    </>
  );
}

/** The API's refusal; when someone else changed the method meanwhile, a way to see their change. */
function Refused({ error, onReload }: { error: unknown; onReload: () => void }) {
  if (!(error instanceof ApiError && error.status === 412)) return <ErrorNotice error={error} />;
  return (
    <>
      <ErrorNotice error={error} />
      <button type="button" className="ap-secondary" onClick={onReload}>Load the current version</button>
    </>
  );
}

/** A method read as it is now, with its version. */
function useVersioned<T>(key: unknown[], read: () => Promise<{ value: T; etag: string | null }>) {
  return useQuery({ queryKey: [...key, "edit"], queryFn: read, staleTime: 0, gcTime: 0 });
}

function EditShipping({ id, currency, onDone }: { id: number; currency: string | undefined; onDone: () => void }) {
  const read = useVersioned(shippingKey, () => versioned(adminApi.GET("/api/admin/settings/shipping-methods/{id}", { params: { path: { id } } })));
  if (read.isPending) return <Loading what="the shipping method" />;
  if (read.isError) return <ErrorNotice error={read.error} />;
  return <ShippingForm key={read.data.etag} method={read.data.value} etag={read.data.etag} currency={currency} onDone={onDone} onReload={() => void read.refetch()} />;
}

interface FormProps<M> {
  method: M;
  etag: string | null;
  onDone: () => void;
  /** Reads the method again, after someone else's change refused this one. */
  onReload: () => void;
}

function ShippingForm({ method, etag, currency, onDone, onReload }: FormProps<ShippingMethod> & { currency: string | undefined }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [form, setForm] = useState(commonOf(method));
  const [config, setConfig] = useState<Record<string, string>>(
    Object.fromEntries(Object.entries(method.config).map(([k, v]) => [k, typeof v === "number" || typeof v === "string" ? String(v) : ""])),
  );
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const set = (f: Partial<CommonForm>) => setForm({ ...form, ...f });
  const save = useMutation({
    mutationFn: (body: Schemas["updateAdminShippingMethodBody"]) =>
      ok(adminApi.PATCH("/api/admin/settings/shipping-methods/{id}", { params: { path: { id: method.id }, header: ifMatch(etag) }, body })),
    onSuccess: async (saved) => {
      notify(`${saved.title} saved: ${priceOf(saved, moneyIn(currency))}${saved.active ? "" : ", not offered"}.`);
      await client.invalidateQueries({ queryKey: shippingKey });
      onDone();
    },
  });
  const submit = () => {
    const schema = z.object({ ...METHOD_FIELDS, config: CARRIER_CONFIG[method.code] ?? z.record(z.string(), z.unknown()) });
    const checked = check(schema, { title: form.title, active: form.active, sortOrder: form.sortOrder, config });
    setLocal(checked.errors);
    if (checked.errors) return;
    const { config: parsed, ...fields } = checked.value;
    save.mutate({ ...fields, description: form.description.trim() || null, config: parsed as Record<string, unknown> });
  };
  const errors = (field: string) => errorsFor(field, local, save.error);
  return (
    <form className="ap-card ap-form ap-st-method" aria-label={`Edit ${method.title}`} onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <h3 className="ap-wide">{method.title} <code>{method.code}</code></h3>
      <CommonFields form={form} set={set} errors={errors} />
      {method.code === "flatrate" && (
        <>
          <Field label={`Rate (${currency ?? "store currency"})`} error={errors("config.rate")}>
            <input name="rate" type="number" min={0} step="0.01" value={config.rate ?? ""} onChange={(e) => setConfig({ ...config, rate: e.target.value })} required />
          </Field>
          <Field label="Charged" error={errors("config.type")}>
            <select name="rateType" value={config.type ?? "per_order"} onChange={(e) => setConfig({ ...config, type: e.target.value })}>
              <option value="per_order">once per order</option>
              <option value="per_item">per item</option>
            </select>
          </Field>
        </>
      )}
      {method.code === "free" && (
        <Field label={`Free from an order of (${currency ?? "store currency"})`} hint="The cart subtotal from which shipping is free." error={errors("config.threshold")}>
          <input name="threshold" type="number" min={0} step="0.01" value={config.threshold ?? ""} onChange={(e) => setConfig({ ...config, threshold: e.target.value })} required />
        </Field>
      )}
      {errorsFor("config", null, save.error)?.map((m) => <p key={m} className="ap-wide ap-field-error">{m}</p>)}
      <div className="ap-wide ap-actions">
        <button type="submit" disabled={save.isPending}>{save.isPending ? "Saving…" : `Save ${method.title}`}</button>
        <button type="button" className="ap-secondary" onClick={onDone}>Cancel</button>
        <Refused error={save.error} onReload={onReload} />
      </div>
    </form>
  );
}

function EditPayment({ id, channels, onDone }: { id: number; channels: Channel[]; onDone: () => void }) {
  const read = useVersioned(paymentKey, () => versioned(adminApi.GET("/api/admin/settings/payment-methods/{id}", { params: { path: { id } } })));
  if (read.isPending) return <Loading what="the payment method" />;
  if (read.isError) return <ErrorNotice error={read.error} />;
  return <PaymentForm key={read.data.etag} method={read.data.value} etag={read.data.etag} channels={channels} onDone={onDone} onReload={() => void read.refetch()} />;
}

function PaymentForm({ method, etag, channels, onDone, onReload }: FormProps<PaymentMethod> & { channels: Channel[] }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [form, setForm] = useState(commonOf(method));
  const [offeredIn, setOfferedIn] = useState<number[]>(method.channels);
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const set = (f: Partial<CommonForm>) => setForm({ ...form, ...f });
  const save = useMutation({
    mutationFn: (body: Schemas["updateAdminPaymentMethodBody"]) =>
      ok(adminApi.PATCH("/api/admin/settings/payment-methods/{id}", { params: { path: { id: method.id }, header: ifMatch(etag) }, body })),
    onSuccess: async (saved) => {
      notify(`${saved.title} saved${saved.active ? "" : ": not offered at checkout"}.`);
      await client.invalidateQueries({ queryKey: paymentKey });
      onDone();
    },
  });
  const submit = () => {
    const checked = check(z.object(METHOD_FIELDS), { title: form.title, active: form.active, sortOrder: form.sortOrder });
    setLocal(checked.errors);
    if (checked.errors) return;
    save.mutate({ ...checked.value, description: form.description.trim() || null, channels: offeredIn });
  };
  const errors = (field: string) => errorsFor(field, local, save.error);
  const toggle = (id: number) => setOfferedIn(offeredIn.includes(id) ? offeredIn.filter((c) => c !== id) : [...offeredIn, id]);
  return (
    <form className="ap-card ap-form ap-st-method" aria-label={`Edit ${method.title}`} onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <h3 className="ap-wide">{method.title} <code>{method.code}</code> <span className="ap-muted">{method.offsite ? "paid on the provider's page" : "paid at the store"}</span></h3>
      <CommonFields form={form} set={set} errors={errors} />
      <fieldset className="ap-wide ap-st-plain">
        <legend className="ap-label">Offered in channels</legend>
        <div className="ap-st-channels">
          {channels.map((c) => (
            <label key={c.id} className="ap-st-check"><input type="checkbox" checked={offeredIn.includes(c.id)} onChange={() => toggle(c.id)} />{c.name}</label>
          ))}
        </div>
        {errors("channels")?.map((m) => <p key={m} className="ap-field-error">{m}</p>)}
      </fieldset>
      <div className="ap-wide ap-actions">
        <button type="submit" disabled={save.isPending}>{save.isPending ? "Saving…" : `Save ${method.title}`}</button>
        <button type="button" className="ap-secondary" onClick={onDone}>Cancel</button>
        <Refused error={save.error} onReload={onReload} />
      </div>
    </form>
  );
}
