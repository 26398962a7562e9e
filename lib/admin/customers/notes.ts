// A store admin's notes on a customer (the back office's "Add note"): read by whoever may see customers, written and
// deleted by whoever may edit them. A note is a record of what was said, mailed to the customer when asked, so it
// is never edited: a correction is a new note (and the old one deleted).
import { z } from "zod";
import { intParam } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { CustomerNoteInput } from "./note-input.ts";
import { createCustomerNote } from "./note-service.ts";

export const AdminCustomerNote = z
  .object({
    id: z.int(),
    customerId: z.int(),
    note: z.string(),
    customerNotified: z.boolean().describe("The note was mailed to the customer when it was written."),
    authorId: z.int().nullable().describe("The admin who wrote it; null once that admin is deleted."),
    authorName: z.string().describe("The author's name as it was when the note was written."),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminCustomerNote", iri: "/api/admin/customers/notes" });

export const customerNotes = adminResource({
  path: "customers/notes",
  one: "CustomerNote",
  many: "CustomerNotes",
  permission: "customers",
  permissions: { create: "customers.edit", remove: "customers.edit" },
  model: "customerNote",
  output: AdminCustomerNote,
  filters: z.object({ customerId: intParam().optional() }),
  where: (_ctx, f) => (f.customerId !== undefined ? { customerId: f.customerId } : {}),
  // The newest first by default (the list adds the id to break ties within a millisecond).
  sort: { fields: { id: (d) => ({ id: d }), created_at: (d) => ({ createdAt: d }) }, default: "-created_at" },
  create: {
    input: CustomerNoteInput,
    summary: "Add a note to a customer, written by the signed-in admin; `notifyCustomer` also mails it to them.",
    run: createCustomerNote,
  },
  remove: true,
});
