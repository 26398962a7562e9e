"use client";
// The mail outbox: every message the store wrote (sent, waiting, failed, or kept unsent without SMTP_URL), newest
// first, filtered by recipient; a row opens to its text part and its HTML source.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { panelFetch, type ListPage } from "./api";
import { Empty, ErrorNotice, Loading, when } from "./common";

interface MailMessage {
  id: number; kind: string; to: string; subject: string; text: string; html: string; locale: string; transport: string;
  status: string; attempts: number; nextAttemptAt: string | null; lastError: string | null; createdAt: string; sentAt: string | null;
}

const PER_PAGE = 25;

export function MailOutbox() {
  const [to, setTo] = useState("");
  const [filter, setFilter] = useState("");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const query = new URLSearchParams({ per_page: String(PER_PAGE), page: String(page), ...(filter ? { to: filter } : {}) });
  const list = useQuery({ queryKey: ["mail-messages", filter, page], queryFn: () => panelFetch<ListPage<MailMessage>>(`settings/mail-messages?${query}`) });
  return (
    <>
      <h1>Mail</h1>
      <p className="ap-muted">
        Transactional mail is written here with the change that causes it and sent afterwards through <code>SMTP_URL</code>.
        Without <code>SMTP_URL</code> messages are kept here unsent (status <em>unsent</em>).
      </p>
      <form className="ap-actions" onSubmit={(e) => { e.preventDefault(); setFilter(to.trim()); setPage(1); }}>
        <input type="email" placeholder="Recipient email" aria-label="Recipient email" value={to} onChange={(e) => setTo(e.target.value)} />
        <button type="submit" className="ap-secondary">Filter</button>
        {filter && <button type="button" className="ap-link" onClick={() => { setTo(""); setFilter(""); setPage(1); }}>Show all</button>}
      </form>
      {list.isPending ? <Loading what="mail" /> : list.isError ? <ErrorNotice error={list.error} /> : list.data.data.length === 0 ? (
        <Empty>No mail{filter ? ` to ${filter}` : ""} yet.</Empty>
      ) : (
        <>
          <table className="ap-table">
            <thead><tr><th>Written</th><th>To</th><th>Subject</th><th>Kind</th><th>Status</th><th>Sent</th></tr></thead>
            <tbody>
              {list.data.data.map((m) => (
                <MailRow key={m.id} mail={m} open={open === m.id} onToggle={() => setOpen(open === m.id ? null : m.id)} />
              ))}
            </tbody>
          </table>
          <div className="ap-actions">
            <button type="button" className="ap-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>Newer</button>
            <span className="ap-muted">Page {list.data.meta.currentPage} of {Math.max(1, list.data.meta.lastPage)} ({list.data.meta.total} messages)</span>
            <button type="button" className="ap-secondary" disabled={page >= list.data.meta.lastPage} onClick={() => setPage(page + 1)}>Older</button>
          </div>
        </>
      )}
    </>
  );
}

function MailRow({ mail, open, onToggle }: { mail: MailMessage; open: boolean; onToggle: () => void }) {
  return (
    <>
      <tr>
        <td>{when(mail.createdAt)}</td>
        <td>{mail.to}</td>
        <td><button type="button" className="ap-link" aria-expanded={open} onClick={onToggle}>{mail.subject}</button></td>
        <td>{mail.kind} ({mail.locale})</td>
        <td>
          <span className={`ap-badge ${mail.status}`}>{mail.status}</span>
          {mail.status === "queued" && mail.attempts > 0 && <span className="ap-muted"> retry {when(mail.nextAttemptAt)}</span>}
          {mail.lastError && <div className="ap-muted">{mail.lastError}</div>}
        </td>
        <td>{when(mail.sentAt, "—")}</td>
      </tr>
      {open && (
        <tr>
          <td colSpan={6}>
            <pre className="ap-mail-text" style={{ whiteSpace: "pre-wrap" }}>{mail.text}</pre>
            <details>
              <summary>HTML part</summary>
              <pre style={{ whiteSpace: "pre-wrap" }}>{mail.html}</pre>
            </details>
          </td>
        </tr>
      )}
    </>
  );
}
