"use client";
// The panel's one table: TanStack Table over a page the server sorted and cut. A list screen keeps its page, sort,
// search and filters in the address (`useListParams`), so a reload, a shared link and the back button show the
// same rows; the table reports header clicks as the API's `sort` (`-created_at`) and pages with the answer's meta.
import { useCallback, useMemo, type ReactNode } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState } from "@tanstack/react-table";
import { Empty, ErrorNotice, Loading } from "./common";

const features = tableFeatures({ rowSortingFeature });

/** A column of the panel's table; `columnsOf<Row>()` helps write them typed (`helper.accessor("email", {…})`). */
export type Column<T extends RowData> = ColumnDef<typeof features, T, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a column's value type varies per column
export const columnsOf = <T extends RowData>() => createColumnHelper<typeof features, T>();

interface Meta {
  currentPage: number;
  lastPage: number;
  total: number;
}

/** What a list screen's TanStack query holds: an Admin list answer (`{ data, meta }`). */
interface ListQuery<T> {
  data?: { data: T[]; meta: Meta };
  isPending: boolean;
  error: unknown;
}

/** A list screen's address state, as `useListParams` gives it. */
interface ListState {
  sort: string;
  setSort: (sort: string) => void;
  setPage: (page: number) => void;
}

/**
 * The table props of a server-paged list screen: its query's rows, paging, loading and error, and its address
 * state's sort and page. `<DataTable caption="Orders" columns={columns} rowKey={(o) => o.id} {...listed(orders, params)} empty="…" />`
 */
export function listed<T extends RowData>(query: ListQuery<T>, params: ListState) {
  return { rows: query.data?.data, meta: query.data?.meta, loading: query.isPending, error: query.error, sort: params.sort, onSort: params.setSort, onPage: params.setPage };
}

export interface DataTableProps<T extends RowData> {
  /** What the rows are, read out as the table's caption ("Orders"). */
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  /** The answer's paging (Admin lists' `meta`); none for a table that shows everything it has. */
  meta?: Meta;
  /** The API's sort (`-created_at`); columns whose id is a sort field the API knows set `enableSorting: true`. */
  sort?: string;
  onSort?: (sort: string) => void;
  onPage?: (page: number) => void;
  loading?: boolean;
  error?: unknown;
  empty: ReactNode;
}

const toSorting = (sort: string | undefined): SortingState => (sort ? [{ id: sort.replace(/^-/, ""), desc: sort.startsWith("-") }] : []);

export function DataTable<T extends RowData>({ caption, columns, rows, rowKey, meta, sort, onSort, onPage, loading, error, empty }: DataTableProps<T>) {
  const sorting = useMemo(() => toSorting(sort), [sort]);
  const data = useMemo(() => rows ?? [], [rows]);
  const table = useTable({
    features,
    data,
    columns,
    getRowId: (row) => String(rowKey(row)),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (next) => {
      const [first] = typeof next === "function" ? next(sorting) : next;
      if (first && onSort) onSort(`${first.desc ? "-" : ""}${first.id}`);
    },
    defaultColumn: { enableSorting: false },
  });
  if (error) return <ErrorNotice error={error} />;
  if (loading || !rows) return <Loading what={caption.toLowerCase()} />;
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  return (
    <>
      <div className="ap-table-wrap">
        <table className="ap-table">
          <caption className="ap-sr-only">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted ? (sorted === "desc" ? "descending" : "ascending") : undefined}>
                      {header.column.getCanSort() ? (
                        <button type="button" className="ap-sort" onClick={header.column.getToggleSortingHandler()}>
                          {label}
                          <span aria-hidden="true">{sorted === "desc" ? " ▼" : sorted === "asc" ? " ▲" : " ↕"}</span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} data-label={typeof cell.column.columnDef.header === "string" ? cell.column.columnDef.header : undefined}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {meta && onPage && <Pager meta={meta} onPage={onPage} what={caption.toLowerCase()} />}
    </>
  );
}

function Pager({ meta, onPage, what }: { meta: Meta; onPage: (page: number) => void; what: string }) {
  return (
    <nav className="ap-pager" aria-label={`Pages of ${what}`}>
      <button type="button" className="ap-secondary" disabled={meta.currentPage <= 1} onClick={() => onPage(meta.currentPage - 1)}>Previous</button>
      <span>
        Page {meta.currentPage} of {Math.max(meta.lastPage, 1)} · {meta.total} {what}
      </span>
      <button type="button" className="ap-secondary" disabled={meta.currentPage >= meta.lastPage} onClick={() => onPage(meta.currentPage + 1)}>Next</button>
    </nav>
  );
}

interface FilterActionsProps {
  /** Whether the address holds a filter: only then is there something to clear. */
  filtered: boolean;
  onClear: () => void;
  /** The submit button's name ("Search"). */
  search?: string;
  /** The clearing button's name ("Clear filters"). */
  clear?: string;
  /** A screen's own placement of the buttons in its filter form. */
  className?: string;
}

/**
 * The buttons that end a list screen's filter form (the form above its `DataTable`): the submit, and while a filter
 * is applied, the button that clears every filter.
 */
export function FilterActions({ filtered, onClear, search = "Search", clear = "Clear filters", className }: FilterActionsProps) {
  return (
    <div className={className ? `ap-actions ${className}` : "ap-actions"}>
      <button type="submit">{search}</button>
      {filtered && <button type="button" className="ap-secondary" onClick={onClear}>{clear}</button>}
    </div>
  );
}

/**
 * A list screen's state in the address: `get("status")`, `set({ status: "processing" })` (back to page 1),
 * `page`, `sort`, and `query`, the parameters to send the API (blank ones left out).
 */
export function useListParams(defaults: { sort?: string } = {}) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const set = useCallback(
    (changes: Record<string, string | number | null | undefined>, keepPage = false) => {
      const next = new URLSearchParams(params.toString());
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === undefined || v === "") next.delete(k);
        else next.set(k, String(v));
      }
      if (!keepPage && !("page" in changes)) next.delete("page");
      const text = next.toString();
      router.replace(text ? `${pathname}?${text}` : pathname, { scroll: false });
    },
    [params, router, pathname],
  );
  const get = useCallback((k: string) => params.get(k) ?? "", [params]);
  const page = Math.max(1, Number(params.get("page")) || 1);
  const sort = params.get("sort") || defaults.sort || "";
  const query = useMemo(() => {
    const q: Record<string, string | number> = {};
    for (const [k, v] of params) if (v !== "") q[k] = k === "page" ? Number(v) : v;
    if (sort) q.sort = sort;
    return q;
  }, [params, sort]);
  return { get, set, page, sort, query, setPage: (p: number) => set({ page: p }), setSort: (s: string) => set({ sort: s }) };
}
