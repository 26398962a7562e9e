"use client";
// Reports: the products, sales and customers reports of the Admin API, each type as a chart and a table, over the
// period and channel the owner picks, with the products tables as CSV or XLSX files for the same window. A role
// is offered only the reports its permissions let it read.
import type { ReactNode } from "react";
import { ApiError } from "../../api-error";
import { can, useSignedIn } from "../api";
import { Empty, ErrorNotice, Field, Loading } from "../common";
import { DataTable, columnsOf } from "../table";
import { PeriodPicker, usePeriod, type ReportWindow } from "./period";
import {
  exportUrl, hasTable, mayRead, moneyFormat, titleOf, TYPES, useBaseCurrency, useReport, useReportTable,
  type Comparison, type Entity, type Ranked, type ReportTable,
} from "./data";
import { DailyChart, RankedChart } from "./charts";
import "./reports.css";

const ENTITIES: { key: Entity; label: string }[] = [
  { key: "products", label: "Products" },
  { key: "sales", label: "Sales" },
  { key: "customers", label: "Customers" },
];

export function Reports() {
  const session = useSignedIn();
  const period = usePeriod("30d");
  const { params } = period;
  const offered = ENTITIES.filter((e) => mayRead(session, e.key));
  const entity = offered.find((e) => e.key === params.get("report"))?.key ?? offered[0].key;
  const types = TYPES[entity];
  const type = types.includes(params.get("type")) ? params.get("type") : types[0];
  const report = useReport(entity, type, period.window);
  const windowErrors = report.error instanceof ApiError ? report.error.fields : undefined;
  return (
    <div className="rp">
      <h1>Reports</h1>
      <div className="rp-pickers">
        <fieldset className="rp-entities">
          <legend>Report</legend>
          {offered.map((e) => (
            <label key={e.key}>
              <input type="radio" name="report" value={e.key} checked={e.key === entity} onChange={() => params.set({ report: e.key, type: null })} />
              {e.label}
            </label>
          ))}
        </fieldset>
        <Field label="Type">
          <select name="type" value={type} onChange={(e) => params.set({ report: entity, type: e.target.value })}>
            {types.map((t) => <option key={t} value={t}>{titleOf(t)}</option>)}
          </select>
        </Field>
      </div>
      <PeriodPicker period={period} errors={windowErrors} />
      <section className="rp-result" aria-labelledby="rp-title" data-testid="report">
        <h2 id="rp-title">
          {titleOf(type)}
          {report.data && <span className="ap-muted"> · {report.data.dateRange.current}</span>}
        </h2>
        {report.isPending ? <Loading what="the report" /> : report.isError ? <ErrorNotice error={report.error} /> : (
          <Result entity={entity} type={type} window={period.window} stats={report.data.parsed} previousRange={report.data.dateRange.previous} canLink={(href) => linkable(session, href)} />
        )}
      </section>
    </div>
  );
}

/** A row's link is offered only when the role may open the screen it leads to. */
function linkable(session: ReturnType<typeof useSignedIn>, href: string) {
  if (href.startsWith("/admin/catalog/products")) return can(session, "catalog.products.view");
  if (href.startsWith("/admin/customers")) return can(session, "customers.view");
  return true;
}

function Result({ entity, type, window, stats, previousRange, canLink }: {
  entity: Entity;
  type: string;
  window: ReportWindow;
  stats: Comparison | Ranked;
  previousRange: string;
  canLink: (href: string) => boolean;
}) {
  const session = useSignedIn();
  const table = hasTable(entity, type);
  const currency = useBaseCurrency(stats.kind === "comparison" && stats.money && can(session, "sales.orders.view"));
  if (stats.kind === "ranked") {
    return (
      <>
        <div className="ap-card">
          {stats.rows.length === 0 ? <Empty>Nothing to rank in this period.</Empty> : <RankedChart title={`${titleOf(type)}, the first ${Math.min(stats.rows.length, 10)}`} ranked={stats} testId="report-chart" linkRows={canLink} />}
        </div>
        {table && <ViewTable type={type} window={window} />}
      </>
    );
  }
  const format = stats.money ? moneyFormat(currency.data) : (n: number) => n.toLocaleString();
  return (
    <>
      <div className="ap-card">
        <ComparisonSummary stats={stats} previousRange={previousRange} />
        <DailyChart title={`${titleOf(type)} per day`} data={stats.overTime} format={format} testId="report-chart" textBeside />
      </div>
      {table ? <ViewTable type={type} window={window} /> : <DailyTable stats={stats} format={format} />}
    </>
  );
}

function ComparisonSummary({ stats, previousRange }: { stats: Comparison; previousRange: string }) {
  const { figure } = stats;
  return (
    <dl className="ap-dl rp-summary" data-testid="report-summary">
      <dt>This period</dt>
      <dd data-testid="report-current">{figure.formatted_current ?? figure.current.toLocaleString()}</dd>
      <dt>Period before</dt>
      <dd>{figure.formatted_previous ?? figure.previous.toLocaleString()} <span className="ap-muted">({previousRange})</span></dd>
      <dt>Change</dt>
      <dd>{figure.progress > 0 ? "+" : ""}{figure.progress}%</dd>
    </dl>
  );
}

interface DayRow { day: string; current: number; previous: number }
const dayColumns = columnsOf<DayRow>();

/** The per-day numbers of a comparison the API gives no table of (sales, customers). */
function DailyTable({ stats, format }: { stats: Comparison; format: (n: number) => string }) {
  const rows = stats.overTime.current.map((p, i) => ({ day: p.label, current: p.total, previous: stats.overTime.previous[i]?.total ?? 0 }));
  const columns = [
    dayColumns.accessor("day", { header: "Day" }),
    dayColumns.accessor("current", { header: "This period", cell: (c) => format(c.getValue()) }),
    dayColumns.accessor("previous", { header: "Same day, period before", cell: (c) => format(c.getValue()) }),
  ];
  return (
    <TableCard title="Per day">
      <DataTable caption="Per day" columns={columns} rows={rows} rowKey={(r) => r.day} empty="No days in this period." />
    </TableCard>
  );
}

interface Record_ { n: number; record: ReportTable["records"][number] }
const recordColumns = columnsOf<Record_>();

/** A cell of the API's table: text and numbers as given. */
const cellText = (v: unknown): string =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : v === null || v === undefined ? "" : JSON.stringify(v);

/** The products report's own table form (`/view`), with its files for the same window. */
function ViewTable({ type, window }: { type: string; window: ReportWindow }) {
  const view = useReportTable(type, window);
  const columns = (view.data?.table.columns ?? []).map((c) =>
    recordColumns.accessor((r) => cellText(r.record[c.key]), { id: c.key, header: c.label }),
  );
  const rows = view.data?.table.records.map((record, n) => ({ n, record }));
  return (
    <TableCard title="Table">
      <div className="rp-exports">
        <span>Download this table ({window.start} to {window.end}):</span>
        <a href={exportUrl(type, window, "csv")} download data-testid="export-csv">CSV</a>
        <a href={exportUrl(type, window, "xlsx")} download data-testid="export-xlsx">Excel (XLSX)</a>
      </div>
      <DataTable caption={titleOf(type)} columns={columns} rows={rows} rowKey={(r) => r.n} loading={view.isPending} error={view.error} empty="No rows in this period." />
    </TableCard>
  );
}

function TableCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rp-table" data-testid="report-table">
      <h3>{title}</h3>
      {children}
    </div>
  );
}
