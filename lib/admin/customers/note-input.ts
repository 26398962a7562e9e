// A store admin's note on a customer as the Admin API takes it (./notes.ts) and the panel's note form checks it
// (lib/ui/admin/customers/): pure zod, no database, so both can import it. The author is never input: it is the
// admin the request is signed in as.
import { z } from "zod";
import { boolParam, recordId, text } from "../../operations/fields.ts";

export const NOTE_MAX = 5000;

export const CustomerNoteInput = z.object({
  customerId: recordId(),
  note: text(NOTE_MAX).describe(`The note, at most ${NOTE_MAX} characters.`),
  notifyCustomer: boolParam().default(false).describe("Mail the note to the customer, in the transaction that writes it (422 for a customer whose data was erased)."),
});
