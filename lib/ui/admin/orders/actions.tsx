"use client";
// What the back office does to an order, one form panel per move: a button for each move the order's
// `allowedEvents` offers that the signed-in role may make (the permission of the operation behind it), a panel that
// asks for what the move takes, checked with the operation's own input schema (lib/admin/sales/order-action-input.ts),
// the server's refusal next to its fields, and on success a notice and the order as the server now has it. Every move
// (and a comment) is sent with the version of the order shown (`If-Match`), and the next one with the version the
// answer carries: when someone changed the order meanwhile the server refuses (412), the panel says so and reads
// the order again, rather than acting on what the screen showed.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  CommentOrderInput, InvoiceOrderInput, OrderNoteInput, RefundOrderInput, ShipOrderInput,
} from "../../../admin/sales/order-action-input";
import { ApiError } from "../../api-error";
import { can, useSignedIn } from "../api";
import { adminApi, ifMatch, versioned, type Schemas, type Versioned } from "../client";
import { ErrorNotice, Field } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { check, errorsFor, type FieldErrors } from "../form";
import { ordersKey } from "./list";
import { money, orderName, statusText, topLines, type Order, type OrderLine } from "./format";

type ActionKey = "invoice" | "pay" | "ship" | "deliver" | "refund" | "hold" | "release" | "cancel" | "fail" | "markFraud";

interface ActionSpec {
  key: ActionKey;
  /** The move of `allowedEvents` it makes. */
  event: string;
  /** The `access` of the operation behind it (lib/admin/sales/order-actions.ts). */
  permission: string;
  label: string;
  danger?: boolean;
}

const ACTIONS: ActionSpec[] = [
  { key: "invoice", event: "pay", permission: "sales.invoices.create", label: "Invoice" },
  { key: "pay", event: "pay", permission: "sales.invoices.create", label: "Mark paid" },
  { key: "ship", event: "ship", permission: "sales.shipments.create", label: "Ship" },
  { key: "deliver", event: "deliver", permission: "sales.shipments.create", label: "Mark delivered" },
  { key: "refund", event: "refund", permission: "sales.refunds.create", label: "Refund" },
  { key: "hold", event: "hold", permission: "sales.orders.edit", label: "Hold" },
  { key: "release", event: "release", permission: "sales.orders.edit", label: "Release" },
  { key: "cancel", event: "cancel", permission: "sales.orders.cancel", label: "Cancel order", danger: true },
  { key: "fail", event: "fail", permission: "sales.orders.cancel", label: "Payment failed", danger: true },
  { key: "markFraud", event: "markFraud", permission: "sales.orders.edit", label: "Mark as fraud", danger: true },
];

/** The order at the version shown: its id in the path, its ETag as `If-Match`. */
const at = (id: number, etag: string | null) => ({ params: { path: { id }, header: ifMatch(etag) } });

/** Each move's call, its body as the operation takes it; each answers the order as the server has it after, and its version. */
const CALLS = {
  invoice: (id: number, etag: string | null, body: Schemas["invoiceAdminOrderBody"]) => versioned(adminApi.POST("/api/admin/sales/orders/{id}/invoices", { ...at(id, etag), body })),
  pay: (id: number, etag: string | null) => versioned(adminApi.POST("/api/admin/sales/orders/{id}/pay", at(id, etag))),
  ship: (id: number, etag: string | null, body: Schemas["shipAdminOrderBody"]) => versioned(adminApi.POST("/api/admin/sales/orders/{id}/shipments", { ...at(id, etag), body })),
  deliver: (id: number, etag: string | null, body: Schemas["deliverAdminOrderBody"]) => versioned(adminApi.POST("/api/admin/sales/orders/{id}/deliver", { ...at(id, etag), body })),
  refund: (id: number, etag: string | null, body: Schemas["refundAdminOrderBody"]) => versioned(adminApi.POST("/api/admin/sales/orders/{id}/refunds", { ...at(id, etag), body })),
  hold: (id: number, etag: string | null, body: Schemas["holdAdminOrderBody"]) => versioned(adminApi.POST("/api/admin/sales/orders/{id}/hold", { ...at(id, etag), body })),
  release: (id: number, etag: string | null, body: Schemas["releaseAdminOrderBody"]) => versioned(adminApi.POST("/api/admin/sales/orders/{id}/release", { ...at(id, etag), body })),
  cancel: (id: number, etag: string | null, body: Schemas["cancelAdminOrderBody"]) => versioned(adminApi.POST("/api/admin/sales/orders/{id}/cancel", { ...at(id, etag), body })),
  fail: (id: number, etag: string | null, body: Schemas["failAdminOrderBody"]) => versioned(adminApi.POST("/api/admin/sales/orders/{id}/fail", { ...at(id, etag), body })),
  markFraud: (id: number, etag: string | null, body: Schemas["markFraudAdminOrderBody"]) => versioned(adminApi.POST("/api/admin/sales/orders/{id}/mark-fraud", { ...at(id, etag), body })),
} satisfies Record<ActionKey, (id: number, etag: string | null, body: never) => Promise<Versioned<Order>>>;

