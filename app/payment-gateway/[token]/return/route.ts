// The shopper's way back from a payment provider's page (Stripe Checkout's success and cancel URLs): reads the
// provider's own record of the payment, places the order if it is paid, and sends the shopper on to the store.
import { returnFromProvider } from "@/lib/payments/settle";
import { errorResponse } from "@/lib/http/respond";
import { ownOrigin } from "@/lib/http/origin";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }) {
  try {
    const { token } = await params;
    const outcome = new URL(req.url).searchParams.get("outcome");
    if (outcome !== "success" && outcome !== "cancel") return Response.json({ message: "outcome must be success or cancel." }, { status: 422 });
    return Response.redirect(await returnFromProvider(token, outcome, ownOrigin(req)), 303);
  } catch (e) {
    return errorResponse(e);
  }
}
