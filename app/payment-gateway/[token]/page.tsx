// The payment simulator's page (lib/checkout/gateway.ts): shows what is being paid, as stored when the payment was
// opened, and lets the shopper pay or cancel. Every state of it says that it is a simulation and moves no money.
import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { gatewaySession } from "@/lib/checkout/gateway";
import { formatPrice } from "@/lib/money";
import { getDb } from "@/lib/db/client";
import { NotFound } from "@/lib/errors";
import { storeSettings } from "@/lib/store/settings";

export const dynamic = "force-dynamic";

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main style={box}>
      <p role="note" data-testid="simulation" style={banner}>
        <strong>Simulated payment.</strong> This page stands in for a payment provider: no money moves, and no card or account is charged.
      </p>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

export default async function PaymentGatewayPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string>> }) {
  const { token } = await params;
  const query = await searchParams;
  const session = await gatewaySession(token).catch((e: unknown) => {
    if (e instanceof NotFound) notFound();
    throw e;
  });
  if (session.order || query.orderId) {
    return <Page title="Payment received"><p>Order #{session.order?.incrementId ?? query.orderIncrementId} has been placed.</p></Page>;
  }
  const currency = session.currencyCode ? (await storeSettings(await getDb())).currencies.get(session.currencyCode) : undefined;
  if (session.status === "superseded" || session.amount == null || !currency) {
    return <Page title="Payment expired"><p>The cart changed after this payment was opened. Nothing was charged; place the order again from the store.</p></Page>;
  }
  if (session.status !== "pending") {
    return <Page title={`Payment ${session.status}`}><p>Nothing was charged. Your cart is unchanged.</p></Page>;
  }
  return (
    <Page title="Simulated payment">
      <p>Pay <strong data-testid="amount">{formatPrice(session.amount.toString(), currency)}</strong> to the store with {session.method}.</p>
      <form method="post" action={`/payment-gateway/${token}/complete`} style={{ display: "flex", gap: 12 }}>
        <button name="outcome" value="success" type="submit">Pay now</button>
        <button name="outcome" value="cancel" type="submit">Cancel</button>
        <button name="outcome" value="failure" type="submit">Simulate a failure</button>
      </form>
    </Page>
  );
}

const box = { fontFamily: "system-ui, sans-serif", maxWidth: 480, margin: "10vh auto", padding: 24, border: "1px solid #ddd", borderRadius: 8 };
const banner = { background: "#fff4d6", border: "1px solid #e0b84c", borderRadius: 6, padding: "8px 12px", margin: "0 0 16px" };
