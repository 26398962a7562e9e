"use client";
// Customers' privacy (GDPR) requests: the list, filtered by status and type, and one request with the moves the
// GDPR state machine allows from where it stands (lib/gdpr/transitions.ts): process a pending one, complete one in
// progress (a delete request erases the customer's personal data then; the customer is mailed), decline one with
// the reason the customer is mailed, and download a completed export. The moves that cannot be undone ask first, in
// the page.
import { useEffect, useRef, useState, type FormEvent } from "react";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { GDPR_STATUSES } from "../../../gdpr/transitions";
import { DECLINE_REASON_MAX, GdprDeclineInput } from "../../../admin/privacy/decline-input";
import { adminApi, ok, type Schemas } from "../client";
import { can, useSignedIn } from "../api";
import { ErrorNotice, Field, Loading, when } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { check, errorsFor, type FieldErrors } from "../form";
import { columnsOf, DataTable, listed, useListParams } from "../table";
import { CUSTOMERS, PRIVACY, privacyKey } from "./customer-data";
import "./customers.css";

type Request = Schemas["AdminGdprRequest"];

const TYPES = ["export", "update", "delete"] as const;

/** What each type of request asks for, in the owner's words. */
const ASKS: Record<string, string> = {
  export: "a copy of everything the store holds about them",
  update: "a correction of their personal data",
  delete: "the erasure of their personal data",
};

