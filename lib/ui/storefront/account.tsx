"use client";
// Account pages: sign in or register, then orders (list and detail) and returns.
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../api-error";
import { useShop } from "./client";
import { Empty, ErrorMessage, Loading } from "./ui";
import type { OrderDetail, OrderRow, ReturnRow } from "./types";

interface Profile { id: number; firstName: string; lastName: string; email: string }

const money = (amount: number, currency: string | null) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency ?? "USD" }).format(amount);
const day = (iso: string) => new Date(iso).toLocaleDateString();

/** After sign-in the guest cart, if any, joins the account's cart. */
function useSignedInAs() {
  const shop = useShop();
  const client = useQueryClient();
  const router = useRouter();
  const next = useSearchParams().get("next");
  return (token: string) => {
    shop.setCustomerToken(token);
    shop.setCartToken(null);
    void client.invalidateQueries({ queryKey: ["cart"] });
    if (next?.startsWith("/")) router.push(next);
  };
}

export function AccountPage() {
  const shop = useShop();
  if (!shop.ready) return <Loading what="your account" />;
  return shop.customerToken ? <Dashboard /> : <SignInOrRegister />;
}

function SignInOrRegister() {
  const shop = useShop();
  const signedIn = useSignedInAs();
  const [login, setLogin] = useState({ email: "", password: "" });
  const [form, setForm] = useState({ firstName: "", lastName: "", email: "", password: "", confirmPassword: "" });
  const signIn = useMutation({
    mutationFn: () => shop.call<{ token: string }>("customer/login", { method: "POST", body: { ...login, cartToken: shop.cartToken ?? undefined }, bearer: "none" }),
    onSuccess: (r) => signedIn(r.token),
  });
  const register = useMutation({
    mutationFn: async () => {
      await shop.call("customers", { method: "POST", body: form, bearer: "none" });
      // Signing in right away also brings the guest cart along.
      return shop.call<{ token: string }>("customer/login", { method: "POST", body: { email: form.email, password: form.password, cartToken: shop.cartToken ?? undefined }, bearer: "none" });
    },
    onSuccess: (r) => signedIn(r.token),
  });
  const fieldError = (name: string) => (register.error instanceof ApiError ? register.error.fields[name] : undefined)?.map((m) => <span key={m} className="sf-field-error">{m}</span>);
  const input = (name: keyof typeof form, label: string, type = "text") => (
    <label className="sf-field">
      <span>{label}</span>
      <input name={`register-${name}`} type={type} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} required autoComplete={type === "password" ? "new-password" : undefined} />
      {fieldError(name)}
    </label>
  );
  return (
    <div className="sf-two">
      <form className="sf-panel" aria-label="Sign in" onSubmit={(e) => { e.preventDefault(); signIn.mutate(); }}>
        <h1>Sign in</h1>
        <label className="sf-field"><span>Email</span><input name="login-email" type="email" autoComplete="username" value={login.email} onChange={(e) => setLogin({ ...login, email: e.target.value })} required /></label>
        <label className="sf-field"><span>Password</span><input name="login-password" type="password" autoComplete="current-password" value={login.password} onChange={(e) => setLogin({ ...login, password: e.target.value })} required /></label>
        <ErrorMessage error={signIn.error} />
        <button type="submit" className="sf-button" disabled={signIn.isPending}>{signIn.isPending ? "Signing in…" : "Sign in"}</button>
        <p><Link href="/account/forgot-password">Forgot your password?</Link></p>
      </form>
      <form className="sf-panel" aria-label="Create an account" onSubmit={(e) => { e.preventDefault(); register.mutate(); }}>
        <h1>New here? Create an account</h1>
        {input("firstName", "First name")}
        {input("lastName", "Last name")}
        {input("email", "Email", "email")}
        {input("password", "Password", "password")}
        {input("confirmPassword", "Repeat the password", "password")}
        <p className="sf-muted">Use 12 or more characters with upper and lower case letters, digits and a symbol.</p>
        <ErrorMessage error={register.error} />
        <button type="submit" className="sf-button" disabled={register.isPending}>{register.isPending ? "Creating…" : "Create account"}</button>
      </form>
    </div>
  );
}

