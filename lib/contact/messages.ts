// The contact form: an enquiry is stored for the store's staff to answer.
import type { RequestContext } from "../context.ts";

export interface Enquiry {
  name: string;
  email: string;
  contact?: string;
  message: string;
}

export async function sendEnquiry(ctx: RequestContext, enquiry: Enquiry) {
  await ctx.db.contactMessage.create({ data: { ...enquiry, contact: enquiry.contact ?? null } });
  return { success: true, message: "Thank you for contacting us. We will reply soon." };
}

/** Marks an enquiry answered by an admin; an enquiry handled already keeps its first stamp. */
export async function markHandled(ctx: RequestContext, id: number, adminId: number): Promise<void> {
  await ctx.db.contactMessage.updateMany({ where: { id, handledAt: null }, data: { handledAt: new Date(), handledBy: adminId } });
}
