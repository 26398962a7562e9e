"use client";
// One return: the order it belongs to, the item and why it comes back, the customer's answers, the message thread
// with who wrote each message, a reply form, and the store's moves the return takes now (accept, await the package,
// mark it dispatched or received, cancel the items, solve, decline), each only when the state machine allows it and
// the admin's role may edit returns.
import { useState } from "react";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ReturnReplyInput } from "../../../admin/sales/return-reply-input";
import { can, useSignedIn } from "../api";
import { adminApi, ok } from "../client";
import { ErrorNotice, Field, Loading, when } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { check, errorsFor, type FieldErrors } from "../form";
import { DESTRUCTIVE, MOVE_HINTS, MOVE_LABELS, movesOf, pastOf, resolutionText, ReturnStatus, type Return, type StoreMove } from "./format";
import { returnsKey } from "./list";
import "./returns.css";

const path = (id: number) => ({ params: { path: { id } } });

/** Each move's own operation. */
const CALLS: Record<StoreMove, (id: number) => Promise<Return>> = {
  accept: (id) => ok(adminApi.POST("/api/admin/sales/returns/{id}/accept", path(id))),
  awaitPackage: (id) => ok(adminApi.POST("/api/admin/sales/returns/{id}/await-package", path(id))),
  markDispatched: (id) => ok(adminApi.POST("/api/admin/sales/returns/{id}/mark-dispatched", path(id))),
  markReceived: (id) => ok(adminApi.POST("/api/admin/sales/returns/{id}/mark-received", path(id))),
  cancelItems: (id) => ok(adminApi.POST("/api/admin/sales/returns/{id}/cancel-items", path(id))),
  solve: (id) => ok(adminApi.POST("/api/admin/sales/returns/{id}/solve", path(id))),
  decline: (id) => ok(adminApi.POST("/api/admin/sales/returns/{id}/decline", path(id))),
};

export function ReturnDetail() {
  const { id: raw } = useParams<{ id: string }>();
  const id = Number(raw);
  const session = useSignedIn();
  const r = useQuery({
    queryKey: [...returnsKey, id],
    queryFn: () => ok(adminApi.GET("/api/admin/sales/returns/{id}", path(id))),
    enabled: Number.isInteger(id) && id > 0,
  });
  const back = <p className="ap-return-back"><Link href="/admin/returns">← All returns</Link></p>;
  if (!Number.isInteger(id) || id <= 0) return <>{back}<h1>Return</h1><p className="ap-error" role="alert">There is no return {raw}.</p></>;
  if (r.isPending) return <>{back}<h1>Return #{id}</h1><Loading what="the return" /></>;
  if (r.isError) return <>{back}<h1>Return #{id}</h1><ErrorNotice error={r.error} /></>;
  const ret = r.data;
  const canEdit = can(session, "sales.returns.edit");
  return (
    <>
      {back}
      <h1>Return #{ret.id}</h1>
      <p className="ap-return-head">
        <ReturnStatus r={ret} /> Raised {when(ret.createdAt)} for{" "}
        <Link href={`/admin/orders/${ret.orderId}`}>order #{ret.orderIncrementId}</Link>
        {ret.isExpired && <span className="ap-muted"> · the return window has passed</span>}
      </p>
      {canEdit && <Moves ret={ret} />}
      <div className="ap-columns">
        <section aria-labelledby="ap-return-facts">
          <h2 id="ap-return-facts">The return</h2>
          <dl className="ap-dl">
            <dt>Order</dt>
            <dd><Link href={`/admin/orders/${ret.orderId}`}>#{ret.orderIncrementId}</Link></dd>
            <dt>Customer</dt>
            <dd>{ret.customerId === null ? "Guest" : `Customer #${ret.customerId}`}</dd>
            <dt>Resolution</dt>
            <dd>{resolutionText(ret.item.resolution)}</dd>
            <dt>Package</dt>
            <dd>{ret.packageCondition ?? "—"}</dd>
            <dt>Last change</dt>
            <dd>{when(ret.updatedAt)}</dd>
            {ret.customAttributes.map((a) => (
              <div key={a.field_id} className="ap-return-pair">
                <dt>{a.label}</dt>
                <dd>{a.value ?? "—"}</dd>
              </div>
            ))}
          </dl>
          {ret.information && (
            <>
              <h3 className="ap-return-h3">What the customer wrote</h3>
              <p className="ap-return-information">{ret.information}</p>
            </>
          )}
          {ret.images.length > 0 && (
            <>
              <h3 className="ap-return-h3">Pictures</h3>
              <ul className="ap-return-images">{ret.images.map((i) => <li key={i.id} className="ap-break">{i.path}</li>)}</ul>
            </>
          )}
        </section>
        <section aria-labelledby="ap-return-items">
          <h2 id="ap-return-items">Items</h2>
          <div className="ap-table-wrap">
            <table className="ap-table">
              <caption className="ap-sr-only">Items of return #{ret.id}</caption>
              <thead><tr><th scope="col">Item</th><th scope="col">SKU</th><th scope="col">Quantity</th><th scope="col">Reason</th></tr></thead>
              <tbody>
                <tr>
                  <td data-label="Item">{ret.item.name}</td>
                  <td data-label="SKU"><code>{ret.item.sku}</code></td>
                  <td data-label="Quantity">{ret.item.quantity}</td>
                  <td data-label="Reason">{ret.item.reason}</td>
                </tr>
              </tbody>
            </table>
          </div>
        </section>
      </div>
      <Thread ret={ret} canReply={canEdit} />
    </>
  );
}

