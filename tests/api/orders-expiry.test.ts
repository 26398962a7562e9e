// Unpaid orders do not hold stock for ever (issue 32, item 6): a money-transfer order still pending and uninvoiced
// after UNPAID_ORDER_DAYS is canceled, its units back in stock and the customer mailed; a recent one, a paid one and
// a cash-on-delivery one stay. Two servers expiring at once cancel an order once.
import { describe, expect, it } from "vitest";
import { getDb } from "../support/client.ts";
import { hiddenProduct, makeOrder } from "../support/admin.ts";
import { stock } from "../support/checkout.ts";
import { expireUnpaidOrders } from "../../lib/orders/expiry.ts";

const DAY = 24 * 3600_000;

async function order(opts: { method: string; daysOld: number; invoiced?: boolean }) {
  const p = await hiddenProduct(10);
  const o = await makeOrder({ lines: [{ productId: p.id, qty: 2, price: 10 }], createdAt: new Date(Date.now() - opts.daysOld * DAY) });
  const db = await getDb();
  await db.orderPayment.update({ where: { orderId: o.id }, data: { method: opts.method, methodTitle: opts.method } });
  if (opts.invoiced) await db.order.update({ where: { id: o.id }, data: { grandTotalInvoiced: 20 } });
  return { ...o, productId: p.id, stock: await stock(p.id) };
}

describe("unpaid orders", () => {
  it("cancels a money-transfer order unpaid past the limit, once, and leaves the others", async () => {
    const [due, recent, paid, cod] = await Promise.all([
      order({ method: "moneytransfer", daysOld: 8 }),
      order({ method: "moneytransfer", daysOld: 2 }),
      order({ method: "moneytransfer", daysOld: 8, invoiced: true }),
      order({ method: "cashondelivery", daysOld: 30 }),
    ]);
    const db = await getDb();
    // Two servers at once.
    const [a, b] = await Promise.all([expireUnpaidOrders(db, "https://shop.example"), expireUnpaidOrders(db, "https://shop.example")]);
    expect([...a, ...b].filter((n) => n === due.incrementId)).toHaveLength(1);
    for (const other of [recent, paid, cod]) expect([...a, ...b]).not.toContain(other.incrementId);

    const after = await db.order.findUniqueOrThrow({ where: { id: due.id }, include: { items: true, comments: true } });
    expect(after.status).toBe("canceled");
    expect(after.items[0].qtyCanceled).toBe(2);
    expect(after.comments.map((c) => c.comment)).toEqual(["Canceled: not paid within 7 days."]);
    expect(await stock(due.productId)).toBe(due.stock + 2);
    expect(await db.mailMessage.count({ where: { kind: "order_canceled", subject: { contains: due.incrementId } } })).toBe(1);
    for (const other of [recent, paid, cod]) {
      expect((await db.order.findUniqueOrThrow({ where: { id: other.id } })).status).toBe("pending");
      expect(await stock(other.productId)).toBe(other.stock);
    }
  });
});
