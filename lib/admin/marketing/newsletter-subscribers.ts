// Newsletter subscribers: read, subscribe or unsubscribe, delete. Sign-ups come from the shop.
import { z } from "zod";
import { boolParam, intParam } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { updateSubscriber } from "./newsletter-subscriber-service.ts";

export const AdminNewsletterSubscriber = z
  .object({ id: z.int(), email: z.string(), channelId: z.int(), customerId: z.int().nullable(), isSubscribed: z.boolean(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: "AdminNewsletterSubscriber", iri: "/api/admin/marketing/newsletter-subscribers" });

export const newsletterSubscribers = adminResource({
  path: "marketing/newsletter-subscribers",
  one: "NewsletterSubscriber",
  many: "NewsletterSubscribers",
  permission: "marketing.newsletter-subscribers",
  model: "newsletterSubscriber",
  output: AdminNewsletterSubscriber,
  filters: z.object({ email: z.string().trim().max(191).optional().describe("Substring of the email, case-insensitive."), isSubscribed: boolParam().optional(), channelId: intParam().optional() }),
  where: (_ctx, f) => ({
    ...(f.email ? { email: { contains: f.email.toLowerCase() } } : {}),
    ...(f.isSubscribed !== undefined ? { isSubscribed: f.isSubscribed } : {}),
    ...(f.channelId ? { channelId: f.channelId } : {}),
  }),
  sort: { fields: { id: (d) => ({ id: d }), email: (d) => ({ email: d }), created_at: (d) => ({ createdAt: d }) }, default: "-id" },
  update: {
    input: z.object({ isSubscribed: boolParam() }).partial(),
    summary: "Subscribe or unsubscribe an address.",
    run: updateSubscriber,
  },
  remove: true,
});