type Call<B> = (id: number, etag: string | null, body: B) => Promise<Versioned<Order>>;

/** What a 412 says: the order shown is not the order any more. */
const CHANGED = "This order was changed meanwhile, so nothing was done. It has been reloaded: check it, then try again.";

const isStale = (e: unknown) => e instanceof ApiError && e.status === 412;

/**
 * A call on the order shown whose 412 becomes CHANGED, said in the page (and in the notice, which stays should the
 * move no longer be offered), and the order read again with its documents, so that the next try is on its new version.
 */
function useVersionedCall(order: Order) {
  const client = useQueryClient();
  const notify = useNotify();
  return {
    send: <T,>(call: Promise<T>): Promise<T> => call.catch((e: unknown) => { throw isStale(e) ? new ApiError(CHANGED, 412) : e; }),
    onError: (e: unknown) => {
      if (!isStale(e)) return;
      notify(CHANGED, "error");
      return client.invalidateQueries({ queryKey: [...ordersKey, order.id] });
    },
  };
}

/** What happened, said after the server answered. */
function told(before: Order, after: Order, key: ActionKey, body: { carrierTitle?: string; trackNumber?: string }): string {
  const name = `Order #${after.incrementId}`;
  const money$ = (n: number) => money(n, after.orderCurrencyCode);
  switch (key) {
    case "invoice": return `${name} invoiced: invoice #${after.invoiceIds.at(-1)}, ${money$(after.grandTotalInvoiced - before.grandTotalInvoiced)}. Status: ${statusText(after.status)}.`;
    case "pay": return `${name} marked paid: ${money$(after.grandTotalInvoiced - before.grandTotalInvoiced)} invoiced. Status: ${statusText(after.status)}.`;
    case "ship": return `${name} shipped with ${body.carrierTitle}, tracking number ${body.trackNumber} (shipment #${after.shipmentIds.at(-1)}).`;
    case "deliver": return `${name} marked delivered.`;
    case "refund": return `Refund #${after.refundIds.at(-1)} of ${money$(after.grandTotalRefunded - before.grandTotalRefunded)} booked for ${orderName(after)}. Status: ${statusText(after.status)}.`;
    case "hold": return `${name} is on hold: nothing moves it until it is released.`;
    case "release": return `${name} released: it is ${statusText(after.status)} again.`;
    case "cancel": return `${name} canceled: its units are back in stock.`;
    case "fail": return `${name} marked as failed: its units are back in stock.`;
    case "markFraud": return `${name} marked as fraud.`;
  }
}

/** The order's move as a mutation: on success, the notice, the order (and its version) refreshed everywhere, and `done`. */
function useOrderMove<B extends object>(order: Order, etag: string | null, key: ActionKey, call: Call<B>, done: () => void) {
  const client = useQueryClient();
  const notify = useNotify();
  const versionedCall = useVersionedCall(order);
  return useMutation({
    mutationFn: (body: B) => versionedCall.send(call(order.id, etag, body)),
    onError: versionedCall.onError,
    onSuccess: (after, body) => {
      client.setQueryData([...ordersKey, order.id], after);
      notify(told(order, after.value, key, body));
      done();
      return client.invalidateQueries({ queryKey: ordersKey });
    },
  });
}

