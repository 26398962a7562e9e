// A stand-in for an offsite payment provider's page: shows what is being paid and lets the shopper pay or cancel.
import { gatewaySession } from "@/lib/checkout/gateway";
import { convert, formatPrice } from "@/lib/money";
import { getDb } from "@/lib/db/client";
import { storeSettings } from "@/lib/store/settings";

export const dynamic = "force-dynamic";

export default async function PaymentGatewayPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string>> }) {
  const { token } = await params;
  const query = await searchParams;
  const session = await gatewaySession(token).catch(() => null);
  if (!session) return <main style={box}><h1>Payment not found</h1><p>This payment link is not valid.</p></main>;
  const settings = await storeSettings(await getDb());
  const currency =
    settings.currencies.get(session.cart.currencyCode) ??
    settings.currencies.get(settings.channels.get(session.cart.channel.code)?.baseCurrency ?? "")!;
  const amount = formatPrice(convert(session.cart.baseGrandTotal.toString(), currency), currency);
  if (session.order || query.orderId) {
    return <main style={box}><h1>Payment received</h1><p>Order #{session.order?.incrementId ?? query.orderIncrementId} has been placed.</p></main>;
  }
  if (session.status !== "pending") {
    return <main style={box}><h1>Payment {session.status}</h1><p>Nothing was charged. Your cart is unchanged.</p></main>;
  }
  return (
    <main style={box}>
      <h1>Simulated payment</h1>
      <p>Pay <strong data-testid="amount">{amount}</strong> to the store with {session.method}.</p>
      <form method="post" action={`/payment-gateway/${token}/complete`} style={{ display: "flex", gap: 12 }}>
        <button name="outcome" value="success" type="submit">Pay now</button>
        <button name="outcome" value="cancel" type="submit">Cancel</button>
        <button name="outcome" value="failure" type="submit">Simulate a failure</button>
      </form>
    </main>
  );
}

const box = { fontFamily: "system-ui, sans-serif", maxWidth: 480, margin: "10vh auto", padding: 24, border: "1px solid #ddd", borderRadius: 8 };
