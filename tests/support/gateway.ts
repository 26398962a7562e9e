// The payment simulator as a shopper's browser meets it: its page (app/payment-gateway/[token]/page.tsx) rendered to
// HTML, and the form post of its buttons to the complete route.
import { createHash } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { getDb } from "./client.ts";
import GatewayPage from "../../app/payment-gateway/[token]/page.tsx";
import { POST as complete } from "../../app/payment-gateway/[token]/complete/route.ts";

/** The token at the end of a gateway URL. */
export const gatewayToken = (gatewayUrl: string) => new URL(gatewayUrl).pathname.split("/").pop()!;

/** The session row behind a gateway URL (only the token's hash is stored). */
export async function sessionOf(gatewayUrl: string) {
  const hash = createHash("sha256").update(gatewayToken(gatewayUrl)).digest("hex");
  return (await getDb()).paymentSession.findUniqueOrThrow({ where: { token: hash } });
}

/** Posts the simulator's form: the shopper paid, cancelled or failed on the page at `gatewayUrl`. */
export async function returnFromGateway(gatewayUrl: string, outcome: string) {
  const token = gatewayToken(gatewayUrl);
  const body = new FormData();
  body.set("outcome", outcome);
  const res = await complete(new Request(`${gatewayUrl}/complete`, { method: "POST", body }), { params: Promise.resolve({ token }) });
  return { status: res.status, location: res.headers.get("location"), body: res.status >= 400 ? await res.json() : null };
}

/** The page's HTML; rejects with Next's not-found signal (digest `NEXT_HTTP_ERROR_FALLBACK;404`) for a 404. */
export async function gatewayPage(gatewayUrl: string): Promise<string> {
  const element = await GatewayPage({ params: Promise.resolve({ token: gatewayToken(gatewayUrl) }), searchParams: Promise.resolve({}) });
  return renderToStaticMarkup(element);
}
