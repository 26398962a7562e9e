"use client";
// Checkout in SPEC.md's order: address, shipping method, payment method, place order. An offsite payment sends
// the shopper to the gateway; coming back to the success URL completes the order there.
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../api-error";
import { useShop } from "./client";
import { useCart } from "./cart";
import { Totals } from "./cart-page";
import { AddressFields, emptyAddress, flatten, type Address } from "./address-form";
import { Empty, ErrorMessage, Loading } from "./ui";
import type { PaymentMethod, ShippingRate } from "./types";

type Step = "address" | "shipping" | "payment" | "review";

interface Profile { firstName: string; lastName: string; email: string; phone: string | null }
interface PlacedOrder { orderId: number | null; orderIncrementId: string | null; redirect: boolean; redirectUrl: string | null }

const RETURN_NOTICE: Record<string, string> = {
  cancel: "The payment was canceled. Nothing was charged and your cart is unchanged.",
  failure: "The payment did not go through. Nothing was charged; choose a payment method and try again.",
};

export function Checkout() {
  const shop = useShop();
  const router = useRouter();
  const params = useSearchParams();
  const client = useQueryClient();
  const cart = useCart();
  const [step, setStep] = useState<Step>("address");
  const [billing, setBilling] = useState<Address>(emptyAddress);
  const [shipping, setShipping] = useState<Address>(emptyAddress);
  const [sameAddress, setSameAddress] = useState(true);
  const [rate, setRate] = useState("");
  const [method, setMethod] = useState("");
  const profile = useQuery({
    queryKey: ["profile", shop.customerToken],
    queryFn: () => shop.call<Profile>("customers/get"),
    enabled: !!shop.customerToken,
  });
  useEffect(() => {
    const p = profile.data;
    if (p) setBilling((b) => ({ ...b, firstName: b.firstName || p.firstName, lastName: b.lastName || p.lastName, email: b.email || p.email, phoneNumber: b.phoneNumber || (p.phone ?? "") }));
  }, [profile.data]);

  const refreshCart = () => client.invalidateQueries({ queryKey: ["cart"] });
  const saveAddress = useMutation({
    mutationFn: () =>
      shop.call("checkout/set-billing-address", {
        method: "POST",
        body: { ...flatten("billing", billing), ...(sameAddress ? {} : flatten("shipping", shipping)), useForShipping: sameAddress },
      }),
    onSuccess: () => (setStep("shipping"), refreshCart()),
  });
  const rates = useQuery({ queryKey: ["shipping-rates", cart.data?.id], queryFn: () => shop.call<ShippingRate[]>("checkout/get-shipping-methods"), enabled: step === "shipping" });
  const saveRate = useMutation({
    mutationFn: () => shop.call("checkout/set-shipping-method", { method: "POST", body: { shippingMethod: rate } }),
    onSuccess: () => (setStep("payment"), refreshCart()),
  });
  const methods = useQuery({ queryKey: ["payment-methods", cart.data?.id], queryFn: () => shop.call<PaymentMethod[]>("checkout/get-payment-methods"), enabled: step === "payment" });
  const savePayment = useMutation({
    mutationFn: () => {
      const here = window.location.origin;
      return shop.call("checkout/set-payment-method", {
        method: "POST",
        body: {
          paymentMethod: method,
          paymentSuccessUrl: `${here}/checkout/success`,
          paymentCancelUrl: `${here}/checkout?payment=cancel`,
          paymentFailureUrl: `${here}/checkout?payment=failure`,
        },
      });
    },
    onSuccess: () => (setStep("review"), refreshCart()),
  });
  const place = useMutation({
    mutationFn: () => shop.call<PlacedOrder>("checkout/place-order", { method: "POST", body: {} }),
    onSuccess: (order) => {
      if (order.redirect && order.redirectUrl) {
        window.location.assign(order.redirectUrl);
        return;
      }
      router.push(`/checkout/success?orderId=${order.orderId}&orderIncrementId=${encodeURIComponent(order.orderIncrementId ?? "")}`);
    },
  });

  if (!shop.ready || cart.isPending) return <Loading what="checkout" />;
  if (cart.isError) return <ErrorMessage error={cart.error} />;
  if (!cart.data || cart.data.items.length === 0) {
    return <Empty><h1>Your cart is empty</h1><p>There is nothing to check out. <Link href="/products">Browse the products</Link>.</p></Empty>;
  }
  const errors = (e: unknown) => (e instanceof ApiError ? e.fields : {});
  const notice = RETURN_NOTICE[params.get("payment") ?? ""];
  const stepTitle = (s: Step, n: number, title: string, summary: string) => (
    <h2 className={step === s ? "sf-step-active" : ""}>
      {n}. {title}
      {summary && step !== s && <button type="button" className="sf-link" onClick={() => setStep(s)}>Change</button>}
      {summary && step !== s && <span className="sf-muted sf-step-summary">{summary}</span>}
    </h2>
  );
  const order: Step[] = ["address", "shipping", "payment", "review"];
  const past = (s: Step) => order.indexOf(step) > order.indexOf(s);

  return (
    <div className="sf-checkout">
      <section>
        <h1>Checkout</h1>
        {notice && <p className="sf-notice" role="status">{notice}</p>}
        {!shop.customerToken && <p className="sf-muted">Checking out as a guest. <Link href="/account?next=/checkout">Sign in</Link> to use your account.</p>}

        {stepTitle("address", 1, "Address", past("address") ? `${billing.firstName} ${billing.lastName}, ${billing.address}, ${billing.city}` : "")}
        {step === "address" && (
          <form onSubmit={(e) => { e.preventDefault(); saveAddress.mutate(); }}>
            <AddressFields legend="Billing address" prefix="billing" value={billing} onChange={setBilling} errors={errors(saveAddress.error)} />
            <label className="sf-check"><input type="checkbox" checked={sameAddress} onChange={(e) => setSameAddress(e.target.checked)} />Ship to the same address</label>
            {!sameAddress && <AddressFields legend="Shipping address" prefix="shipping" value={shipping} onChange={setShipping} errors={errors(saveAddress.error)} />}
            <ErrorMessage error={saveAddress.error} />
            <button type="submit" className="sf-button" disabled={saveAddress.isPending}>{saveAddress.isPending ? "Saving…" : "Continue to shipping"}</button>
          </form>
        )}

        {stepTitle("shipping", 2, "Shipping method", past("shipping") ? (rates.data?.find((r) => r.code === rate)?.label ?? rate) : "")}
        {step === "shipping" && (
          <form onSubmit={(e) => { e.preventDefault(); saveRate.mutate(); }}>
            {rates.isPending ? <Loading what="shipping methods" /> : rates.isError ? <ErrorMessage error={rates.error} /> : rates.data.length === 0 ? (
              <Empty>No shipping method serves this address. Check the address.</Empty>
            ) : rates.data.map((r) => (
              <label key={r.code} className="sf-choice">
                <input type="radio" name="shippingMethod" value={r.code} checked={rate === r.code} onChange={() => setRate(r.code)} required />
                <span><strong>{r.label}</strong> {r.formattedPrice}<br /><span className="sf-muted">{r.description}</span></span>
              </label>
            ))}
            <ErrorMessage error={saveRate.error} />
            <button type="submit" className="sf-button" disabled={!rate || saveRate.isPending}>Continue to payment</button>
          </form>
        )}

        {stepTitle("payment", 3, "Payment", past("payment") ? (methods.data?.find((m) => m.method === method)?.title ?? method) : "")}
        {step === "payment" && (
          <form onSubmit={(e) => { e.preventDefault(); savePayment.mutate(); }}>
            {methods.isPending ? <Loading what="payment methods" /> : methods.isError ? <ErrorMessage error={methods.error} /> : methods.data.length === 0 ? (
              <Empty>No payment method is available.</Empty>
            ) : methods.data.map((m) => (
              <label key={m.method} className="sf-choice">
                <input type="radio" name="paymentMethod" value={m.method} checked={method === m.method} onChange={() => setMethod(m.method)} required />
                <span><strong>{m.title}</strong><br /><span className="sf-muted">{m.description}{m.offsite ? " You will be sent to the payment provider's page." : ""}</span></span>
              </label>
            ))}
            <ErrorMessage error={savePayment.error} />
            <button type="submit" className="sf-button" disabled={!method || savePayment.isPending}>Review order</button>
          </form>
        )}

        {stepTitle("review", 4, "Place order", "")}
        {step === "review" && (
          <div>
            <p>Check the summary, then place your order.</p>
            <ErrorMessage error={place.error} />
            <button type="button" className="sf-button" onClick={() => place.mutate()} disabled={place.isPending || place.isSuccess}>
              {place.isPending || place.isSuccess ? "Placing order…" : "Place order"}
            </button>
          </div>
        )}
      </section>
      <aside className="sf-summary">
        <h2>Order summary</h2>
        <ul className="sf-summary-lines">
          {cart.data.items.map((i) => <li key={i.id}><span>{i.quantity} × {i.name}</span><span>{i.formattedTotal}</span></li>)}
        </ul>
        <Totals cart={cart.data} />
      </aside>
    </div>
  );
}

export function OrderPlaced() {
  const shop = useShop();
  const params = useSearchParams();
  const client = useQueryClient();
  const incrementId = params.get("orderIncrementId");
  useEffect(() => {
    // The guest's cart became the order; the next visit starts a new one.
    if (shop.ready && !shop.customerToken && shop.cartToken) shop.setCartToken(null);
    void client.invalidateQueries({ queryKey: ["cart"] });
  }, [shop, client]);
  return (
    <div className="sf-confirmation">
      <h1>Thank you for your order</h1>
      {incrementId ? <p>Your order number is <strong data-testid="order-number">#{incrementId}</strong>.</p> : <p>Your order has been placed.</p>}
      {shop.customerToken ? (
        <p><Link href="/account">See your orders</Link></p>
      ) : (
        <p>We will email you when it ships. <Link href="/products">Continue shopping</Link></p>
      )}
    </div>
  );
}
