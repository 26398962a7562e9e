"use client";
// A customer's address book from the back office: list, add, edit (read with its version, saved with If-Match) and
// delete after an in-page question. The store's address rules (a known country, its state, a street) are the API's;
// its field errors show under the fields.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AddressInput } from "../../../addresses/shapes";
import { adminApi, ifMatch, ok, versioned, type Schemas } from "../client";
import { ErrorNotice, Field, Loading } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { check, errorsFor, type FieldErrors } from "../form";
import { addressesKey, customerKey, fullName, type Customer } from "./customer-data";

type Address = Schemas["AdminCustomerAddress"];
type AddressBody = Schemas["updateAdminCustomerAddressBody"];

interface Draft {
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  defaultAddress: boolean;
}

const draftOf = (a: Address | undefined, c: Customer): Draft => ({
  firstName: a?.firstName ?? c.firstName,
  lastName: a?.lastName ?? c.lastName,
  companyName: a?.companyName ?? "",
  phone: a?.phone ?? c.phone ?? "",
  address1: a?.address1 ?? "",
  address2: a?.address2 ?? "",
  city: a?.city ?? "",
  state: a?.state ?? "",
  postcode: a?.postcode ?? "",
  country: a?.country ?? "",
  defaultAddress: a?.defaultAddress ?? false,
});

/** The body the API takes; blank optional lines are left out rather than sent empty. */
const bodyOf = (d: Draft): AddressBody => {
  const body: AddressBody = {
    firstName: d.firstName,
    lastName: d.lastName,
    address1: d.address1,
    city: d.city,
    postcode: d.postcode,
    country: d.country,
    defaultAddress: d.defaultAddress,
  };
  if (d.companyName.trim()) body.companyName = d.companyName;
  if (d.phone.trim()) body.phone = d.phone;
  if (d.address2.trim()) body.address2 = d.address2;
  if (d.state.trim()) body.state = d.state;
  return body;
};

const oneLine = (a: Address) => [a.address1, a.address2, a.city, a.state, a.postcode, a.country].filter(Boolean).join(", ");

