"use client";
// The panel's home: how the store is doing today and over the period the owner picks (sales, orders, average order,
// new customers, drawn from the reporting operations), what waits for the owner (orders to invoice and to ship,
// returns to answer), the newest orders, the best sellers and the stock running low. Each widget is shown only to a
// role whose permissions let it read what the widget reads, so a role never meets a refusal here.
import { useState, type ReactNode } from "react";
import Link from "next/link";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { paths } from "../../../openapi/types/admin-api";
import { adminApi, ok, type Schemas } from "../client";
import { can, useSignedIn } from "../api";
import { Empty, ErrorNotice, Field, Loading, when } from "../common";
import { DataTable, columnsOf } from "../table";
import { PeriodPicker, today, usePeriod, type ReportWindow } from "../reports/period";
import { moneyFormat, useBaseCurrency, useReport, type Comparison, type ParsedReport } from "../reports/data";
import { DailyChart, RankedChart } from "../reports/charts";
import "../reports/reports.css";
import "./home.css";

type Order = Schemas["AdminOrder"];
type Session = ReturnType<typeof useSignedIn>;

export function Home() {
  const session = useSignedIn();
  const period = usePeriod("7d");
  const sales = can(session, "sales.orders.view");
  const customers = can(session, "customers.view");
  const day = today();
  return (
    <div className="hm">
      <h1>Home</h1>
      <p className="ap-muted">Welcome, {session.admin.name}. Here is how the store is doing.</p>
      {(sales || customers) && <Figures title="Today" window={{ start: day, end: day }} sales={sales} customers={customers} testId="today" />}
      <section aria-labelledby="hm-period">
        <h2 id="hm-period">{period.label}</h2>
        <PeriodPicker period={period} channels={false} />
        {(sales || customers) && <Figures window={period.window} sales={sales} customers={customers} testId="period" />}
        {sales && <SalesCharts window={period.window} />}
        <TopProducts window={period.window} session={session} />
      </section>
      {(sales || can(session, "sales.returns.view")) && <Waiting session={session} />}
      {sales && <NewestOrders />}
      {can(session, "catalog.inventory.view") && <LowStock session={session} />}
    </div>
  );
}

// ── Sales figures ──

type Report = UseQueryResult<ParsedReport>;

function Figures({ title, window, sales, customers, testId }: { title?: string; window: ReportWindow; sales: boolean; customers: boolean; testId: string }) {
  const total = useReport("sales", "total-sales", window, sales);
  const orders = useReport("sales", "total-orders", window, sales);
  const average = useReport("sales", "average-sales", window, sales);
  const newCustomers = useReport("customers", "total-customers", window, customers);
  const range = (sales ? total : newCustomers).data?.dateRange.current;
  const grid = (
    <>
      {range && <p className="ap-muted hm-range">{range} (UTC)</p>}
      <div className="ap-grid hm-figures" data-testid={`${testId}-figures`}>
        {sales && <Stat label="Sales" report={total} testId={`${testId}-sales`} />}
        {sales && <Stat label="Orders" report={orders} testId={`${testId}-orders`} />}
        {sales && <Stat label="Average order value" report={average} testId={`${testId}-average`} />}
        {customers && <Stat label="New customers" report={newCustomers} testId={`${testId}-customers`} />}
      </div>
    </>
  );
  if (!title) return grid;
  return (
    <section aria-labelledby={`hm-${testId}`}>
      <h2 id={`hm-${testId}`}>{title}</h2>
      {grid}
    </section>
  );
}

/** The home reads only comparison types here (total-sales, total-orders, average-sales, total-customers). */
const comparisonOf = (report: ParsedReport) => report.parsed as Comparison;