const column = columnsOf<Request>();
const columns = [
  column.accessor("id", { id: "id", header: "Request", enableSorting: true, cell: ({ getValue }) => <Link href={`${PRIVACY}/${getValue()}`}>#{getValue()}</Link> }),
  column.accessor("type", { header: "Type" }),
  column.accessor("email", { header: "Customer", cell: ({ row: { original: r } }) => <Link href={`${CUSTOMERS}/${r.customerId}`} className="ap-break">{r.email}</Link> }),
  column.accessor("status", { id: "status", header: "Status", enableSorting: true, cell: ({ getValue }) => <span className={`ap-badge ${getValue()}`}>{getValue()}</span> }),
  column.accessor("createdAt", { id: "created_at", header: "Received", enableSorting: true, cell: ({ getValue }) => when(getValue()) }),
  column.display({
    id: "actions",
    header: "Actions",
    cell: ({ row: { original: r } }) => (
      <Link href={`${PRIVACY}/${r.id}`} className="cu-button-link" aria-label={`Open request #${r.id} of ${r.email}`}>Open</Link>
    ),
  }),
];

export function PrivacyRequests() {
  const params = useListParams({ sort: "-id" });
  const list = useQuery({
    queryKey: [...privacyKey, "list", params.query],
    queryFn: () => ok(adminApi.GET("/api/admin/gdpr-requests", { params: { query: { per_page: 20, ...params.query } } })),
    placeholderData: (previous) => previous,
  });
  const filtered = !!(params.get("status") || params.get("type") || params.get("customer_id"));
  return (
    <>
      <h1>Privacy requests</h1>
      <p className="ap-muted">
        Customers ask the store, under the GDPR, for a copy of their data, a correction or its erasure. Start on a request, then complete
        or decline it; either mails the customer, a decline with the reason you give.
      </p>
      <div className="ap-filters">
        <Field label="Status">
          <select name="status" value={params.get("status")} onChange={(e) => params.set({ status: e.target.value })}>
            <option value="">Any status</option>
            {GDPR_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </Field>
        <Field label="Type">
          <select name="type" value={params.get("type")} onChange={(e) => params.set({ type: e.target.value })}>
            <option value="">Any type</option>
            {TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </Field>
        {params.get("customer_id") && (
          <div className="ap-actions">
            <span>Customer #{params.get("customer_id")} only.</span>
            <button type="button" className="ap-secondary" onClick={() => params.set({ customer_id: null })}>All customers</button>
          </div>
        )}
      </div>
      <DataTable
        caption="Privacy requests"
        columns={columns}
        rowKey={(r) => r.id}
        {...listed(list, params)}
        empty={filtered ? "No request matches these filters." : "No privacy requests yet."}
      />
    </>
  );
}

type Move = "process" | "complete" | "decline";

/** What each move did, as the owner is told. */
const DONE: Record<Move, (r: Request) => string> = {
  process: (r) => `Request #${r.id} is now being processed.`,
  complete: (r) =>
    r.type === "delete" ? `Request #${r.id} completed: the customer's personal data is erased and they were mailed.` : `Request #${r.id} completed; ${r.email} was mailed.`,
  decline: (r) => `Request #${r.id} declined; ${r.email} was mailed the reason.`,
};

/** Saves a blob as a file the browser downloads. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function PrivacyRequest() {
  const id = Number(useParams<{ id: string }>().id);
  const session = useSignedIn();
  const client = useQueryClient();
  const notify = useNotify();
  const one = useQuery({ queryKey: [...privacyKey, id], queryFn: () => ok(adminApi.GET("/api/admin/gdpr-requests/{id}", { params: { path: { id } } })) });
  const [declining, setDeclining] = useState(false);
  const move = useMutation({
    mutationFn: ({ verb, reason }: { verb: Move; reason?: string }) => {
      const path = { params: { path: { id } } };
      if (verb === "process") return ok(adminApi.POST("/api/admin/gdpr-requests/{id}/process", path));
      if (verb === "complete") return ok(adminApi.POST("/api/admin/gdpr-requests/{id}/complete", path));
      return ok(adminApi.POST("/api/admin/gdpr-requests/{id}/decline", { ...path, body: { reason: reason ?? "" } }));
    },
    onSuccess: (r, { verb }) => {
      notify(DONE[verb](r));
      setDeclining(false);
      client.setQueryData([...privacyKey, id], r);
      return client.invalidateQueries({ queryKey: privacyKey });
    },
  });
  const download = useMutation({
    mutationFn: () => ok(adminApi.GET("/api/admin/gdpr-requests/{id}/export", { params: { path: { id } }, parseAs: "blob" })),
    onSuccess: (blob) => {
      saveFile(blob, `privacy-export-${id}.json`);
      notify(`The export of request #${id} was downloaded.`);
    },
  });
  if (one.isPending) return <Loading what="the request" />;
  if (one.isError) return <><p><Link href={PRIVACY}>← Privacy requests</Link></p><ErrorNotice error={one.error} /></>;
  const r = one.data;
  const canEdit = can(session, "gdpr.edit");
  const busy = move.isPending;
  return (
    <>
      <p><Link href={PRIVACY}>← Privacy requests</Link></p>
      <h1>Privacy request #{r.id}</h1>
      <section className="ap-card cu-card" aria-label="The request">
        <dl className="ap-dl">
          <dt>Status</dt>
          <dd><span className={`ap-badge ${r.status}`} data-testid="request-status">{r.status}</span></dd>
          <dt>Asks for</dt>
          <dd>{ASKS[r.type] ?? r.type} ({r.type})</dd>
          <dt>Customer</dt>
          <dd><Link href={`${CUSTOMERS}/${r.customerId}`} className="ap-break">{r.email}</Link> (#{r.customerId})</dd>
          <dt>Received</dt>
          <dd>{when(r.createdAt)}</dd>
          <dt>Last change</dt>
          <dd>{when(r.updatedAt)}</dd>
          {r.revokedAt && <><dt>Withdrawn</dt><dd>{when(r.revokedAt)}</dd></>}
        </dl>
        <h2>Their message</h2>
        <blockquote className="cu-message">{r.message}</blockquote>
        {r.declineReason && (
          <>
            <h2>Why it was declined</h2>
            <blockquote className="cu-message" data-testid="decline-reason">{r.declineReason}</blockquote>
          </>
        )}
      </section>
      <h2>What to do</h2>
      {/* The decline form shows its own errors under its field. */}
      <ErrorNotice error={(declining ? null : move.error) ?? download.error} />
      <div className="ap-actions cu-moves">
        {canEdit && r.status === "pending" && (
          <button type="button" disabled={busy} onClick={() => move.mutate({ verb: "process" })}>Start processing</button>
        )}
        {canEdit && r.status === "processing" && (
          <ConfirmButton
            label="Complete"
            question={
              r.type === "delete"
                ? `Complete request #${r.id}? The personal data of ${r.email} is erased now, for good, and they are mailed.`
                : `Complete request #${r.id}? ${r.email} is mailed that it is done.`
            }
            confirmLabel={r.type === "delete" ? "Yes, erase and complete" : "Yes, complete it"}
            danger={r.type === "delete"}
            disabled={busy}
            onConfirm={() => move.mutate({ verb: "complete" })}
          />
        )}
        {canEdit && (r.status === "pending" || r.status === "processing") && !declining && (
          <button type="button" className="ap-danger" disabled={busy} onClick={() => { move.reset(); setDeclining(true); }}>Decline…</button>
        )}
        {r.type === "export" && r.status === "completed" && (
          <button type="button" className="ap-secondary" disabled={download.isPending} onClick={() => download.mutate()}>
            {download.isPending ? "Preparing…" : "Download the export (JSON)"}
          </button>
        )}
      </div>
      {canEdit && declining && (r.status === "pending" || r.status === "processing") && (
        <DeclineForm
          request={r}
          pending={busy}
          error={move.error}
          onDecline={(reason) => move.mutate({ verb: "decline", reason })}
          onCancel={() => { move.reset(); setDeclining(false); }}
        />
      )}
      {r.status === "completed" && r.type !== "export" && <p className="ap-muted">This request is completed; nothing more to do.</p>}
      {(r.status === "declined" || r.status === "revoked") && <p className="ap-muted">This request is {r.status === "revoked" ? "withdrawn by the customer" : "declined"}; nothing more to do.</p>}
      {r.status === "processing" && r.type === "update" && (
        <p className="ap-muted">
          Make the correction on the <Link href={`${CUSTOMERS}/${r.customerId}`}>customer&apos;s page</Link>, then complete the request.
        </p>
      )}
      {r.status === "processing" && r.type === "export" && <p className="ap-muted">Once completed, the export can be downloaded here and by the customer.</p>}
      {canEdit && (r.status === "pending" || r.status === "processing") && !declining && (
        <p className="ap-muted">Declining asks why: the reason is kept on the request and mailed to {r.email}.</p>
      )}
    </>
  );
}

/** Why the request is declined: required, since the customer is mailed it; checked as the API checks it. */
function DeclineForm({ request, pending, error, onDecline, onCancel }: {
  request: Request;
  pending: boolean;
  error: unknown;
  onDecline: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState("");
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = check(GdprDeclineInput, { reason });
    setLocal(checked.errors);
    if (checked.value) onDecline(checked.value.reason);
  };
  const reasonErrors = errorsFor("reason", local, error);
  return (
    <form className="ap-card cu-reason" aria-label={`Decline request #${request.id}`} onSubmit={submit} noValidate>
      <Field
        label="Reason for declining"
        hint={`Mailed to ${request.email} and kept on the request; at most ${DECLINE_REASON_MAX} characters. The request cannot be reopened: the customer would have to ask again.`}
        error={reasonErrors}
      >
        <textarea ref={field} name="reason" rows={3} value={reason} maxLength={DECLINE_REASON_MAX} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <div className="ap-actions">
        <button type="submit" className="ap-danger-solid" disabled={pending}>{pending ? "Declining…" : "Decline request"}</button>
        <button type="button" className="ap-secondary" onClick={onCancel}>Cancel</button>
      </div>
      {!reasonErrors && <ErrorNotice error={error} />}
    </form>
  );
}
