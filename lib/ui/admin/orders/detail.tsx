"use client";
// One order: its lines with what was invoiced, shipped and refunded, the totals, addresses, payment and the money
// that moved, its invoices, shipments (carrier and tracking) and refunds, comments, and its history in time order;
// above them, the moves it offers now (./actions.tsx), each sent with the version of the order shown (`If-Match`).
import Link from "next/link";
import { useParams } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { can, useSignedIn } from "../api";
import { adminApi, ok, versioned, type Schemas } from "../client";
import { ErrorNotice, Loading, when } from "../common";
import { columnsOf, DataTable, type Column } from "../table";
import { CommentForm, OrderActions } from "./actions";
import { money, StatusBadge, statusText, type Order, type OrderLine } from "./format";
import { ordersKey } from "./list";
import "./orders.css";

type Invoice = Schemas["AdminInvoice"];
type Shipment = Schemas["AdminShipment"];
type Refund = Schemas["AdminRefund"];
type Transaction = Schemas["AdminPaymentTransaction"];

export function OrderDetail() {
  const { id: raw } = useParams<{ id: string }>();
  const id = Number(raw);
  const session = useSignedIn();
  const order = useQuery({
    queryKey: [...ordersKey, id],
    // With its ETag: the version every action on it is sent with, so that a change made meanwhile is not acted over.
    queryFn: () => versioned(adminApi.GET("/api/admin/sales/orders/{id}", { params: { path: { id } } })),
    enabled: Number.isInteger(id) && id > 0,
  });
  const byOrder = { params: { query: { order_id: id, per_page: 50, sort: "id" as const } } };
  const invoices = useQuery({
    queryKey: [...ordersKey, id, "invoices"],
    queryFn: () => ok(adminApi.GET("/api/admin/sales/invoices", byOrder)),
    enabled: can(session, "sales.invoices.view") && !!order.data,
  });
  const shipments = useQuery({
    queryKey: [...ordersKey, id, "shipments"],
    queryFn: () => ok(adminApi.GET("/api/admin/sales/shipments", byOrder)),
    enabled: can(session, "sales.shipments.view") && !!order.data,
  });
  const refunds = useQuery({
    queryKey: [...ordersKey, id, "refunds"],
    queryFn: () => ok(adminApi.GET("/api/admin/sales/refunds", byOrder)),
    enabled: can(session, "sales.refunds.view") && !!order.data,
  });
  const back = <p className="ap-order-back"><Link href="/admin/orders">← All orders</Link></p>;
  if (!Number.isInteger(id) || id <= 0) return <>{back}<h1>Order</h1><p className="ap-error" role="alert">There is no order {raw}.</p></>;
  if (order.isPending) return <>{back}<h1>Order</h1><Loading what="the order" /></>;
  if (order.isError) return <>{back}<h1>Order</h1><ErrorNotice error={order.error} /></>;
  const { value: o, etag } = order.data;
  const docs = { invoices: invoices.data?.data, shipments: shipments.data?.data, refunds: refunds.data?.data };
  return (
    <>
      {back}
      <h1>Order #{o.incrementId}</h1>
      <p className="ap-order-head">
        <StatusBadge status={o.status} /> Placed {when(o.createdAt)} in {o.channelName} by {o.customerFirstName} {o.customerLastName}
        {o.isGuest ? " (guest)" : ""}, <span className="ap-break">{o.customerEmail}</span>
      </p>
      <div className="ap-grid ap-order-stats">
        <Stat label="Grand total" value={money(o.grandTotal, o.orderCurrencyCode)} />
        <Stat label="Invoiced" value={money(o.grandTotalInvoiced, o.orderCurrencyCode)} testid="invoiced" />
        <Stat label="Refunded" value={money(o.grandTotalRefunded, o.orderCurrencyCode)} testid="refunded" />
        <Stat label="Units" value={String(o.totalQtyOrdered)} />
      </div>

      <h2>Actions</h2>
      <OrderActions order={o} etag={etag} />

      <h2>Lines</h2>
      <Lines order={o} />
      <Totals order={o} />

      <div className="ap-columns">
        <section aria-labelledby="ap-order-addresses">
          <h2 id="ap-order-addresses">Addresses</h2>
          <Addresses order={o} />
        </section>
        <section aria-labelledby="ap-order-payment">
          <h2 id="ap-order-payment">Payment</h2>
          <dl className="ap-dl">
            <dt>Method</dt><dd>{o.payment ? <>{o.payment.methodTitle} <code>{o.payment.method}</code></> : "none"}</dd>
            <dt>Shipping</dt><dd>{o.shippingTitle ?? "none"}</dd>
            {o.couponCode && <><dt>Coupon</dt><dd><code>{o.couponCode}</code></dd></>}
          </dl>
        </section>
      </div>

      <h2>Payment transactions</h2>
      <Transactions order={o} />

      <Documents title="Invoices" query={invoices} rows={docs.invoices} columns={invoiceColumns(o)} permission="sales.invoices.view" empty="Not invoiced yet." />
      <Documents title="Shipments" query={shipments} rows={docs.shipments} columns={shipmentColumns} permission="sales.shipments.view" empty="Not shipped yet." />
      <Documents title="Refunds" query={refunds} rows={docs.refunds} columns={refundColumns(o)} permission="sales.refunds.view" empty="Nothing refunded." />

      <h2>Comments</h2>
      {o.comments.length ? (
        <ul className="ap-order-comments">
          {o.comments.map((c) => (
            <li key={c.id}>
              <p>{c.comment}</p>
              <span className="ap-muted">{when(c.createdAt)}{c.customerNotified ? " · the customer was told" : ""}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="ap-muted">No comments yet.</p>
      )}
      {can(session, "sales.orders.edit") && <CommentForm order={o} etag={etag} />}

      <h2>History</h2>
      <History order={o} {...docs} />
    </>
  );
}

function Stat({ label, value, testid }: { label: string; value: string; testid?: string }) {
  return <div className="ap-stat"><span className="ap-muted">{label}</span><strong data-testid={testid}>{value}</strong></div>;
}

const lineColumn = columnsOf<OrderLine>();

function Lines({ order: o }: { order: Order }) {
  const m = (n: number) => money(n, o.orderCurrencyCode);
  const columns = [
    lineColumn.accessor("sku", { header: "SKU", cell: ({ getValue }) => <code>{getValue()}</code> }),
    lineColumn.accessor("name", { header: "Name", cell: ({ row: { original: l } }) => (l.parentId ? <span className="ap-muted">↳ {l.name}</span> : l.name) }),
    lineColumn.accessor("qtyOrdered", { header: "Ordered" }),
    lineColumn.accessor("qtyInvoiced", { header: "Invoiced" }),
    lineColumn.accessor("qtyShipped", { header: "Shipped" }),
    lineColumn.accessor("qtyRefunded", { header: "Refunded" }),
    lineColumn.accessor("qtyCanceled", { header: "Canceled" }),
    lineColumn.accessor("price", { header: "Price", cell: ({ getValue }) => m(getValue()) }),
    lineColumn.accessor("total", { header: "Total", cell: ({ getValue }) => m(getValue()) }),
  ];
  return <DataTable caption={`Lines of order #${o.incrementId}`} columns={columns} rows={o.items} rowKey={(l) => l.id} empty="This order has no lines." />;
}

function Totals({ order: o }: { order: Order }) {
  const m = (n: number) => money(n, o.orderCurrencyCode);
  return (
    <dl className="ap-dl ap-order-totals">
      <dt>Subtotal</dt><dd>{m(o.subTotal)}</dd>
      <dt>Shipping</dt><dd>{m(o.shippingAmount)}</dd>
      {o.discountAmount !== 0 && <><dt>Discount</dt><dd>{m(-Math.abs(o.discountAmount))}</dd></>}
      <dt>Tax</dt><dd>{m(o.taxAmount)}</dd>
      <dt>Grand total</dt><dd><strong>{m(o.grandTotal)}</strong></dd>
      <dt>Invoiced</dt><dd>{m(o.grandTotalInvoiced)}</dd>
      <dt>Refunded</dt><dd>{m(o.grandTotalRefunded)}</dd>
      {o.baseCurrencyCode !== o.orderCurrencyCode && <><dt>In {o.baseCurrencyCode}</dt><dd>{money(o.baseGrandTotal, o.baseCurrencyCode)}</dd></>}
    </dl>
  );
}

function Addresses({ order: o }: { order: Order }) {
  if (!o.addresses.length) return <p className="ap-muted">No address on this order.</p>;
  return (
    <div className="ap-order-addresses">
      {o.addresses.map((a) => (
        <address key={a.id}>
          <strong>{a.addressType === "billing" ? "Billing" : a.addressType === "shipping" ? "Shipping" : a.addressType}</strong><br />
          {a.firstName} {a.lastName}{a.companyName ? `, ${a.companyName}` : ""}<br />
          {a.address}<br />
          {a.postcode} {a.city}{a.state ? `, ${a.state}` : ""}, {a.country}
          {a.email && <><br /><span className="ap-break">{a.email}</span></>}
          {a.phone && <><br />{a.phone}</>}
        </address>
      ))}
    </div>
  );
}

const txColumn = columnsOf<Transaction>();

function Transactions({ order: o }: { order: Order }) {
  const columns = [
    txColumn.accessor("createdAt", { header: "When", cell: ({ getValue }) => when(getValue()) }),
    txColumn.accessor("kind", { header: "Kind" }),
    txColumn.accessor("provider", { header: "Provider", cell: ({ row: { original: t } }) => <>{t.provider}{t.offline ? <span className="ap-muted"> (offline)</span> : null}</> }),
    txColumn.accessor("status", { header: "Status", cell: ({ row: { original: t } }) => <>{t.status}{t.message ? <><br /><span className="ap-field-error">{t.message}</span></> : null}</> }),
    txColumn.accessor("amount", { header: "Amount", cell: ({ row: { original: t } }) => money(t.amount, t.currencyCode) }),
    txColumn.accessor("reference", { header: "Reference", cell: ({ row: { original: t } }) => <span className="ap-break">{t.reference ?? (t.refundId ? `refund #${t.refundId}` : "—")}</span> }),
  ];
  return <DataTable caption="Payment transactions" columns={columns} rows={o.paymentTransactions} rowKey={(t) => t.id} empty="No money has moved for this order yet." />;
}

const invoiceColumn = columnsOf<Invoice>();
const invoiceColumns = (o: Order) => [
  invoiceColumn.accessor("id", { header: "Invoice", cell: ({ row: { original: i } }) => `#${i.id}${i.incrementId ? ` (${i.incrementId})` : ""}` }),
  invoiceColumn.accessor("createdAt", { header: "When", cell: ({ getValue }) => when(getValue()) }),
  invoiceColumn.accessor("state", { header: "State" }),
  invoiceColumn.accessor("totalQty", { header: "Units" }),
  invoiceColumn.accessor("shippingAmount", { header: "Shipping", cell: ({ getValue }) => money(getValue(), o.orderCurrencyCode) }),
  invoiceColumn.accessor("grandTotal", { header: "Total", cell: ({ getValue }) => money(getValue(), o.orderCurrencyCode) }),
];

const shipmentColumn = columnsOf<Shipment>();
const shipmentColumns = [
  shipmentColumn.accessor("id", { header: "Shipment", cell: ({ getValue }) => `#${getValue()}` }),
  shipmentColumn.accessor("createdAt", { header: "When", cell: ({ getValue }) => when(getValue()) }),
  shipmentColumn.accessor("carrierTitle", { header: "Carrier", cell: ({ row: { original: s } }) => <>{s.carrierTitle ?? "—"}{s.carrierCode ? <span className="ap-muted"> ({s.carrierCode})</span> : null}</> }),
  shipmentColumn.accessor("trackNumber", { header: "Tracking", cell: ({ getValue }) => <code className="ap-break">{getValue() ?? "—"}</code> }),
  shipmentColumn.accessor("totalQty", { header: "Units" }),
];

const refundColumn = columnsOf<Refund>();
const refundColumns = (o: Order) => {
  const m = (n: number) => money(n, o.orderCurrencyCode);
  return [
    refundColumn.accessor("id", { header: "Refund", cell: ({ getValue }) => `#${getValue()}` }),
    refundColumn.accessor("createdAt", { header: "When", cell: ({ getValue }) => when(getValue()) }),
    refundColumn.accessor("state", { header: "State" }),
    refundColumn.accessor("totalQty", { header: "Units" }),
    refundColumn.accessor("subTotal", { header: "Lines", cell: ({ getValue }) => m(getValue()) }),
    refundColumn.accessor("shippingAmount", { header: "Shipping", cell: ({ getValue }) => m(getValue()) }),
    refundColumn.display({ id: "adjustments", header: "Adjustments", cell: ({ row: { original: r } }) => `+${m(r.adjustmentRefund)} / −${m(r.adjustmentFee)}` }),
    refundColumn.accessor("grandTotal", { header: "Total", cell: ({ getValue }) => <strong>{m(getValue())}</strong> }),
  ];
};

function Documents<T extends { id: number }>({ title, query, rows, columns, permission, empty }: {
  title: string; query: { error: unknown; isPending: boolean }; rows: T[] | undefined; columns: Column<T>[]; permission: string; empty: string;
}) {
  const session = useSignedIn();
  return (
    <>
      <h2>{title}</h2>
      {can(session, permission) ? (
        <DataTable caption={title} columns={columns} rows={rows} rowKey={(r) => r.id} loading={query.isPending} error={query.error} empty={empty} />
      ) : (
        <p className="ap-muted">Your role cannot see {title.toLowerCase()}.</p>
      )}
    </>
  );
}

interface Happening {
  at: string;
  what: string;
  detail?: string;
}

/** Everything that happened to the order, oldest first: placed, documents, money, comments, its last change. */
function History({ order: o, invoices, shipments, refunds }: { order: Order; invoices?: Invoice[]; shipments?: Shipment[]; refunds?: Refund[] }) {
  const m = (n: number, c = o.orderCurrencyCode) => money(n, c);
  const events: Happening[] = [
    { at: o.createdAt, what: "Order placed", detail: `${m(o.grandTotal)}, ${o.totalQtyOrdered} ${o.totalQtyOrdered === 1 ? "unit" : "units"}` },
    ...(invoices ?? []).map((i) => ({ at: i.createdAt, what: `Invoice #${i.id} created`, detail: `${m(i.grandTotal)}, ${i.totalQty} ${i.totalQty === 1 ? "unit" : "units"}` })),
    ...(shipments ?? []).map((s) => ({ at: s.createdAt, what: `Shipment #${s.id} sent`, detail: `${s.carrierTitle ?? "no carrier"}, tracking ${s.trackNumber ?? "none"}` })),
    ...(refunds ?? []).map((r) => ({ at: r.createdAt, what: `Refund #${r.id} ${r.state}`, detail: m(r.grandTotal) })),
    ...o.paymentTransactions.map((t) => ({ at: t.createdAt, what: `Payment ${t.kind} ${t.status}`, detail: `${m(t.amount, t.currencyCode)} by ${t.provider}${t.message ? `: ${t.message}` : ""}` })),
    ...o.comments.map((c) => ({ at: c.createdAt, what: c.customerNotified ? "Comment (customer told)" : "Comment", detail: c.comment })),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <ol className="ap-order-history">
      {events.map((e, i) => (
        <li key={i}>
          <time dateTime={e.at}>{when(e.at)}</time> <strong>{e.what}</strong>
          {e.detail && <span className="ap-break"> · {e.detail}</span>}
        </li>
      ))}
      <li>
        <time dateTime={o.updatedAt}>{when(o.updatedAt)}</time> <strong>Last changed</strong> · now {statusText(o.status)}
      </li>
    </ol>
  );
}
