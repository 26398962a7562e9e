"use client";
// Reading the reporting operations: the report envelope is the API's `AdminReport`, whose `statistics` the OpenAPI
// document leaves open (its shape depends on the type), so each shape is parsed here with a narrow zod schema of
// the fields the panel shows: a comparison (a figure for the window and the one before, and a series per day) or
// ranked rows. The report types come from the operations' own lists (lib/reporting/report-types.ts).
import { z } from "zod";
import { useQuery } from "@tanstack/react-query";
import { adminApi, ok, type Schemas } from "../client";
import { can, type PanelSession } from "../api";
import { CUSTOMER_REPORT_TYPES, PRODUCT_REPORT_TYPES, SALES_REPORT_TYPES, TABLE_TYPES } from "../../../reporting/report-types";
import type { ReportWindow } from "./period";

export type Entity = "products" | "sales" | "customers";

export const TYPES: Record<Entity, readonly string[]> = {
  products: PRODUCT_REPORT_TYPES,
  sales: SALES_REPORT_TYPES,
  customers: CUSTOMER_REPORT_TYPES,
};

/** The permission each report's operation checks (lib/reporting/operations.ts `access`); null: any admin. */
const PERMISSION: Record<Entity, string | null> = { products: null, sales: "sales.orders.view", customers: "customers.view" };

export const mayRead = (session: Extract<PanelSession, { signedIn: true }>, entity: Entity) =>
  PERMISSION[entity] === null || can(session, PERMISSION[entity]);

/** "top-selling-products-by-revenue" → "Top selling products by revenue". */
export const titleOf = (type: string) => type.charAt(0).toUpperCase() + type.slice(1).replaceAll("-", " ");

/** Products report types that also come as a table (`/view`) and a file (`/export`). */
export const hasTable = (entity: Entity, type: string) => entity === "products" && (TABLE_TYPES as readonly string[]).includes(type);

const query = (type: string, w: ReportWindow) => ({ type, start: w.start, end: w.end, ...(w.channel ? { channel: w.channel } : {}) });

async function readReport(entity: Entity, type: string, w: ReportWindow): Promise<Schemas["AdminReport"]> {
  const params = { query: query(type, w) };
  const answer =
    entity === "sales" ? adminApi.GET("/api/admin/reporting/sales", { params })
    : entity === "customers" ? adminApi.GET("/api/admin/reporting/customers", { params })
    : adminApi.GET("/api/admin/reporting/products", { params });
  const [report] = await ok(answer);
  return report;
}

/**
 * One report read, its statistics parsed (an answer of another shape is the query's error); off (never sent) when
 * `enabled` is false, e.g. for a role that may not read it.
 */
export function useReport(entity: Entity, type: string, w: ReportWindow, enabled = true) {
  return useQuery({
    queryKey: ["reports", entity, type, w],
    queryFn: async () => {
      const report = await readReport(entity, type, w);
      return { ...report, parsed: statisticsOf(type, report.statistics) };
    },
    enabled,
  });
}

export type ParsedReport = Schemas["AdminReport"] & { parsed: Comparison | Ranked };

/** The table form of a products report: its columns and one record per row. */
export function useReportTable(type: string, w: ReportWindow, enabled = true) {
  return useQuery({
    queryKey: ["reports", "products", "view", type, w],
    queryFn: async () => {
      const [report] = await ok(adminApi.GET("/api/admin/reporting/products/view", { params: { query: query(type, w) } }));
      return { ...report, table: Table.parse(report.statistics) };
    },
    enabled,
  });
}

/** Where the file of a products report table downloads from, for the same window. */
export function exportUrl(type: string, w: ReportWindow, format: "csv" | "xlsx") {
  return `/api/admin/reporting/products/export?${new URLSearchParams({ ...query(type, w), format }).toString()}`;
}

// ── The shapes of `statistics` ──

const Table = z.object({
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  records: z.array(z.record(z.string(), z.unknown())),
});
export type ReportTable = z.output<typeof Table>;

const Point = z.object({ label: z.string(), total: z.number() });
const OverTime = z.object({ previous: z.array(Point), current: z.array(Point) });
const Figure = z.object({
  previous: z.number(),
  current: z.number(),
  progress: z.number(),
  formatted_previous: z.string().optional(),
  formatted_current: z.string().optional(),
});
export type Figure = z.output<typeof Figure>;

export interface Comparison {
  kind: "comparison";
  figure: Figure;
  overTime: z.output<typeof OverTime>;
  /** The figure is an amount of money (it comes with formatted values). */
  money: boolean;
}

/** The member a comparison's figure is under, per type (lib/reporting/*.ts). */
const FIGURE_KEY: Record<string, string> = {
  "total-sales": "sales",
  "total-orders": "orders",
  "average-sales": "sales",
  refunds: "refunds",
  "total-customers": "customers",
  "total-sold-quantities": "quantities",
  "total-products-added-to-wishlist": "wishlist",
};

export interface RankedRow {
  key: string;
  label: string;
  /** Extra words under the label (an email, a product id). */
  detail?: string;
  value: number;
  /** The value as shown (the API's formatted amount, or the count). */
  shown: string;
  /** Percent of the window's total, when the report gives it. */
  share?: number;
  /** The row's screen in the panel, when there is one. */
  href?: string;
}

