// A GDPR `export` request, once the store completes it: everything held about the customer as one JSON file, for
// them and for an admin with the GDPR permission. Built when it is downloaded, so it is what the store holds then.
// Credentials are not personal data to hand out: no password hash, tokens or unsubscribe links. The store's notes on
// the customer are theirs to see, but not who wrote them: the author is a member of staff, someone else's data.
import type { Tx } from "../db/client.ts";
import type { Download } from "../operations/define.ts";
import { Conflict, NotFound } from "../errors.ts";

const amount = (v: { toString(): string } | null) => (v == null ? null : v.toString());

/** The JSON export of the customer of `request`; 409 until the request is a completed export. */
export async function gdprExport(db: Tx, request: { id: number; customerId: number; type: string; status: string }): Promise<Download> {
  if (request.type !== "export") throw new Conflict("Only an export request has a file to download.");
  if (request.status !== "completed") throw new Conflict("The export is ready once the store has completed the request.");
  const customerId = request.customerId;
  const customer = await db.customer.findUnique({
    where: { id: customerId },
    select: {
      id: true, firstName: true, lastName: true, email: true, phone: true, gender: true, dateOfBirth: true, subscribedToNewsletter: true, createdAt: true, updatedAt: true,
      addresses: { orderBy: { id: "asc" }, omit: { customerId: true } },
      orders: {
        orderBy: { id: "asc" },
        include: {
          items: { orderBy: { id: "asc" }, select: { sku: true, name: true, type: true, qtyOrdered: true, qtyInvoiced: true, qtyShipped: true, qtyRefunded: true, qtyCanceled: true, price: true, total: true, additional: true } },
          addresses: { orderBy: { id: "asc" }, omit: { id: true, orderId: true } },
          payment: { select: { method: true, methodTitle: true } },
          paymentTransactions: { orderBy: { id: "asc" }, select: { kind: true, status: true, amount: true, currencyCode: true, createdAt: true } },
          shipments: { orderBy: { id: "asc" }, select: { carrierTitle: true, trackNumber: true, totalQty: true, createdAt: true } },
          comments: { where: { customerNotified: true }, orderBy: { id: "asc" }, select: { comment: true, createdAt: true } },
        },
      },
      reviews: { orderBy: { id: "asc" }, select: { productId: true, name: true, email: true, title: true, comment: true, rating: true, status: true, createdAt: true } },
      wishlistItems: { orderBy: { id: "asc" }, select: { productId: true, channelId: true, createdAt: true } },
      compareItems: { orderBy: { id: "asc" }, select: { productId: true, createdAt: true } },
      newsletterSubscribers: { orderBy: { id: "asc" }, select: { email: true, channelId: true, isSubscribed: true, createdAt: true } },
      gdprRequests: { orderBy: { id: "asc" }, select: { type: true, status: true, message: true, declineReason: true, createdAt: true } },
      euWithdrawals: { orderBy: { id: "asc" }, select: { orderIncrementId: true, status: true, reasonText: true, receivedAt: true } },
      returns: { orderBy: { id: "asc" }, select: { orderId: true, quantity: true, resolution: true, packageCondition: true, information: true, createdAt: true, messages: { orderBy: { id: "asc" } } } },
      downloadablePurchases: { orderBy: { id: "asc" }, select: { productName: true, name: true, downloadBought: true, downloadUsed: true, status: true, createdAt: true } },
      productVisits: { orderBy: { id: "asc" }, select: { productId: true, createdAt: true } },
      notes: { orderBy: { id: "asc" }, select: { note: true, customerNotified: true, createdAt: true, updatedAt: true } },
    },
  });
  if (!customer) throw new NotFound("Customer");
  const { orders, ...rest } = customer;
  const data = {
    exportedAt: new Date().toISOString(),
    requestId: request.id,
    ...rest,
    orders: orders.map((o) => ({
      incrementId: o.incrementId, status: o.status, createdAt: o.createdAt, currencyCode: o.orderCurrencyCode, customerEmail: o.customerEmail,
      customerFirstName: o.customerFirstName, customerLastName: o.customerLastName, shippingTitle: o.shippingTitle, couponCode: o.couponCode,
      subTotal: amount(o.subTotal), discountAmount: amount(o.discountAmount), taxAmount: amount(o.taxAmount), shippingAmount: amount(o.shippingAmount),
      grandTotal: amount(o.grandTotal), grandTotalRefunded: amount(o.grandTotalRefunded),
      items: o.items.map((i) => ({ ...i, price: amount(i.price), total: amount(i.total) })),
      addresses: o.addresses,
      payment: o.payment,
      paymentTransactions: o.paymentTransactions.map((t) => ({ ...t, amount: amount(t.amount) })),
      shipments: o.shipments,
      comments: o.comments,
    })),
  };
  return { filename: `personal-data-${customerId}.json`, contentType: "application/json", body: JSON.stringify(data, null, 2) };
}