function Dashboard() {
  const shop = useShop();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const profile = useQuery({ queryKey: ["profile", shop.customerToken], queryFn: () => shop.call<Profile>("customers/get") });
  const orders = useQuery({
    queryKey: ["orders", shop.customerToken, page],
    queryFn: () => shop.list<OrderRow>("customer-orders", { page, limit: 10 }),
    placeholderData: keepPreviousData,
  });
  const signOut = useMutation({
    mutationFn: () => shop.call("customer/logout", { method: "POST", body: {} }).catch(() => undefined),
    onSettled: () => {
      shop.setCustomerToken(null);
      client.removeQueries();
    },
  });
  return (
    <>
      <div className="sf-account-head">
        <h1>{profile.data ? `Hello, ${profile.data.firstName}` : "Your account"}</h1>
        <span>
          <Link href="/account/returns">Returns</Link>{" · "}
          <button type="button" className="sf-link" onClick={() => signOut.mutate()}>Sign out</button>
        </span>
      </div>
      <ErrorMessage error={profile.error} />
      <h2>Your orders</h2>
      {orders.isPending ? <Loading what="your orders" /> : orders.isError ? <ErrorMessage error={orders.error} /> : orders.data.items.length === 0 ? (
        <Empty>You have no orders yet. <Link href="/products">Start shopping</Link>.</Empty>
      ) : (
        <>
          <table className="sf-lines" data-testid="orders">
            <thead><tr><th>Order</th><th>Date</th><th>Status</th><th>Items</th><th>Total</th></tr></thead>
            <tbody>
              {orders.data.items.map((o) => (
                <tr key={o.id}>
                  <td><Link href={`/account/orders/${o.id}`}>#{o.incrementId}</Link></td>
                  <td>{day(o.createdAt)}</td>
                  <td><span className="sf-status">{o.status}</span></td>
                  <td>{o.totalQtyOrdered ?? o.itemsCount}</td>
                  <td>{money(o.grandTotal, o.orderCurrencyCode)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {orders.data.pages > 1 && (
            <nav className="sf-paging">
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
              <span>Page {page} of {orders.data.pages}</span>
              <button type="button" disabled={page >= orders.data.pages} onClick={() => setPage(page + 1)}>Next</button>
            </nav>
          )}
        </>
      )}
    </>
  );
}

function NeedsSignIn() {
  return <Empty>Please <Link href="/account">sign in</Link> to see this page.</Empty>;
}

export function OrderPage({ id }: { id: string }) {
  const shop = useShop();
  const order = useQuery({ queryKey: ["order", id], queryFn: () => shop.call<OrderDetail>(`customer-orders/${encodeURIComponent(id)}`), enabled: !!shop.customerToken });
  if (!shop.ready) return <Loading what="the order" />;
  if (!shop.customerToken) return <NeedsSignIn />;
  if (order.isPending) return <Loading what="the order" />;
  if (order.isError) return <ErrorMessage error={order.error} />;
  return (
    <>
      <p><Link href="/account">← Your orders</Link></p>
      <OrderView o={order.data} />
    </>
  );
}

/** A guest's order, by the link its order mails carry (`/orders/view?token=…`). */
export function GuestOrderPage() {
  const shop = useShop();
  const token = useSearchParams().get("token") ?? "";
  const order = useQuery({
    queryKey: ["guest-order", token],
    queryFn: () => shop.call<OrderDetail>("guest-order", { query: { token }, bearer: "none" }),
    enabled: shop.ready && !!token,
    retry: false,
  });
  if (!token) return <Empty>This link names no order. Open the link from your order mail.</Empty>;
  if (!shop.ready || order.isPending) return <Loading what="your order" />;
  if (order.isError) {
    return order.error instanceof ApiError && order.error.status === 404
      ? <Empty>This order link is unknown or has expired. The latest mail about your order carries a fresh one.</Empty>
      : <ErrorMessage error={order.error} />;
  }
  return <OrderView o={order.data} />;
}

function OrderView({ o }: { o: OrderDetail }) {
  const cur = o.orderCurrencyCode;
  return (
    <>
      <h1>Order #{o.incrementId}</h1>
      <p>Placed {day(o.createdAt)} · <span className="sf-status">{o.status}</span>{o.payment ? ` · ${o.payment.methodTitle}` : ""}{o.shippingTitle ? ` · ${o.shippingTitle}` : ""}</p>
      <table className="sf-lines">
        <thead><tr><th>Product</th><th>Price</th><th>Quantity</th><th>Total</th></tr></thead>
        <tbody>
          {o.items.map((i) => <tr key={i.id}><td>{i.name}<br /><span className="sf-muted">{i.sku}</span></td><td>{money(i.price, cur)}</td><td>{i.qtyOrdered}</td><td>{money(i.total, cur)}</td></tr>)}
        </tbody>
      </table>
      <dl className="sf-totals sf-narrow">
        <div><dt>Subtotal</dt><dd>{money(o.subTotal, cur)}</dd></div>
        {o.discountAmount > 0 && <div><dt>Discount</dt><dd>−{money(o.discountAmount, cur)}</dd></div>}
        <div><dt>Shipping</dt><dd>{money(o.shippingAmount, cur)}</dd></div>
        <div><dt>Tax</dt><dd>{money(o.taxAmount, cur)}</dd></div>
        <div className="sf-grand"><dt>Total</dt><dd>{money(o.grandTotal, cur)}</dd></div>
      </dl>
      <div className="sf-two">
        {o.addresses.map((a) => (
          <address key={a.id} className="sf-panel">
            <strong>{a.addressType.endsWith("billing") ? "Billing" : "Shipping"} address</strong><br />
            {a.firstName} {a.lastName}<br />{a.address}<br />{a.postcode} {a.city}{a.state ? `, ${a.state}` : ""}<br />{a.country}
          </address>
        ))}
      </div>
    </>
  );
}

export function ReturnsPage() {
  const shop = useShop();
  const returns = useQuery({ queryKey: ["returns", shop.customerToken], queryFn: () => shop.list<ReturnRow>("returns", { per_page: 50 }), enabled: !!shop.customerToken });
  if (!shop.ready) return <Loading what="your returns" />;
  if (!shop.customerToken) return <NeedsSignIn />;
  return (
    <>
      <p><Link href="/account">← Your account</Link></p>
      <h1>Your returns</h1>
      {returns.isPending ? <Loading what="your returns" /> : returns.isError ? <ErrorMessage error={returns.error} /> : returns.data.items.length === 0 ? (
        <Empty>You have not asked to return anything.</Empty>
      ) : (
        <table className="sf-lines">
          <thead><tr><th>Return</th><th>Order</th><th>Item</th><th>Status</th><th>Date</th></tr></thead>
          <tbody>
            {returns.data.items.map((r) => (
              <tr key={r.id}>
                <td>#{r.id}</td>
                <td>#{r.orderIncrementId}</td>
                <td>{r.item ? `${r.item.quantity} × ${r.item.name}` : ""}</td>
                <td><span className="sf-status" style={{ borderColor: r.statusColor }}>{r.statusTitle}</span></td>
                <td>{day(r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