function Stat({ label, report, testId }: { label: string; report: Report; testId: string }) {
  let body: ReactNode;
  if (report.isPending) body = <Loading what={label.toLowerCase()} />;
  else if (report.isError) body = <ErrorNotice error={report.error} />;
  else {
    const { figure } = comparisonOf(report.data);
    const up = figure.progress > 0 ? "up" : figure.progress < 0 ? "down" : "flat";
    body = (
      <>
        <strong data-testid={`${testId}-value`}>{figure.formatted_current ?? figure.current.toLocaleString()}</strong>
        <span className={`hm-trend hm-${up}`}>
          {figure.progress > 0 ? "+" : ""}{figure.progress}% against the period before ({figure.formatted_previous ?? figure.previous.toLocaleString()})
        </span>
      </>
    );
  }
  return (
    <div className="ap-stat" data-testid={testId}>
      <span className="ap-label">{label}</span>
      {body}
    </div>
  );
}

function SalesCharts({ window }: { window: ReportWindow }) {
  const total = useReport("sales", "total-sales", window);
  const orders = useReport("sales", "total-orders", window);
  const currency = useBaseCurrency(true);
  const money = moneyFormat(currency.data);
  const count = (n: number) => n.toLocaleString();
  return (
    <div className="ap-columns hm-charts">
      <Chart report={total} title="Sales per day" format={money} testId="chart-sales" />
      <Chart report={orders} title="Orders per day" format={count} testId="chart-orders" kind="bar" />
    </div>
  );
}

function Chart({ report, title, format, testId, kind }: { report: Report; title: string; format: (n: number) => string; testId: string; kind?: "bar" }) {
  if (report.isPending) return <div className="ap-card"><Loading what={title.toLowerCase()} /></div>;
  if (report.isError) return <div className="ap-card"><ErrorNotice error={report.error} /></div>;
  return <div className="ap-card"><DailyChart title={title} data={comparisonOf(report.data).overTime} format={format} testId={testId} kind={kind} /></div>;
}

function TopProducts({ window, session }: { window: ReportWindow; session: Session }) {
  const report = useReport("products", "top-selling-products-by-revenue", window);
  const linked = can(session, "catalog.products.view");
  let body: ReactNode;
  if (report.isPending) body = <Loading what="the best sellers" />;
  else if (report.isError) body = <ErrorNotice error={report.error} />;
  else {
    const stats = report.data.parsed;
    body = stats.kind === "ranked" && stats.rows.length > 0
      ? <RankedChart title="Top products by revenue" ranked={stats} testId="top-products" linkRows={() => linked} />
      : <Empty>No products sold in this period.</Empty>;
  }
  return (
    <div className="ap-card hm-top">
      <h3>Best sellers</h3>
      {body}
    </div>
  );
}

// ── What waits for the owner ──

type Awaiting = NonNullable<NonNullable<paths["/api/admin/sales/orders"]["get"]["parameters"]["query"]>["awaiting"]>;

/**
 * The newest orders waiting for an invoice (their `pay` move) or a shipment (their `ship` move), and how many wait:
 * the orders list's `awaiting` filter, so the server counts them however many there are.
 */
function useAwaiting(awaiting: Awaiting, enabled: boolean) {
  return useQuery({
    queryKey: ["home", "awaiting", awaiting],
    queryFn: () => ok(adminApi.GET("/api/admin/sales/orders", { params: { query: { awaiting, per_page: 5, sort: "-id" } } })),
    enabled,
  });
}

