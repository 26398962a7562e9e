// What each order action takes, pure zod: the actions (./order-actions.ts) parse with these and the admin panel's
// order forms check with the same schemas, so a form and the API cannot disagree.
import { z } from "zod";
import { boolParam, intParam, numberParam, recordId } from "../../operations/fields.ts";
import { nullableText } from "../text-input.ts";

/** The lines an action takes and how many units of each: `[{ orderItemId, qty }]`. */
const Lines = z.array(z.object({ orderItemId: recordId(), qty: intParam().pipe(z.int().min(1, { message: "must be at least 1" })) })).min(1).max(500);

/** A note for the order's history: cancel, deliver, fail, hold, release, mark fraud. */
export const OrderNoteInput = z.object({ comment: nullableText(5000) });

export const InvoiceOrderInput = z.object({ items: Lines.optional() });

export const ShipOrderInput = z.object({
  carrierCode: nullableText(60),
  carrierTitle: z.string().trim().min(1, { message: "is required" }).max(255),
  trackNumber: z.string().trim().min(1, { message: "is required" }).max(255),
  items: Lines.optional(),
});

export const RefundOrderInput = z.object({
  items: Lines.optional(),
  shipping: numberParam().pipe(z.number().min(0)).optional(),
  adjustmentRefund: numberParam().pipe(z.number().min(0)).optional(),
  adjustmentFee: numberParam().pipe(z.number().min(0)).optional(),
});

export const CommentOrderInput = z.object({ comment: z.string().trim().min(1, { message: "is required" }).max(5000), customerNotified: boolParam().optional() });