function Moves({ ret }: { ret: Return }) {
  const client = useQueryClient();
  const notify = useNotify();
  const move = useMutation({
    mutationFn: (m: StoreMove) => CALLS[m](ret.id),
    onSuccess: (answer, m) => {
      client.setQueryData([...returnsKey, ret.id], answer);
      notify(`Return #${ret.id} ${pastOf(m)}: it is now ${answer.statusTitle}.`);
      return client.invalidateQueries({ queryKey: returnsKey });
    },
  });
  const moves = movesOf(ret);
  return (
    <section className="ap-card ap-return-moves" aria-labelledby="ap-return-moves">
      <h2 id="ap-return-moves">What happens next</h2>
      {moves.length === 0 ? (
        <p className="ap-muted">This return is {ret.statusTitle.toLowerCase()}: the store has no further move. The thread stays open.</p>
      ) : (
        <ul className="ap-return-move-list">
          {moves.map((m) => (
            <li key={m}>
              {DESTRUCTIVE.includes(m) ? (
                <ConfirmButton
                  label={MOVE_LABELS[m]}
                  question={m === "decline" ? `Decline return #${ret.id}? The customer is told and its units are released.` : `Cancel the items of return #${ret.id}? This cannot be undone.`}
                  confirmLabel={m === "decline" ? "Yes, decline" : "Yes, cancel the items"}
                  disabled={move.isPending}
                  onConfirm={() => move.mutate(m)}
                />
              ) : (
                <button type="button" className={m === "accept" || m === "solve" ? "" : "ap-secondary"} disabled={move.isPending} onClick={() => move.mutate(m)}>
                  {move.isPending && move.variables === m ? `${MOVE_LABELS[m]}…` : MOVE_LABELS[m]}
                </button>
              )}
              <span className="ap-muted">{MOVE_HINTS[m]}</span>
            </li>
          ))}
        </ul>
      )}
      <ErrorNotice error={move.error} />
    </section>
  );
}

function Thread({ ret, canReply }: { ret: Return; canReply: boolean }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [message, setMessage] = useState("");
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const reply = useMutation({
    mutationFn: (body: { message: string }) => ok(adminApi.POST("/api/admin/sales/returns/{id}/reply", { ...path(ret.id), body })),
    onSuccess: (answer) => {
      setMessage("");
      client.setQueryData([...returnsKey, ret.id], answer);
      notify(`Reply sent on return #${ret.id}; the customer is mailed a copy.`);
      return client.invalidateQueries({ queryKey: returnsKey });
    },
  });
  const send = () => {
    const checked = check(ReturnReplyInput, { message });
    setLocal(checked.errors);
    if (checked.value) reply.mutate(checked.value);
  };
  return (
    <section aria-labelledby="ap-return-thread">
      <h2 id="ap-return-thread">Messages ({ret.messages.length})</h2>
      {ret.messages.length === 0 ? (
        <p className="ap-empty">No messages yet.</p>
      ) : (
        <ol className="ap-return-thread" data-testid="return-thread">
          {ret.messages.map((m) => (
            <li key={m.id} className={m.isAdmin ? "ap-return-store" : "ap-return-customer"}>
              <p className="ap-return-who"><strong>{m.isAdmin ? "The store" : "The customer"}</strong> <time dateTime={m.createdAt}>{when(m.createdAt)}</time></p>
              <p className="ap-return-text">{m.message}</p>
            </li>
          ))}
        </ol>
      )}
      {canReply && (
        <form className="ap-form ap-return-reply" aria-label={`Reply on return #${ret.id}`} noValidate onSubmit={(e) => { e.preventDefault(); send(); }}>
          <div className="ap-wide">
            <Field label="Reply" hint="Sent to the customer by mail and shown in their account." error={errorsFor("message", local, reply.error)}>
              <textarea name="message" rows={4} maxLength={5000} value={message} onChange={(e) => setMessage(e.target.value)} />
            </Field>
          </div>
          <div className="ap-wide ap-actions">
            <button type="submit" disabled={reply.isPending}>{reply.isPending ? "Sending…" : "Send reply"}</button>
            <ErrorNotice error={reply.error} />
          </div>
        </form>
      )}
    </section>
  );
}
