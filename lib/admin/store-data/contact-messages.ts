// Contact-form enquiries (lib/contact/) for the store's staff: read them, and mark each handled once answered.
import { z } from "zod";
import { adminPrincipal } from "../../context.ts";
import { boolParam } from "../../operations/fields.ts";
import { adminResource, resourceAction } from "../resource.ts";
import { markHandled } from "../../contact/messages.ts";

export const AdminContactMessage = z
  .object({
    id: z.int(), name: z.string(), email: z.string(), contact: z.string().nullable(), message: z.string(),
    handled: z.boolean(), handledAt: z.string().nullable(), handledBy: z.int().nullable(), createdAt: z.string(),
  })
  .meta({ id: "AdminContactMessage", iri: "/api/admin/contact-messages" });

export const contactMessages = adminResource({
  path: "contact-messages", one: "ContactMessage", many: "ContactMessages", permission: "contact-messages", model: "contactMessage", output: AdminContactMessage,
  toOutput: (_ctx, m) => ({ ...m, handled: m.handledAt !== null }),
  filters: z.object({ handled: boolParam().optional(), email: z.string().trim().max(255).optional().describe("Exact email, case-insensitive.") }),
  where: (_ctx, f) => ({
    ...(f.handled === undefined ? {} : { handledAt: f.handled ? { not: null } : null }),
    ...(f.email ? { email: f.email.toLowerCase() } : {}),
  }),
  sort: { fields: { id: (d) => ({ id: d }), created_at: (d) => ({ createdAt: d }) }, default: "-id" },
});

export const markHandledOperation = resourceAction(contactMessages, {
  verb: "markHandled",
  summary: "Mark an enquiry handled (by the calling admin); marking it again keeps the first time and admin.",
  permission: "contact-messages.edit",
  run: (ctx, id) => markHandled(ctx, id, adminPrincipal(ctx).adminId),
});

export const operations = [...contactMessages.operations, markHandledOperation];
