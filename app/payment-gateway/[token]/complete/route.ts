// The payment simulator's return: settles the payment session and sends the shopper back to the store (404 for a
// session the simulator does not stand in for, 409 when the cart changed since the page showed it).
import { settle, type Outcome } from "@/lib/checkout/gateway";
import { errorResponse } from "@/lib/http/respond";
import { readCappedForm } from "@/lib/http/body";
import { PayloadTooLarge } from "@/lib/errors";
import { ownOrigin } from "@/lib/http/origin";

const OUTCOMES = new Set<Outcome>(["success", "cancel", "failure"]);

export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }) {
  try {
    const { token } = await params;
    // One small field: the body is read within a few kilobytes (413 beyond), and an unreadable one is no answer.
    const form = await readCappedForm(req, 4096).catch((e: unknown) => {
      if (e instanceof PayloadTooLarge) throw e;
      return null;
    });
    const field = form?.get("outcome");
    const outcome = (typeof field === "string" ? field : null) ?? new URL(req.url).searchParams.get("outcome") ?? "";
    if (!OUTCOMES.has(outcome as Outcome)) return Response.json({ message: "outcome must be success, cancel or failure." }, { status: 422 });
    const { redirect } = await settle(token, outcome as Outcome, ownOrigin(req));
    return Response.redirect(redirect, 303);
  } catch (e) {
    return errorResponse(e);
  }
}