function Waiting({ session }: { session: Session }) {
  const sales = can(session, "sales.orders.view");
  const returnsAllowed = can(session, "sales.returns.view");
  const toInvoice = useAwaiting("invoice", sales);
  const toShip = useAwaiting("shipment", sales);
  const returns = useQuery({
    queryKey: ["home", "returns-to-answer"],
    queryFn: () => ok(adminApi.GET("/api/admin/sales/returns", { params: { query: { status: 1, per_page: 5, sort: "-id" } } })),
    enabled: returnsAllowed,
  });
  return (
    <section aria-labelledby="hm-waiting">
      <h2 id="hm-waiting">Waiting for you</h2>
      <div className="ap-grid hm-waiting">
        {sales && (
          <>
            <WaitingCard title="To invoice" testId="to-invoice" awaiting="invoice" query={toInvoice} none="No order waits for an invoice." />
            <WaitingCard title="To ship" testId="to-ship" awaiting="shipment" query={toShip} none="No order waits to be shipped." />
          </>
        )}
        {returnsAllowed && (
          <div className="ap-stat" data-testid="returns-to-answer">
            <span className="ap-label">Returns to answer</span>
            {returns.isPending ? <Loading what="returns" /> : returns.isError ? <ErrorNotice error={returns.error} /> : (
              <>
                <strong data-testid="returns-to-answer-count">{returns.data.meta.total}</strong>
                {returns.data.data.length === 0 ? <span className="ap-muted">No return waits for an answer.</span> : (
                  <ul className="hm-links">
                    {returns.data.data.map((r) => <li key={r.id}><Link href={`/admin/returns/${r.id}`}>Return #{r.id} (order #{r.orderIncrementId})</Link></li>)}
                  </ul>
                )}
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

function WaitingCard({ title, testId, awaiting, query, none }: {
  title: string;
  testId: string;
  awaiting: Awaiting;
  query: UseQueryResult<{ data: Order[]; meta: { total: number } }>;
  none: string;
}) {
  let body: ReactNode;
  if (query.isPending) body = <Loading what={title.toLowerCase()} />;
  else if (query.isError) body = <ErrorNotice error={query.error} />;
  else {
    const { data: items, meta } = query.data;
    body = (
      <>
        <strong data-testid={`${testId}-count`}>{meta.total}</strong>
        {items.length === 0 ? <span className="ap-muted">{none}</span> : (
          <>
            <ul className="hm-links" aria-label={`${title}: the newest`}>
              {items.map((o) => <li key={o.id}><Link href={`/admin/orders/${o.id}`}>Order #{o.incrementId}</Link> <span className="ap-muted">{o.status}</span></li>)}
            </ul>
            <p className="hm-all"><Link href={`/admin/orders?awaiting=${awaiting}`} data-testid={`${testId}-all`}>All orders {title.toLowerCase()}</Link></p>
          </>
        )}
      </>
    );
  }
  return (
    <div className="ap-stat" data-testid={testId}>
      <span className="ap-label">{title}</span>
      {body}
    </div>
  );
}

// ── Newest orders ──

const orderColumns = columnsOf<Order>();
const money = (amount: number, currency: string) => new Intl.NumberFormat(undefined, { style: "currency", currency }).format(amount);

const newestColumns = [
  orderColumns.accessor("incrementId", { header: "Order", cell: (c) => <Link href={`/admin/orders/${c.row.original.id}`}>#{c.getValue()}</Link> }),
  orderColumns.accessor("createdAt", { header: "Placed", cell: (c) => when(c.getValue()) }),
  orderColumns.accessor("customerEmail", {
    header: "Customer",
    cell: (c) => {
      const o = c.row.original;
      return <span className="ap-break">{o.customerFirstName} {o.customerLastName}{o.isGuest ? " (guest)" : ""}<br /><span className="ap-muted">{o.customerEmail}</span></span>;
    },
  }),
  orderColumns.accessor("status", { header: "Status", cell: (c) => <span className={`ap-badge ${c.getValue()}`}>{c.getValue().replace("_", " ")}</span> }),
  orderColumns.accessor("grandTotal", { header: "Total", cell: (c) => money(c.getValue(), c.row.original.orderCurrencyCode) }),
];

function NewestOrders() {
  const list = useQuery({
    queryKey: ["home", "newest-orders"],
    queryFn: () => ok(adminApi.GET("/api/admin/sales/orders", { params: { query: { sort: "-id", per_page: 8 } } })),
  });
  return (
    <section aria-labelledby="hm-newest" data-testid="newest-orders">
      <h2 id="hm-newest">Newest orders</h2>
      <DataTable caption="Newest orders" columns={newestColumns} rows={list.data?.data} rowKey={(o) => o.id} loading={list.isPending} error={list.error} empty="No orders yet." />
      <p><Link href="/admin/orders">All orders</Link></p>
    </section>
  );
}

// ── Low stock ──

const THRESHOLDS = [5, 10, 20, 50];

/**
 * Products out of stock and running low, by the products list's `stock` filter (a configurable product counts its
 * variants); a role that reads stock records but not products sees the stock records lowest first instead.
 */
function LowStock({ session }: { session: Session }) {
  const [threshold, setThreshold] = useState(THRESHOLDS[0]);
  return (
    <section aria-labelledby="hm-low-stock" data-testid="low-stock">
      <h2 id="hm-low-stock">Low stock</h2>
      <div className="ap-filters">
        <Field label="Low means at most">
          <select name="low" value={threshold} onChange={(e) => setThreshold(Number(e.target.value))}>
            {THRESHOLDS.map((t) => <option key={t} value={t}>{t} in stock</option>)}
          </select>
        </Field>
      </div>
      {can(session, "catalog.products.view") ? <ProductStock threshold={threshold} /> : <StockRecords threshold={threshold} />}
    </section>
  );
}

type Product = Schemas["AdminProduct"] & { state: string };
const productColumns = columnsOf<Product>();
const stockColumns = [
  productColumns.accessor("name", { header: "Product", cell: (c) => <Link href={`/admin/catalog/products/${c.row.original.id}`}>{c.getValue() || c.row.original.sku}</Link> }),
  productColumns.accessor("sku", { header: "SKU" }),
  productColumns.accessor("type", { header: "Type" }),
  productColumns.accessor("state", { header: "Stock", cell: (c) => <span className={c.getValue() === "Out of stock" ? "hm-out" : undefined}>{c.getValue()}</span> }),
];

function ProductStock({ threshold }: { threshold: number }) {
  const out = useQuery({
    queryKey: ["home", "out-of-stock"],
    queryFn: () => ok(adminApi.GET("/api/admin/catalog/products", { params: { query: { stock: "out_of_stock", per_page: 5 } } })),
  });
  const low = useQuery({
    queryKey: ["home", "low-stock", threshold],
    queryFn: () => ok(adminApi.GET("/api/admin/catalog/products", { params: { query: { stock: "low", low_stock: threshold, per_page: 5 } } })),
  });
  const rows = out.data && low.data
    ? [...out.data.data.map((p) => ({ ...p, state: "Out of stock" })), ...low.data.data.map((p) => ({ ...p, state: `Low (1 to ${threshold})` }))]
    : undefined;
  return (
    <>
      {out.data && low.data && (
        <p className="ap-muted" data-testid="low-stock-count">
          {out.data.meta.total} out of stock, {low.data.meta.total} with 1 to {threshold} in stock (the default channel). The first of each:
        </p>
      )}
      <DataTable caption="Products out of stock or low" columns={stockColumns} rows={rows} rowKey={(p) => p.id} loading={out.isPending || low.isPending} error={out.error ?? low.error} empty={`No product is out of stock or at ${threshold} or fewer.`} />
      <p><Link href="/admin/catalog/products">All products</Link></p>
    </>
  );
}

const recordColumns = columnsOf<Schemas["AdminInventory"]>();
const recordColumnList = [
  recordColumns.accessor("sku", { header: "Product" }),
  recordColumns.accessor("channelCode", { header: "Channel" }),
  recordColumns.accessor("qty", { header: "In stock", cell: (c) => <span className={c.getValue() === 0 ? "hm-out" : undefined}>{c.getValue()}</span> }),
];

function StockRecords({ threshold }: { threshold: number }) {
  const list = useQuery({
    queryKey: ["home", "low-stock-records", threshold],
    queryFn: () => ok(adminApi.GET("/api/admin/catalog/inventories", { params: { query: { sort: "qty", max_qty: threshold, per_page: 8 } } })),
  });
  return (
    <>
      {list.data && <p className="ap-muted" data-testid="low-stock-count">{list.data.meta.total} stock {list.data.meta.total === 1 ? "record" : "records"} (product and channel) at or below {threshold}, lowest first:</p>}
      <DataTable caption="Low stock records" columns={recordColumnList} rows={list.data?.data} rowKey={(r) => r.id} loading={list.isPending} error={list.error} empty={`Nothing is at or below ${threshold} in stock.`} />
    </>
  );
}
