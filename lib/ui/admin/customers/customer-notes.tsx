"use client";
// The store's notes on one customer: who wrote each and when, the newest first; a role that may edit customers adds
// one (and may have it mailed to the customer) and deletes one after an in-page question. A note is never edited:
// what was mailed stays what was written. The author is whoever is signed in; the API takes it from the session.
import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CustomerNoteInput, NOTE_MAX } from "../../../admin/customers/note-input";
import { isErasedEmail } from "../../../gdpr/erased";
import { ApiError } from "../../api-error";
import { adminApi, ok, type Schemas } from "../client";
import { ErrorNotice, Field, Loading, when } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { check, errorsFor, type FieldErrors } from "../form";
import { fullName, notesKey, type Customer } from "./customer-data";

type Note = Schemas["AdminCustomerNote"];

const PER_PAGE = 20;

/** The first words of a note, to name it in a question or a button. */
const excerpt = (n: Note) => (n.note.length > 40 ? `${n.note.slice(0, 40).trimEnd()}…` : n.note);

export function CustomerNotes({ customer, editable }: { customer: Customer; editable: boolean }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const notes = useQuery({
    queryKey: [...notesKey(customer.id), page],
    queryFn: () => ok(adminApi.GET("/api/admin/customers/notes", { params: { query: { customer_id: customer.id, per_page: PER_PAGE, page } } })),
    placeholderData: (previous) => previous,
  });
  const refresh = () => client.invalidateQueries({ queryKey: notesKey(customer.id) });
  const remove = useMutation({
    mutationFn: (n: Note) => ok(adminApi.DELETE("/api/admin/customers/notes/{id}", { params: { path: { id: n.id } } })),
    onSuccess: (_, n) => {
      notify(`Note “${excerpt(n)}” deleted.`);
      return refresh();
    },
  });
  const rows = notes.data?.data ?? [];
  const meta = notes.data?.meta;
  return (
    <section aria-labelledby="cu-staff-notes-title">
      <h2 id="cu-staff-notes-title">Notes{meta ? ` (${meta.total})` : ""}</h2>
      {editable && <AddNote customer={customer} onAdded={() => { setPage(1); return refresh(); }} />}
      <ErrorNotice error={remove.error} />
      {notes.isPending ? (
        <Loading what="notes" />
      ) : notes.isError ? (
        <ErrorNotice error={notes.error} />
      ) : rows.length === 0 ? (
        <p className="ap-muted">No notes on {fullName(customer)} yet.</p>
      ) : (
        <ul className="cu-notes" aria-label={`Notes on ${fullName(customer)}, newest first`}>
          {rows.map((n) => (
            <li key={n.id} className="ap-card cu-note" data-testid={`note-${n.id}`}>
              <p className="cu-note-text">{n.note}</p>
              <p className="ap-muted cu-note-by">
                {n.authorName}
                {n.authorId === null && " (no longer an admin)"} · <time dateTime={n.createdAt}>{when(n.createdAt)}</time>
                {n.customerNotified && <> · <span className="ap-badge active">mailed to the customer</span></>}
              </p>
              {editable && (
                <ConfirmButton
                  label="Delete note"
                  question={`Delete the note “${excerpt(n)}” by ${n.authorName}?${n.customerNotified ? " The mail the customer got stays sent." : ""}`}
                  confirmLabel="Yes, delete it"
                  disabled={remove.isPending}
                  onConfirm={() => remove.mutate(n)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {meta && meta.lastPage > 1 && (
        <div className="ap-actions" role="group" aria-label="Pages of notes">
          <button type="button" className="ap-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>Newer notes</button>
          <span>Page {meta.currentPage} of {meta.lastPage}</span>
          <button type="button" className="ap-secondary" disabled={page >= meta.lastPage} onClick={() => setPage(page + 1)}>Older notes</button>
        </div>
      )}
    </section>
  );
}

function AddNote({ customer, onAdded }: { customer: Customer; onAdded: () => Promise<unknown> }) {
  const notify = useNotify();
  const [note, setNote] = useState("");
  const [notifyCustomer, setNotifyCustomer] = useState(false);
  const [local, setLocal] = useState<FieldErrors | null>(null);
  // An erased customer's address is no one's: nothing is mailed to it, so it is not offered.
  const mailable = !isErasedEmail(customer.email);
  const add = useMutation({
    mutationFn: (body: Schemas["createAdminCustomerNoteInput"]) => ok(adminApi.POST("/api/admin/customers/notes", { body })),
    onSuccess: (n) => {
      notify(n.customerNotified ? `Note added and mailed to ${customer.email}.` : `Note added to ${fullName(customer)}.`);
      setNote("");
      setNotifyCustomer(false);
      return onAdded();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = check(CustomerNoteInput, { customerId: customer.id, note, notifyCustomer: mailable && notifyCustomer });
    setLocal(checked.errors);
    if (checked.value) add.mutate(checked.value);
  };
  // The errors the fields show are not repeated above the button; any other (a customer deleted meanwhile) is.
  const fieldErrors = add.error instanceof ApiError && Object.keys(add.error.fields).length > 0 && Object.keys(add.error.fields).every((f) => f === "note" || f === "notifyCustomer");
  return (
    <form className="ap-card cu-note-form" aria-label={`Add a note on ${fullName(customer)}`} onSubmit={submit} noValidate>
      <Field label="New note" hint={`At most ${NOTE_MAX} characters. Other admins see who wrote it and when.`} error={errorsFor("note", local, add.error)}>
        <textarea name="note" rows={3} value={note} maxLength={NOTE_MAX} onChange={(e) => setNote(e.target.value)} />
      </Field>
      {mailable ? (
        <div className="ap-field">
          <label className="cu-check">
            <input type="checkbox" name="notifyCustomer" checked={notifyCustomer} onChange={(e) => setNotifyCustomer(e.target.checked)} /> Mail this note to the customer
          </label>
          <span className="ap-hint">It is sent to {customer.email} as written, without your name.</span>
          {errorsFor("notifyCustomer", local, add.error)?.map((m) => <span key={m} className="ap-field-error">{m}</span>)}
        </div>
      ) : (
        <p className="ap-muted">Their personal data was erased: a note cannot be mailed to them.</p>
      )}
      <div className="ap-actions">
        <button type="submit" disabled={add.isPending}>{add.isPending ? "Adding…" : "Add note"}</button>
        <ErrorNotice error={fieldErrors ? null : add.error} />
      </div>
    </form>
  );
}
