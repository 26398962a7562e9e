// Newsletter subscribers: read, subscribe or unsubscribe, delete, export for a mailing tool. Sign-ups come from the shop.
import { z } from "zod";
import { operation } from "../../operations/define.ts";
import { boolParam, intParam } from "../../operations/fields.ts";
import { exportFormat, tableFile } from "../../reporting/export.ts";
import { adminResource } from "../resource.ts";
import { exactFilters, listInput, orderBy, sortArgs, type SortSpec } from "../input.ts";
import { subscriberTable, updateSubscriber } from "./newsletter-subscriber-service.ts";

export const AdminNewsletterSubscriber = z
  .object({ id: z.int(), email: z.string(), channelId: z.int(), customerId: z.int().nullable(), isSubscribed: z.boolean(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: "AdminNewsletterSubscriber", iri: "/api/admin/marketing/newsletter-subscribers" });

// The list's filters and sort, which the export below takes too: the file holds what the list shows.
export const SubscriberFilters = z.object({
  email: z.string().trim().max(191).optional().describe("Substring of the email, case-insensitive."),
  isSubscribed: boolParam().optional(),
  channelId: intParam().optional(),
});

export const subscriberWhere = (f: z.output<typeof SubscriberFilters>) => ({
  ...(f.email ? { email: { contains: f.email.toLowerCase() } } : {}),
  ...(f.isSubscribed !== undefined ? { isSubscribed: f.isSubscribed } : {}),
  ...(f.channelId ? { channelId: f.channelId } : {}),
});

export const SUBSCRIBER_SORT: SortSpec = { fields: { id: (d) => ({ id: d }), email: (d) => ({ email: d }), created_at: (d) => ({ createdAt: d }) }, default: "-id" };

export const newsletterSubscribers = adminResource({
  path: "marketing/newsletter-subscribers",
  one: "NewsletterSubscriber",
  many: "NewsletterSubscribers",
  permission: "marketing.newsletter-subscribers",
  model: "newsletterSubscriber",
  output: AdminNewsletterSubscriber,
  filters: SubscriberFilters,
  where: (_ctx, f) => subscriberWhere(f),
  sort: SUBSCRIBER_SORT,
  update: {
    input: z.object({ isSubscribed: boolParam() }).partial(),
    summary: "Subscribe or unsubscribe an address.",
    run: updateSubscriber,
  },
  remove: true,
});

export const exportAdminNewsletterSubscribers = operation({
  name: "exportAdminNewsletterSubscribers",
  surface: "admin",
  kind: "query",
  summary:
    "The newsletter subscribers the list's filters and `sort` select, every one of them, as a file for a mailing tool " +
    "(REST only): columns Email, Subscribed (yes/no), Channel (its code), Customer ID (empty for a guest), Signed up at " +
    "(ISO 8601). `format` csv (default), xls or xlsx (else 422). Text a spreadsheet would run as a formula starts with an apostrophe.",
  access: { admin: "marketing.newsletter-subscribers.view" },
  input: listInput({
    ...exactFilters(SubscriberFilters.shape),
    ...sortArgs(SUBSCRIBER_SORT).shape,
    format: z.string().trim().max(10).optional().describe("csv (default), xls or xlsx."),
  }),
  output: z.unknown(),
  rest: { method: "GET", paths: ["/api/admin/marketing/newsletter-subscribers/export"], download: true },
  graphql: false,
  run: async (ctx, { format, sort, order, ...filters }) => {
    const type = exportFormat(format);
    const table = await subscriberTable(ctx, subscriberWhere(filters), orderBy(SUBSCRIBER_SORT, sort, order));
    return tableFile(table, type, `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}`, "Subscribers");
  },
});