export interface Ranked {
  kind: "ranked";
  rows: RankedRow[];
  /** What the value is ("Revenue", "Orders"). */
  measure: string;
}

const share = z.number();
const count = (n: number) => n.toLocaleString();

/** Each ranked type: its row schema and how a row reads. */
const RANKED: Record<string, { measure: string; read: (raw: unknown) => RankedRow[] }> = {
  "top-selling-products-by-revenue": {
    measure: "Revenue",
    read: (raw) =>
      z.array(z.object({ id: z.number(), name: z.string(), revenue: z.number(), formatted_revenue: z.string(), progress: share })).parse(raw)
        .map((r) => ({ key: `${r.id}`, label: r.name, detail: `Product #${r.id}`, value: r.revenue, shown: r.formatted_revenue, share: r.progress, href: `/admin/catalog/products/${r.id}` })),
  },
  "top-selling-products-by-quantity": {
    measure: "Quantity sold",
    read: (raw) =>
      z.array(z.object({ id: z.number(), name: z.string(), total_qty_ordered: z.number(), progress: share })).parse(raw)
        .map((r) => ({ key: `${r.id}`, label: r.name, detail: `Product #${r.id}`, value: r.total_qty_ordered, shown: count(r.total_qty_ordered), share: r.progress, href: `/admin/catalog/products/${r.id}` })),
  },
  "products-with-most-reviews": {
    measure: "Reviews",
    read: (raw) =>
      z.array(z.object({ product_id: z.number(), product_name: z.string(), reviews: z.number(), progress: share })).parse(raw)
        .map((r) => ({ key: `${r.product_id}`, label: r.product_name, detail: `Product #${r.product_id}`, value: r.reviews, shown: count(r.reviews), share: r.progress, href: `/admin/catalog/products/${r.product_id}` })),
  },
  "products-with-most-visits": {
    measure: "Visits",
    read: (raw) =>
      z.array(z.object({ visitable_id: z.number(), name: z.string(), visits: z.number(), progress: share })).parse(raw)
        .map((r) => ({ key: `${r.visitable_id}`, label: r.name, detail: `Product #${r.visitable_id}`, value: r.visits, shown: count(r.visits), share: r.progress, href: `/admin/catalog/products/${r.visitable_id}` })),
  },
  "last-search-terms": { measure: "Uses", read: (raw) => searchTerms(raw) },
  "top-search-terms": { measure: "Uses", read: (raw) => searchTerms(raw) },
  "customers-with-most-sales": {
    measure: "Sales",
    read: (raw) =>
      z.array(z.object({ id: z.number(), full_name: z.string(), email: z.string().nullable(), total: z.number(), formatted_total: z.string(), progress: share })).parse(raw)
        .map((r) => ({ key: `${r.id}`, label: r.full_name || `Customer #${r.id}`, detail: r.email ?? undefined, value: r.total, shown: r.formatted_total, share: r.progress, href: `/admin/customers/${r.id}` })),
  },
  "customers-with-most-orders": {
    measure: "Orders",
    read: (raw) =>
      z.array(z.object({ id: z.number(), full_name: z.string(), email: z.string().nullable(), orders: z.number(), progress: share })).parse(raw)
        .map((r) => ({ key: `${r.id}`, label: r.full_name || `Customer #${r.id}`, detail: r.email ?? undefined, value: r.orders, shown: count(r.orders), share: r.progress, href: `/admin/customers/${r.id}` })),
  },
};

function searchTerms(raw: unknown): RankedRow[] {
  return z.array(z.object({ id: z.number(), term: z.string(), results: z.number(), uses: z.number(), locale: z.string() })).parse(raw)
    .map((r) => ({ key: `${r.id}`, label: r.term, detail: `${count(r.results)} results, ${r.locale}`, value: r.uses, shown: count(r.uses) }));
}

/** A report's statistics in one of the two shapes the panel draws. */
export function statisticsOf(type: string, statistics: unknown): Comparison | Ranked {
  const key = FIGURE_KEY[type];
  if (key) {
    const parsed = z.object({ over_time: OverTime }).catchall(z.unknown()).parse(statistics);
    const figure = Figure.parse(parsed[key]);
    return { kind: "comparison", figure, overTime: parsed.over_time, money: figure.formatted_current !== undefined };
  }
  const ranked = RANKED[type];
  if (!ranked) throw new Error(`The panel does not know the report type "${type}".`);
  return { kind: "ranked", rows: ranked.read(statistics), measure: ranked.measure };
}

/** The store's currency for amounts the reports give as bare numbers (per-day sales): the orders' base currency. */
export function useBaseCurrency(enabled: boolean) {
  return useQuery({
    queryKey: ["reports", "base-currency"],
    queryFn: async () => {
      const page = await ok(adminApi.GET("/api/admin/sales/orders", { params: { query: { per_page: 1 } } }));
      return page.data[0]?.baseCurrencyCode ?? null;
    },
    enabled,
    staleTime: 300_000,
  });
}

/** `12.5` → "$12.50" in the store's currency; a plain number when the currency is not known. */
export function moneyFormat(currency: string | null | undefined): (n: number) => string {
  const format = currency
    ? new Intl.NumberFormat(undefined, { style: "currency", currency })
    : new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (n) => format.format(n);
}
