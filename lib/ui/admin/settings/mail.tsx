"use client";
// The mail outbox: every message the store wrote (sent, waiting, failed, or kept unsent without SMTP_URL), newest
// first, filtered by recipient; a message opens below the list with its text part and its HTML source.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { adminApi, ok, type Schemas } from "../client";
import { when } from "../common";
import { columnsOf, DataTable } from "../table";
import "./settings.css";

type MailMessage = Schemas["AdminMailMessage"];

const PER_PAGE = 25;
const column = columnsOf<MailMessage>();

export function MailOutbox() {
  const [to, setTo] = useState("");
  const [filter, setFilter] = useState("");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<MailMessage | null>(null);
  const list = useQuery({
    queryKey: ["mail-messages", filter, page],
    queryFn: () => ok(adminApi.GET("/api/admin/settings/mail-messages", { params: { query: { per_page: PER_PAGE, page, ...(filter ? { to: filter } : {}) } } })),
  });
  const columns = [
    column.accessor("createdAt", { header: "Written", cell: ({ getValue }) => when(getValue()) }),
    column.accessor("to", { header: "To", cell: ({ getValue }) => <span className="ap-break">{getValue()}</span> }),
    column.accessor("subject", {
      header: "Subject",
      cell: ({ row: { original: m } }) => (
        <button type="button" className="ap-link" aria-expanded={open?.id === m.id} aria-label={`${m.subject}, to ${m.to}`} onClick={() => setOpen(open?.id === m.id ? null : m)}>
          {m.subject}
        </button>
      ),
    }),
    column.accessor("kind", { header: "Kind", cell: ({ row: { original: m } }) => `${m.kind} (${m.locale})` }),
    column.accessor("status", {
      header: "Status",
      cell: ({ row: { original: m } }) => (
        <>
          <span className={`ap-badge ${m.status}`}>{m.status}</span>
          {m.status === "queued" && m.attempts > 0 && <span className="ap-muted"> retry {when(m.nextAttemptAt)}</span>}
          {m.lastError && <div className="ap-muted">{m.lastError}</div>}
        </>
      ),
    }),
    column.accessor("sentAt", { header: "Sent", cell: ({ getValue }) => when(getValue(), "—") }),
  ];
  return (
    <>
      <h1>Mail</h1>
      <p className="ap-muted">
        Transactional mail is written here with the change that causes it and sent afterwards through <code>SMTP_URL</code>.
        Without <code>SMTP_URL</code> messages are kept here unsent (status <em>unsent</em>).
      </p>
      <form className="ap-filters" role="search" aria-label="Mail by recipient" onSubmit={(e) => { e.preventDefault(); setFilter(to.trim()); setPage(1); setOpen(null); }}>
        <input type="email" placeholder="Recipient email" aria-label="Recipient email" value={to} onChange={(e) => setTo(e.target.value)} />
        <button type="submit" className="ap-secondary">Filter</button>
        {filter && <button type="button" className="ap-link" onClick={() => { setTo(""); setFilter(""); setPage(1); }}>Show all</button>}
      </form>
      <DataTable
        caption="Mail messages"
        columns={columns}
        rows={list.data?.data}
        rowKey={(m) => m.id}
        meta={list.data?.meta}
        onPage={setPage}
        loading={list.isPending}
        error={list.error}
        empty={`No mail${filter ? ` to ${filter}` : ""} yet.`}
      />
      {open && <OpenMessage mail={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function OpenMessage({ mail, onClose }: { mail: MailMessage; onClose: () => void }) {
  return (
    <section className="ap-card ap-st-mail-open" aria-labelledby="ap-mail-open-title">
      <h2 id="ap-mail-open-title">{mail.subject}</h2>
      <dl className="ap-dl">
        <dt>To</dt><dd>{mail.to}</dd>
        <dt>Written</dt><dd>{when(mail.createdAt)}</dd>
        <dt>Sent</dt><dd>{when(mail.sentAt, "not yet")} ({mail.transport})</dd>
      </dl>
      <h3>Text part</h3>
      <pre>{mail.text}</pre>
      <details>
        <summary>HTML part</summary>
        <pre>{mail.html}</pre>
      </details>
      <button type="button" className="ap-link" onClick={onClose}>Close the message</button>
    </section>
  );
}
