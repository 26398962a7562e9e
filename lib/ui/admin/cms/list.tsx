"use client";
// The CMS pages: find one by title or exact slug, sort by number or last change, open it to edit, delete it.
// The server pages and sorts (GET /api/admin/cms/pages); the search, sort and page live in the address.
import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { can, useSignedIn } from "../api";
import { adminApi, ok } from "../client";
import { ErrorNotice, Field, when } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { columnsOf, DataTable, FilterActions, listed, useListParams } from "../table";
import { rowIfMatch } from "../settings/rows";
import { pageTitle, pageSlug, type CmsPage } from "./format";
import "./cms.css";


const FILTERS = ["title", "url_key"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

export const pagesKey = ["cms-pages"];
const column = columnsOf<CmsPage>();

export function CmsPages() {
  const session = useSignedIn();
  const client = useQueryClient();
  const notify = useNotify();
  const params = useListParams({ sort: "id" });
  const pages = useQuery({
    queryKey: [...pagesKey, params.query],
    queryFn: () => ok(adminApi.GET("/api/admin/cms/pages", { params: { query: { per_page: 20, ...params.query } } })),
    placeholderData: (previous) => previous,
  });
  const remove = useMutation({
    mutationFn: (p: CmsPage) => ok(adminApi.DELETE("/api/admin/cms/pages/{id}", { params: { path: { id: p.id }, header: rowIfMatch(p) } })),
    onSuccess: (_answer, p) => {
      notify(`Page “${pageTitle(p)}” deleted. Redirects from its earlier addresses stay.`);
      return client.invalidateQueries({ queryKey: pagesKey });
    },
  });
  const [filters, setFilters] = useState<Filters>(() => Object.fromEntries(FILTERS.map((k) => [k, params.get(k)])) as Filters);
  const apply = (next: Filters) => {
    setFilters(next);
    params.set(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(filters);
  };
  const filtered = FILTERS.some((k) => params.get(k));
  const canDelete = can(session, "cms.pages.delete");
  const columns = [
    column.accessor("id", { id: "id", header: "Page", enableSorting: true, cell: ({ getValue }) => `#${getValue()}` }),
    column.display({
      id: "title",
      header: "Title",
      cell: ({ row: { original: p } }) => <Link href={`/admin/cms/${p.id}`} aria-label={`Edit the page ${pageTitle(p)}`}>{pageTitle(p)}</Link>,
    }),
    column.display({ id: "slug", header: "Address", cell: ({ row: { original: p } }) => <code className="ap-break">/page/{pageSlug(p)}</code> }),
    column.display({ id: "locales", header: "Locales", cell: ({ row: { original: p } }) => p.translations.map((t) => t.locale).join(", ") }),
    column.accessor("updatedAt", { id: "updated_at", header: "Last change", enableSorting: true, cell: ({ getValue }) => when(getValue()) }),
    column.display({
      id: "actions",
      header: () => <span className="ap-sr-only">Actions</span>,
      cell: ({ row: { original: p } }) => (
        <div className="ap-actions">
          <Link href={`/admin/cms/${p.id}`} className="ap-cms-edit-link" aria-label={`Edit ${pageTitle(p)}`}>Edit</Link>
          {canDelete && (
            <ConfirmButton
              label={`Delete ${pageTitle(p)}`}
              question={`Delete the page “${pageTitle(p)}” in every locale? Its address stops working.`}
              confirmLabel="Yes, delete"
              disabled={remove.isPending}
              onConfirm={() => remove.mutate(p)}
            />
          )}
        </div>
      ),
    }),
  ];
  return (
    <>
      <h1>Pages</h1>
      <p className="ap-muted">The shop&apos;s content pages (about us, delivery, terms…), shown at <code>/page/&lt;address&gt;</code>.</p>
      {can(session, "cms.pages.create") && <p><Link href="/admin/cms/new" className="ap-cms-new">New page</Link></p>}
      <form className="ap-filters" role="search" aria-label="Find pages" onSubmit={submit}>
        <Field label="Title contains">
          <input name="title" type="search" value={filters.title} onChange={(e) => setFilters({ ...filters, title: e.target.value })} maxLength={255} />
        </Field>
        <Field label="Address (exact)" hint="The slug, e.g. about-us">
          <input name="url_key" value={filters.url_key} onChange={(e) => setFilters({ ...filters, url_key: e.target.value })} maxLength={191} />
        </Field>
        <FilterActions className="ap-cms-filter-actions" filtered={filtered} onClear={() => apply({ title: "", url_key: "" })} clear="Clear" />
      </form>
      <ErrorNotice error={remove.error} />
      <DataTable
        caption="Pages"
        columns={columns}
        rowKey={(p) => p.id}
        {...listed(pages, params)}
        empty={filtered ? "No page matches." : "No pages yet."}
      />
    </>
  );
}
