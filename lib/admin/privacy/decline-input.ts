// Why a GDPR request is declined, as the Admin API takes it (./gdpr.ts) and the panel's decline form checks it
// (lib/ui/admin/customers/privacy.tsx): pure zod, no database, so both can import it. The GDPR wants the customer
// told why their request is not acted on, so the reason is required; it is kept on the request and mailed to them.
import { z } from "zod";

export const DECLINE_REASON_MAX = 2000;

const REQUIRED = "is required: say why the request is declined";

export const GdprDeclineInput = z.object({
  reason: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : "must be text") })
    .trim()
    .min(1, { message: REQUIRED })
    .max(DECLINE_REASON_MAX, { message: `must be at most ${DECLINE_REASON_MAX} characters` })
    .describe(`Why the request is declined, at most ${DECLINE_REASON_MAX} characters: kept on the request and mailed to the customer.`),
});
