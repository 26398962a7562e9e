"use client";
// Newsletter subscribers: the addresses that signed up in the shop. Find them by email or standing, unsubscribe or
// subscribe one again (saved only if nobody changed it since it was listed: If-Match), delete one, or download the
// addresses the screen's filters select, in its order, as CSV or Excel for a mailing tool.
import { useState, type FormEvent } from "react";
import type { paths } from "../../../openapi/types/admin-api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { can, useSignedIn } from "../api";
import { adminApi, ok, type Schemas } from "../client";
import { ErrorNotice, Field, when } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { columnsOf, DataTable, FilterActions, listed, useListParams } from "../table";
import { rowIfMatch } from "../settings/rows";
import "./marketing.css";

type Subscriber = Schemas["AdminNewsletterSubscriber"];
type Change = { who: Subscriber; isSubscribed: boolean } | { who: Subscriber; remove: true };

const subscribersKey = ["newsletter-subscribers"];
const column = columnsOf<Subscriber>();

type ExportQuery = NonNullable<paths["/api/admin/marketing/newsletter-subscribers/export"]["get"]["parameters"]["query"]>;
const EXPORT_KEYS = ["email", "is_subscribed", "channel_id", "sort"] as const satisfies readonly (keyof ExportQuery)[];

/**
 * Where the file of the list as filtered downloads from: the list's own filters and sort, not its page. A plain link
 * (a GET the session cookie authenticates), so the browser saves the attachment itself.
 */
function exportUrl(query: Record<string, string | number>, format: "csv" | "xlsx"): string {
  const picked = new URLSearchParams();
  for (const k of EXPORT_KEYS) if (query[k] !== undefined) picked.set(k, String(query[k]));
  picked.set("format", format);
  return `/api/admin/marketing/newsletter-subscribers/export?${picked.toString()}`;
}

export function NewsletterSubscribers() {
  const session = useSignedIn();
  const client = useQueryClient();
  const notify = useNotify();
  const params = useListParams({ sort: "-id" });
  const list = useQuery({
    queryKey: [...subscribersKey, params.query],
    queryFn: () => ok(adminApi.GET("/api/admin/marketing/newsletter-subscribers", { params: { query: { per_page: 20, ...params.query } } })),
    placeholderData: (previous) => previous,
  });
  const change = useMutation({
    mutationFn: (c: Change): Promise<unknown> => {
      const at = { params: { path: { id: c.who.id }, header: rowIfMatch(c.who) } };
      return "remove" in c
        ? ok(adminApi.DELETE("/api/admin/marketing/newsletter-subscribers/{id}", at))
        : ok(adminApi.PATCH("/api/admin/marketing/newsletter-subscribers/{id}", { ...at, body: { isSubscribed: c.isSubscribed } }));
    },
    onSuccess: (_answer, c) => {
      if ("remove" in c) notify(`${c.who.email} deleted from the newsletter list.`);
      else notify(c.isSubscribed ? `${c.who.email} subscribed again.` : `${c.who.email} unsubscribed: no more newsletters go to it.`);
      return client.invalidateQueries({ queryKey: subscribersKey });
    },
    onError: () => client.invalidateQueries({ queryKey: subscribersKey }),
  });
  const [email, setEmail] = useState(params.get("email"));
  const search = (e: FormEvent) => {
    e.preventDefault();
    params.set({ email });
  };
  const filtered = !!(params.get("email") || params.get("is_subscribed"));
  const canEdit = can(session, "marketing.newsletter-subscribers.edit");
  const canDelete = can(session, "marketing.newsletter-subscribers.delete");
  const columns = [
    column.accessor("email", { id: "email", header: "Email", enableSorting: true, cell: ({ getValue }) => <span className="ap-break">{getValue()}</span> }),
    column.accessor("isSubscribed", {
      header: "Standing",
      cell: ({ getValue }) => <span className={`ap-badge ${getValue() ? "active" : "inactive"}`}>{getValue() ? "subscribed" : "unsubscribed"}</span>,
    }),
    column.accessor("customerId", { header: "Customer", cell: ({ getValue }) => (getValue() === null ? "guest" : `#${getValue()}`) }),
    column.accessor("channelId", { header: "Channel", cell: ({ getValue }) => `#${getValue()}` }),
    column.accessor("createdAt", { id: "created_at", header: "Signed up", enableSorting: true, cell: ({ getValue }) => when(getValue()) }),
    column.display({
      id: "actions",
      header: () => <span className="ap-sr-only">Actions</span>,
      cell: ({ row: { original: s } }) => (
        <div className="ap-actions">
          {canEdit && (
            <button type="button" className="ap-secondary" disabled={change.isPending} aria-label={`${s.isSubscribed ? "Unsubscribe" : "Subscribe again"} ${s.email}`} onClick={() => change.mutate({ who: s, isSubscribed: !s.isSubscribed })}>
              {s.isSubscribed ? "Unsubscribe" : "Subscribe again"}
            </button>
          )}
          {canDelete && (
            <ConfirmButton label={`Delete ${s.email}`} question={`Delete ${s.email} from the list? Its sign-up record is gone for good.`} confirmLabel="Yes, delete" disabled={change.isPending} onConfirm={() => change.mutate({ who: s, remove: true })} />
          )}
        </div>
      ),
    }),
  ];
  return (
    <>
      <h1>Newsletter</h1>
      <p className="ap-muted">Addresses signed up for the newsletter in the shop. An unsubscribed address stays listed (it asked to stop); delete it to forget it.</p>
      <form className="ap-filters" role="search" aria-label="Find subscribers" onSubmit={search}>
        <Field label="Email contains">
          <input name="email" type="search" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={191} />
        </Field>
        <Field label="Standing">
          <select name="is_subscribed" value={params.get("is_subscribed")} onChange={(e) => params.set({ is_subscribed: e.target.value })}>
            <option value="">Any</option>
            <option value="true">Subscribed</option>
            <option value="false">Unsubscribed</option>
          </select>
        </Field>
        <FilterActions className="ap-marketing-filter-actions" filtered={filtered} onClear={() => { setEmail(""); params.set({ email: "", is_subscribed: "" }); }} clear="Clear" />
      </form>
      <p className="ap-actions ap-marketing-exports">
        <span>{filtered ? "Download the subscribers that match:" : "Download every subscriber:"}</span>
        <a href={exportUrl(params.query, "csv")} download data-testid="newsletter-export-csv">CSV</a>
        <a href={exportUrl(params.query, "xlsx")} download data-testid="newsletter-export-xlsx">Excel (XLSX)</a>
      </p>
      <ErrorNotice error={change.error} />
      <DataTable
        caption="Newsletter subscribers"
        columns={columns}
        rowKey={(s) => s.id}
        {...listed(list, params)}
        empty={filtered ? "No subscriber matches." : "No one has signed up yet."}
      />
    </>
  );
}