export function AddressBook({ customer, editable }: { customer: Customer; editable: boolean }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [open, setOpen] = useState<number | "new" | null>(null);
  const addresses = useQuery({
    queryKey: addressesKey(customer.id),
    queryFn: () => ok(adminApi.GET("/api/admin/customers/addresses", { params: { query: { customer_id: customer.id, per_page: 50 } } })),
  });
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: addressesKey(customer.id) }), client.invalidateQueries({ queryKey: customerKey(customer.id), exact: true })]);
  const remove = useMutation({
    mutationFn: async (a: Address) => {
      const { etag } = await versioned(adminApi.GET("/api/admin/customers/addresses/{id}", { params: { path: { id: a.id } } }));
      return ok(adminApi.DELETE("/api/admin/customers/addresses/{id}", { params: { path: { id: a.id }, header: ifMatch(etag) } }));
    },
    onSuccess: (_, a) => {
      notify(`Address ${oneLine(a)} deleted.`);
      if (open === a.id) setOpen(null);
      return refresh();
    },
  });
  const rows = addresses.data?.data ?? [];
  return (
    <section aria-labelledby="cu-addresses-title">
      <h2 id="cu-addresses-title">Addresses ({rows.length})</h2>
      <ErrorNotice error={remove.error} />
      {addresses.isPending ? (
        <Loading what="addresses" />
      ) : addresses.isError ? (
        <ErrorNotice error={addresses.error} />
      ) : (
        <ul className="cu-addresses">
          {rows.length === 0 && <li className="ap-muted">{fullName(customer)} has no saved address.</li>}
          {rows.map((a) => (
            <li key={a.id} className="ap-card cu-address" data-testid={`address-${a.id}`}>
              {open === a.id ? (
                <EditAddress customer={customer} address={a} onDone={() => setOpen(null)} onSaved={refresh} />
              ) : (
                <>
                  <address>
                    <strong>{a.name}</strong>
                    {a.companyName && <>, {a.companyName}</>}
                    {a.defaultAddress && <> <span className="ap-badge active">default</span></>}
                    <br />
                    {a.address1}
                    {a.address2 && <>, {a.address2}</>}
                    <br />
                    {a.postcode} {a.city}
                    {a.state && <>, {a.state}</>} · {a.country}
                    {a.phone && <><br />{a.phone}</>}
                  </address>
                  {editable && (
                    <div className="ap-actions">
                      <button type="button" className="ap-secondary" aria-label={`Edit address ${oneLine(a)}`} onClick={() => setOpen(a.id)}>Edit</button>
                      <ConfirmButton
                        label={`Delete ${a.address1}`}
                        question={`Delete ${oneLine(a)} from ${fullName(customer)}'s address book?`}
                        confirmLabel="Yes, delete it"
                        disabled={remove.isPending}
                        onConfirm={() => remove.mutate(a)}
                      />
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable &&
        (open === "new" ? (
          <AddAddress customer={customer} onDone={() => setOpen(null)} onSaved={refresh} />
        ) : (
          <button type="button" className="ap-secondary" onClick={() => setOpen("new")}>Add an address</button>
        ))}
    </section>
  );
}

function AddAddress({ customer, onDone, onSaved }: { customer: Customer; onDone: () => void; onSaved: () => Promise<unknown> }) {
  const notify = useNotify();
  const add = useMutation({
    mutationFn: (body: AddressBody) => ok(adminApi.POST("/api/admin/customers/addresses", { body: { ...body, customerId: customer.id } })),
    onSuccess: (a) => {
      notify(`Address ${oneLine(a)} added to ${fullName(customer)}'s address book.`);
      onDone();
      return onSaved();
    },
  });
  return <AddressForm title="New address" initial={draftOf(undefined, customer)} mutation={add} submitLabel="Add address" onCancel={onDone} />;
}

function EditAddress({ customer, address, onDone, onSaved }: { customer: Customer; address: Address; onDone: () => void; onSaved: () => Promise<unknown> }) {
  const notify = useNotify();
  const one = useQuery({
    queryKey: [...addressesKey(customer.id), address.id],
    queryFn: () => versioned(adminApi.GET("/api/admin/customers/addresses/{id}", { params: { path: { id: address.id } } })),
  });
  const save = useMutation({
    mutationFn: (body: AddressBody) => ok(adminApi.PATCH("/api/admin/customers/addresses/{id}", { params: { path: { id: address.id }, header: ifMatch(one.data?.etag) }, body })),
    onSuccess: (a) => {
      notify(`Address ${oneLine(a)} saved.`);
      onDone();
      return onSaved();
    },
  });
  if (one.isPending) return <Loading what="the address" />;
  if (one.isError) return <ErrorNotice error={one.error} />;
  return <AddressForm title={`Edit ${oneLine(one.data.value)}`} initial={draftOf(one.data.value, customer)} mutation={save} submitLabel="Save address" onCancel={onDone} />;
}

interface FormProps {
  title: string;
  initial: Draft;
  mutation: { mutate: (body: AddressBody) => void; isPending: boolean; error: unknown };
  submitLabel: string;
  onCancel: () => void;
}

function AddressForm({ title, initial, mutation, submitLabel, onCancel }: FormProps) {
  const [draft, setDraft] = useState(initial);
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const err = (field: string) => errorsFor(field, local, mutation.error);
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const text = (name: keyof Draft, label: string, props: { maxLength: number; autoComplete?: string; hint?: string }) => (
    <Field label={label} hint={props.hint} error={err(name)}>
      <input name={name} value={draft[name] as string} autoComplete={props.autoComplete ?? "off"} maxLength={props.maxLength} onChange={(e) => set({ [name]: e.target.value })} />
    </Field>
  );
  return (
    <form
      className="ap-card cu-address-form"
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        const body = bodyOf(draft);
        const checked = check(AddressInput, body);
        setLocal(checked.errors);
        if (!checked.errors) mutation.mutate(body);
      }}
    >
      <h3>{title}</h3>
      <div className="ap-form">
        {text("firstName", "First name", { maxLength: 100 })}
        {text("lastName", "Last name", { maxLength: 100 })}
        {text("companyName", "Company", { maxLength: 255, hint: "Optional." })}
        {text("phone", "Phone", { maxLength: 40, hint: "Optional." })}
        {text("address1", "Street address", { maxLength: 255 })}
        {text("address2", "Address line 2", { maxLength: 255, hint: "Optional: suite, floor…" })}
        {text("city", "City", { maxLength: 100 })}
        {text("postcode", "Postcode", { maxLength: 20 })}
        {text("country", "Country", { maxLength: 2, hint: "Two-letter code, e.g. US, FR." })}
        {text("state", "State or region", { maxLength: 100, hint: "Its code where the country has states, e.g. CA." })}
        <label className="cu-check ap-wide">
          <input type="checkbox" name="defaultAddress" checked={draft.defaultAddress} onChange={(e) => set({ defaultAddress: e.target.checked })} /> Their default address
        </label>
      </div>
      <div className="ap-actions">
        <button type="submit" disabled={mutation.isPending}>{mutation.isPending ? "Saving…" : submitLabel}</button>
        <button type="button" className="ap-secondary" onClick={onCancel}>Cancel</button>
        <ErrorNotice error={mutation.error} />
      </div>
    </form>
  );
}