/** The moves this order offers the signed-in admin, and the panel of the one chosen. */
export function OrderActions({ order, etag }: { order: Order; etag: string | null }) {
  const session = useSignedIn();
  const [open, setOpen] = useState<ActionKey | null>(null);
  const offered = ACTIONS.filter((a) => order.allowedEvents.includes(a.event) && can(session, a.permission));
  const chosen = offered.find((a) => a.key === open);
  if (!offered.length) {
    return <p className="ap-muted">{order.allowedEvents.length ? "Your role cannot move this order." : `Nothing moves a ${statusText(order.status)} order any more.`}</p>;
  }
  return (
    <>
      <div className="ap-actions ap-order-moves" role="group" aria-label={`Actions on ${orderName(order)}`}>
        {offered.map((a) => (
          <button
            key={a.key}
            type="button"
            className={a.danger ? "ap-danger" : open === a.key ? "" : "ap-secondary"}
            aria-expanded={open === a.key}
            aria-controls="ap-order-move"
            onClick={() => setOpen(open === a.key ? null : a.key)}
          >
            {a.label}
          </button>
        ))}
      </div>
      {chosen && <MovePanel key={chosen.key} order={order} etag={etag} action={chosen} onClose={() => setOpen(null)} />}
    </>
  );
}

function MovePanel({ order, etag, action, onClose }: { order: Order; etag: string | null; action: ActionSpec; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const props = { order, etag, action, onDone: onClose };
  return (
    <section id="ap-order-move" className="ap-card ap-order-move" aria-labelledby="ap-order-move-title">
      <h2 id="ap-order-move-title" ref={heading} tabIndex={-1}>
        {action.label}: {orderName(order)}
      </h2>
      {action.key === "invoice" ? <InvoiceForm {...props} />
        : action.key === "ship" ? <ShipForm {...props} />
        : action.key === "refund" ? <RefundForm {...props} />
        : action.key === "pay" ? <PayForm {...props} />
        : <NoteForm {...props} />}
      <button type="button" className="ap-link" onClick={onClose}>Close</button>
    </section>
  );
}

interface FormProps {
  order: Order;
  /** The version of the order shown, sent as `If-Match`. */
  etag: string | null;
  action: ActionSpec;
  onDone: () => void;
}

/** A form's check with the operation's schema and the server's answer, field by field. */
function useChecked<S extends z.ZodType<object>>(schema: S, order: Order, etag: string | null, key: ActionKey, call: Call<z.output<S>>, onDone: () => void) {
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const move = useOrderMove(order, etag, key, call, onDone);
  const submit = (value: unknown) => {
    const checked = check(schema, value);
    setLocal(checked.errors);
    if (checked.errors) return;
    move.reset();
    move.mutate(checked.value);
  };
  const errors = (field: string) => errorsFor(field, local, move.error);
  // A refusal that names no field of the form is shown as the form's message.
  const general = move.error instanceof ApiError && Object.keys(move.error.fields).length ? null : move.error;
  return { move, submit, errors, general, setLocal };
}

type Quantities = Record<number, string>;

/** The lines a form moves (those with something `left`) and how many of each, as the person typed them. */
function useQuantities(order: Order, left: (l: OrderLine) => number, initial: (l: OrderLine) => number) {
  const lines = topLines(order).filter((l) => left(l) > 0);
  const [qty, setQty] = useState<Quantities>(() => Object.fromEntries(lines.map((l) => [l.id, String(initial(l))])));
  /** The `items` to send: the lines with a quantity, in the order shown. */
  const items = lines.filter((l) => (qty[l.id] ?? "").trim() !== "" && qty[l.id].trim() !== "0").map((l) => ({ orderItemId: l.id, qty: qty[l.id].trim() }));
  return { lines, qty, setQty, items };
}

/** One quantity field per line, with the errors of its place in the `items` sent. */
function LineQuantities({ lines, qty, setQty, left, verb, sent, errors }: {
  lines: OrderLine[]; qty: Quantities; setQty: (q: Quantities) => void; left: (l: OrderLine) => number; verb: string;
  sent: { orderItemId: number }[]; errors: (field: string) => string[] | undefined;
}) {
  return (
    <fieldset className="ap-wide ap-order-lines">
      <legend>Quantities to {verb}</legend>
      {errors("items")?.map((m) => <p key={m} className="ap-field-error">{m}</p>)}
      {lines.map((l) => {
        const at = sent.findIndex((s) => s.orderItemId === l.id);
        const lineErrors = at < 0 ? undefined : [...(errors(`items.${at}.qty`) ?? []), ...(errors(`items.${at}.orderItemId`) ?? [])];
        return (
          <Field key={l.id} label={`${l.name} (${l.sku})`} hint={`${left(l)} of ${l.qtyOrdered} left to ${verb}`} error={lineErrors?.length ? lineErrors : undefined}>
            <input
              name={`qty-${l.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={left(l)}
              step={1}
              value={qty[l.id] ?? ""}
              onChange={(e) => setQty({ ...qty, [l.id]: e.target.value })}
            />
          </Field>
        );
      })}
    </fieldset>
  );
}

function Submit({ pending, children }: { pending: boolean; children: ReactNode }) {
  return <button type="submit" disabled={pending}>{pending ? "Working…" : children}</button>;
}

function InvoiceForm({ order, etag, onDone }: FormProps) {
  const form = useChecked(InvoiceOrderInput, order, etag, "invoice", CALLS.invoice, onDone);
  const lines = useQuantities(order, (l) => l.qtyToInvoice, (l) => l.qtyToInvoice);
  const [sent, setSent] = useState(lines.items);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(lines.items);
    form.submit({ items: lines.items });
  };
  return (
    <form className="ap-form" aria-label={`Invoice ${orderName(order)}`} onSubmit={submit} noValidate>
      <p className="ap-wide ap-muted">Invoices the units below (all that is left, unless you change them). The first invoice carries the shipping.</p>
      <LineQuantities {...lines} left={(l) => l.qtyToInvoice} verb="invoice" sent={sent} errors={form.errors} />
      <ErrorNotice error={form.general} />
      <div className="ap-wide ap-actions"><Submit pending={form.move.isPending}>Create invoice</Submit></div>
    </form>
  );
}

function PayForm({ order, etag, onDone }: FormProps) {
  const move = useOrderMove(order, etag, "pay", (id: number, version: string | null, _body: object) => CALLS.pay(id, version), onDone);
  const left = topLines(order).reduce((a, l) => a + l.qtyToInvoice, 0);
  return (
    <form className="ap-form" aria-label={`Mark ${orderName(order)} paid`} onSubmit={(e) => { e.preventDefault(); move.mutate({}); }}>
      <p className="ap-wide">
        Everything left to invoice ({left} {left === 1 ? "unit" : "units"}) is invoiced at once and the order counts as paid; a card
        payment only authorized so far is captured first.
      </p>
      <ErrorNotice error={move.error} />
      <div className="ap-wide ap-actions"><Submit pending={move.isPending}>Mark paid</Submit></div>
    </form>
  );
}

function ShipForm({ order, etag, onDone }: FormProps) {
  const form = useChecked(ShipOrderInput, order, etag, "ship", CALLS.ship, onDone);
  const lines = useQuantities(order, (l) => l.qtyToShip, (l) => l.qtyToShip);
  const [sent, setSent] = useState(lines.items);
  const [carrier, setCarrier] = useState({ carrierTitle: "", carrierCode: "", trackNumber: "" });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(lines.items);
    form.submit({ ...carrier, items: lines.items });
  };
  return (
    <form className="ap-form" aria-label={`Ship ${orderName(order)}`} onSubmit={submit} noValidate>
      <Field label="Carrier" hint="As the customer will read it, e.g. UPS" error={form.errors("carrierTitle")}>
        <input name="carrierTitle" value={carrier.carrierTitle} onChange={(e) => setCarrier({ ...carrier, carrierTitle: e.target.value })} maxLength={255} />
      </Field>
      <Field label="Tracking number" error={form.errors("trackNumber")}>
        <input name="trackNumber" value={carrier.trackNumber} onChange={(e) => setCarrier({ ...carrier, trackNumber: e.target.value })} maxLength={255} />
      </Field>
      <Field label="Carrier code" hint="Optional: the carrier's code in your systems" error={form.errors("carrierCode")}>
        <input name="carrierCode" value={carrier.carrierCode} onChange={(e) => setCarrier({ ...carrier, carrierCode: e.target.value })} maxLength={60} />
      </Field>
      <LineQuantities {...lines} left={(l) => l.qtyToShip} verb="ship" sent={sent} errors={form.errors} />
      <ErrorNotice error={form.general} />
      <div className="ap-wide ap-actions"><Submit pending={form.move.isPending}>Create shipment</Submit></div>
    </form>
  );
}

const AMOUNTS = [
  { key: "shipping", label: "Shipping to refund", hint: "Of the shipping invoiced" },
  { key: "adjustmentRefund", label: "Adjustment refund", hint: "An extra amount given back" },
  { key: "adjustmentFee", label: "Adjustment fee", hint: "An amount kept back" },
] as const;

function RefundForm({ order, etag, onDone }: FormProps) {
  const form = useChecked(RefundOrderInput, order, etag, "refund", CALLS.refund, onDone);
  const lines = useQuantities(order, (l) => l.qtyToRefund, () => 0);
  const [sent, setSent] = useState(lines.items);
  const [amounts, setAmounts] = useState<Record<(typeof AMOUNTS)[number]["key"], string>>({ shipping: "", adjustmentRefund: "", adjustmentFee: "" });
  const given = Object.fromEntries(Object.entries(amounts).filter(([, v]) => v.trim() !== "").map(([k, v]) => [k, v.trim()]));
  const number = (k: keyof typeof amounts) => Number(amounts[k]) || 0;
  const total =
    lines.items.reduce((a, i) => a + (lines.lines.find((l) => l.id === i.orderItemId)?.price ?? 0) * (Number(i.qty) || 0), 0) +
    number("shipping") + number("adjustmentRefund") - number("adjustmentFee");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(lines.items);
    // Sent without lines or amounts, a refund takes back everything left: the form asks for a choice instead.
    if (!lines.items.length && !(Number(given.shipping) > 0 || Number(given.adjustmentRefund) > 0)) {
      form.setLocal({ items: ["Choose the units or an amount to refund."] });
      return;
    }
    form.submit({ ...(lines.items.length ? { items: lines.items } : {}), ...given });
  };
  return (
    <form className="ap-form" aria-label={`Refund ${orderName(order)}`} onSubmit={submit} noValidate>
      <p className="ap-wide ap-muted">
        Only invoiced units are refunded, up to {money(order.grandTotalInvoiced - order.grandTotalRefunded, order.orderCurrencyCode)} in all.
        {order.paymentTransactions.some((t) => t.kind === "capture" && !t.offline) ? " The money goes back through the payment provider." : " The store pays it back itself (an offline payment)."}
      </p>
      <LineQuantities {...lines} left={(l) => l.qtyToRefund} verb="refund" sent={sent} errors={form.errors} />
      {AMOUNTS.map((a) => (
        <Field key={a.key} label={a.label} hint={a.hint} error={form.errors(a.key)}>
          <input name={a.key} type="number" inputMode="decimal" min={0} step="0.01" value={amounts[a.key]} onChange={(e) => setAmounts({ ...amounts, [a.key]: e.target.value })} />
        </Field>
      ))}
      <p className="ap-wide" aria-live="polite">Refund total: <strong>{money(total, order.orderCurrencyCode)}</strong></p>
      <ErrorNotice error={form.general} />
      <div className="ap-wide ap-actions"><Submit pending={form.move.isPending}>Refund</Submit></div>
    </form>
  );
}

type NoteKey = "deliver" | "hold" | "release" | "cancel" | "fail" | "markFraud";

/** What each note move says; the destructive ones, what their in-page confirmation asks. */
const NOTE: Record<NoteKey, { explain: string; ask?: { button: string; question: string; confirm: string } }> = {
  deliver: { explain: "The parcel reached the customer: the order becomes delivered." },
  hold: { explain: "Nothing moves an order on hold (no invoice, shipment or cancel) until it is released." },
  release: { explain: "The order goes back to pending, or to processing when money was taken for it." },
  cancel: { explain: "Every unit not yet shipped or refunded is canceled and goes back in stock.", ask: { button: "Cancel this order", question: "Cancel this order? This cannot be undone.", confirm: "Yes, cancel the order" } },
  fail: { explain: "The payment failed: the order's units go back to stock as a cancel's do, and it becomes failed.", ask: { button: "Record the failed payment", question: "Mark the payment failed? This cannot be undone.", confirm: "Yes, it failed" } },
  markFraud: { explain: "The order is marked as fraud and stops moving.", ask: { button: "Mark this order as fraud", question: "Mark this order as fraud?", confirm: "Yes, mark it as fraud" } },
};

/** The moves that take only a note for the history; the destructive ones ask in the page first. */
function NoteForm({ order, etag, action, onDone }: FormProps) {
  const form = useChecked(OrderNoteInput, order, etag, action.key, CALLS[action.key as NoteKey], onDone);
  const [comment, setComment] = useState("");
  const note = NOTE[action.key as NoteKey];
  const run = () => form.submit({ comment });
  return (
    <form className="ap-form" aria-label={`${action.label}: ${orderName(order)}`} onSubmit={(e) => { e.preventDefault(); if (!note.ask) run(); }}>
      <p className="ap-wide">{note.explain}</p>
      <Field label="Comment" hint="Optional: kept in the order's history" error={form.errors("comment")}>
        <textarea name="comment" rows={2} value={comment} onChange={(e) => setComment(e.target.value)} maxLength={5000} />
      </Field>
      <ErrorNotice error={form.general} />
      <div className="ap-wide ap-actions">
        {note.ask ? (
          <ConfirmButton label={note.ask.button} question={note.ask.question} confirmLabel={note.ask.confirm} disabled={form.move.isPending} onConfirm={run} />
        ) : (
          <Submit pending={form.move.isPending}>{action.label}</Submit>
        )}
      </div>
    </form>
  );
}

/** Adds a comment to the order's history (sales.orders.edit), at the version shown like a move: a comment changes the order too. */
export function CommentForm({ order, etag }: { order: Order; etag: string | null }) {
  const client = useQueryClient();
  const notify = useNotify();
  const versionedCall = useVersionedCall(order);
  const [comment, setComment] = useState("");
  const [customerNotified, setNotified] = useState(false);
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const add = useMutation({
    mutationFn: (body: Schemas["commentAdminOrderBody"]) => versionedCall.send(versioned(adminApi.POST("/api/admin/sales/orders/{id}/comments", { ...at(order.id, etag), body }))),
    // A comment refused as stale is kept in the field, to be sent again on the order reloaded.
    onError: versionedCall.onError,
    onSuccess: (after) => {
      client.setQueryData([...ordersKey, order.id], after);
      notify(`Comment added to ${orderName(after.value)}${customerNotified ? ", marked as told to the customer" : ""}.`);
      setComment("");
      setNotified(false);
      return client.invalidateQueries({ queryKey: ordersKey });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = check(CommentOrderInput, { comment, customerNotified });
    setLocal(checked.errors);
    if (checked.value) add.mutate(checked.value);
  };
  return (
    <form className="ap-form ap-card ap-order-comment" aria-label={`Comment on ${orderName(order)}`} onSubmit={submit} noValidate>
      <div className="ap-wide">
        <Field label="New comment" error={errorsFor("comment", local, add.error)}>
          <textarea name="comment" rows={3} value={comment} onChange={(e) => setComment(e.target.value)} maxLength={5000} />
        </Field>
      </div>
      <div className="ap-field ap-wide">
        <label className="ap-order-check">
          <input type="checkbox" name="customerNotified" checked={customerNotified} onChange={(e) => setNotified(e.target.checked)} />
          The customer was told
        </label>
        <span className="ap-hint">Records that the customer knows of it; the store sends no mail for a comment.</span>
      </div>
      <ErrorNotice error={add.error instanceof ApiError && Object.keys(add.error.fields).length ? null : add.error} />
      <div className="ap-wide ap-actions"><Submit pending={add.isPending}>Add comment</Submit></div>
    </form>
  );
}
