// A store admin's notes on a customer: the database work behind ./notes.ts. The author is the admin the request is
// signed in as (the panel's session or an integration token's admin), named as they are now, so the note keeps
// its author's name after that admin is renamed or deleted. A note the customer is to be told of is mailed through
// the outbox in the note's own transaction: written together, or not at all.
import type { z } from "zod";
import { adminPrincipal, type RequestContext } from "../../context.ts";
import { Validation } from "../../errors.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { isErasedEmail } from "../../gdpr/erased.ts";
import type { CustomerNoteInput } from "./note-input.ts";

export async function createCustomerNote(ctx: RequestContext, input: z.output<typeof CustomerNoteInput>): Promise<number> {
  const { adminId } = adminPrincipal(ctx);
  const [customer, author] = await Promise.all([
    ctx.db.customer.findUnique({ where: { id: input.customerId }, select: { email: true, firstName: true } }),
    ctx.db.adminUser.findUniqueOrThrow({ where: { id: adminId }, select: { name: true } }),
  ]);
  if (!customer) throw Validation.field("customerId", `There is no customer ${input.customerId}.`);
  if (input.notifyCustomer && isErasedEmail(customer.email)) {
    throw Validation.field("notifyCustomer", `Customer ${input.customerId}'s personal data was erased: there is no address to mail the note to.`);
  }
  return ctx.db.$transaction(async (tx) => {
    const row = await tx.customerNote.create({
      data: { customerId: input.customerId, note: input.note, customerNotified: input.notifyCustomer, authorId: adminId, authorName: author.name },
      select: { id: true },
    });
    // In the locale the admin's request names, as the back office's other mails to customers are.
    if (input.notifyCustomer) await enqueueMail(tx, "customer_note", customer.email, { firstName: customer.firstName, note: input.note }, ctx.locale);
    return row.id;
  });
}
