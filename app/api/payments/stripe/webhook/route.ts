// Stripe's webhook (lib/payments/webhooks.ts): the raw body is verified by the SDK before anything reads it.
import { receiveStripeEvent } from "@/lib/payments/webhooks";
import { errorResponse, json } from "@/lib/http/respond";
import { readCappedText } from "@/lib/http/body";
import { ownOrigin } from "@/lib/http/origin";
import { withRequestLog } from "@/lib/log";

export const dynamic = "force-dynamic";

// Stripe's events are a few kilobytes; a checkout session with its line items stays well under this.
const MAX_EVENT_BYTES = 256 * 1024;

export const POST = withRequestLog("payments", async (req: Request) => {
  try {
    const payload = await readCappedText(req, MAX_EVENT_BYTES);
    return json(await receiveStripeEvent(payload, req.headers.get("stripe-signature"), ownOrigin(req)));
  } catch (e) {
    return errorResponse(e);
  }
});
