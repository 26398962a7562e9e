// Completing a GDPR `delete` request: the customer's personal data is erased, in the transaction that completes the
// request. What only identifies or describes the person goes (account details, sign-in, address book, carts, lists,
// visits, newsletter subscriptions, the store's notes on them, earlier mails); what the law requires the store to
// keep (orders, invoices, refunds, returns, withdrawals) stays, anonymised: no name, email, phone or street, only the
// country, region, city and postcode tax records need. The account can no longer sign in: its email, password and
// tokens are gone. The change feed hears of it as the customer's deletion (its tombstone): what is left of the row is
// no one's.
import type { Tx } from "../db/client.ts";
import { randomSecret } from "../auth/secrets.ts";
import { recordEvent } from "../events/record.ts";
import { erasedEmail } from "./erased.ts";

const ERASED = "Erased";

/** Erases customer `customerId`, every mail written to their address too; answers what the completion mail needs. */
export async function eraseCustomer(tx: Tx, customerId: number): Promise<{ email: string; firstName: string }> {
  const customer = await tx.customer.findUniqueOrThrow({ where: { id: customerId }, select: { email: true, firstName: true } });
  const email = customer.email;
  const gone = erasedEmail(customerId);
  const orders = (await tx.order.findMany({ where: { customerId }, select: { id: true } })).map((o) => o.id);

  await tx.customer.update({
    where: { id: customerId },
    data: {
      firstName: ERASED, lastName: ERASED, email: gone, phone: null, gender: null, dateOfBirth: null, imagePath: null,
      // A hash no password has: nobody signs in as this account again.
      passwordHash: `!erased:${randomSecret(16)}`, apiToken: randomSecret(24), status: 0, isSuspended: true, subscribedToNewsletter: false,
    },
  });
  await tx.customerToken.deleteMany({ where: { customerId } });
  await tx.customerAddress.deleteMany({ where: { customerId } });
  await tx.cart.deleteMany({ where: { customerId } });
  await tx.wishlistItem.deleteMany({ where: { customerId } });
  await tx.compareItem.deleteMany({ where: { customerId } });
  await tx.productVisit.deleteMany({ where: { customerId } });
  await tx.customerNote.deleteMany({ where: { customerId } });
  await tx.newsletterSubscriber.deleteMany({ where: { OR: [{ customerId }, { email }] } });
  await tx.productReview.updateMany({ where: { OR: [{ customerId }, { email }] }, data: { name: "Anonymous", email: null } });
  await tx.mailMessage.deleteMany({ where: { to: email } });

  await tx.order.updateMany({ where: { id: { in: orders } }, data: { customerEmail: gone, customerFirstName: ERASED, customerLastName: ERASED } });
  await tx.orderAddress.updateMany({
    where: { orderId: { in: orders } },
    data: { firstName: ERASED, lastName: ERASED, companyName: null, email: null, phone: null, address: ERASED },
  });
  await tx.euWithdrawal.updateMany({ where: { OR: [{ customerId }, { customerEmail: email }] }, data: { customerEmail: gone } });
  await tx.gdprRequest.updateMany({ where: { customerId }, data: { email: gone } });
  await recordEvent(tx, "customer.deleted", { id: customerId });
  return { email, firstName: customer.firstName };
}
