import { z } from "zod";
import { operation } from "../operations/define.ts";
import { email } from "../operations/fields.ts";
import { subscribe } from "./subscriptions.ts";
import { BadRequest, Validation } from "../errors.ts";

const NewsletterResult = z.object({ success: z.boolean(), message: z.string() }).meta({ id: "NewsletterResult" });

const SUMMARY =
  "Subscribe an email to the newsletter (open write). Subscribing an email twice is a 422; an address that unsubscribed is a 409 unless the signed-in customer owns it.";

export const createNewsletter = operation({
  name: "createNewsletter",
  surface: "shop",
  kind: "mutation",
  summary: SUMMARY,
  access: "public",
  input: z.object({ customerEmail: email() }),
  output: NewsletterResult,
  rest: { method: "POST", paths: ["/api/shop/newsletters"], status: 201 },
  graphql: { resource: "newsletter" },
  run: (ctx, input) => subscribe(ctx, input.customerEmail, ctx.principal.kind === "customer" ? ctx.principal.customerId : null),
});

/**
 * WIRE.md: the alias some clients call. The family's storefront reads its answer as `newsletterSubscription` and
 * names the address `email` (docs/CLIENTS.md); either field is taken, one of them required.
 */
export const createNewsletterSubscription = operation({
  name: "createNewsletterSubscription",
  surface: "shop",
  kind: "mutation",
  summary: `${SUMMARY} The address is \`customerEmail\` or \`email\`.`,
  access: "public",
  input: z.object({ customerEmail: email().optional(), email: email().optional() }),
  output: NewsletterResult,
  graphql: { resource: "newsletter", alsoAs: ["newsletterSubscription"] },
  run: (ctx, input) => {
    if (input.customerEmail && input.email && input.customerEmail !== input.email) {
      throw new BadRequest("customerEmail and email name different addresses; give one of them.");
    }
    const address = input.customerEmail ?? input.email;
    if (!address) throw Validation.field("customerEmail", "customerEmail (or email) is required.");
    return subscribe(ctx, address, ctx.principal.kind === "customer" ? ctx.principal.customerId : null);
  },
});
