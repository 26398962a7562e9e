import { z } from "zod";
import { operation, type RestBinding } from "../operations/define.ts";
import { email } from "../operations/fields.ts";
import { subscribe } from "./subscriptions.ts";

const NewsletterResult = z.object({ success: z.boolean(), message: z.string() }).meta({ id: "NewsletterResult" });

function subscription(name: string, rest?: RestBinding, alsoAs?: string[]) {
  return operation({
    name,
    surface: "shop",
    kind: "mutation",
    summary:
      "Subscribe an email to the newsletter (open write). Subscribing an email twice is a 422; an address that unsubscribed is a 409 unless the signed-in customer owns it.",
    access: "public",
    input: z.object({ customerEmail: email() }),
    output: NewsletterResult,
    rest,
    graphql: { resource: "newsletter", alsoAs },
    run: (ctx, input) => subscribe(ctx, input.customerEmail, ctx.principal.kind === "customer" ? ctx.principal.customerId : null),
  });
}

export const createNewsletter = subscription("createNewsletter", { method: "POST", paths: ["/api/shop/newsletters"], status: 201 });
/** WIRE.md: the alias some clients call; the family's storefront reads its answer as `newsletterSubscription`. */
export const createNewsletterSubscription = subscription("createNewsletterSubscription", undefined, ["newsletterSubscription"]);
