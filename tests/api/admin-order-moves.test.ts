// `allowedEvents` tells the truth (issue 32, item 2): it lists exactly the moves the Admin API accepts now, and each
// has its operation on REST and GraphQL: pay, ship, refund, cancel, deliver, hold, release, markFraud, fail. A
// shipment's carrier and tracking number can be corrected.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../support/client.ts";
import { adminCall, adminToken, asAdmin, hiddenProduct, makeOrder } from "../support/admin.ts";
import { VIAS, type Via } from "../support/invoke.ts";
import { stock } from "../support/checkout.ts";

let admin: string;
beforeAll(async () => {
  admin = await adminToken();
});

/** The operation of each move. */
const OPERATION: Record<string, string> = {
  pay: "payAdminOrder", ship: "shipAdminOrder", refund: "refundAdminOrder", cancel: "cancelAdminOrder", deliver: "deliverAdminOrder",
  hold: "holdAdminOrder", release: "releaseAdminOrder", markFraud: "markFraudAdminOrder", fail: "failAdminOrder",
};
const INPUT: Record<string, object> = { ship: { carrierTitle: "UPS", trackNumber: "1Z" } };

async function freshOrder() {
  const p = await hiddenProduct(10);
  return { ...(await makeOrder({ lines: [{ productId: p.id, qty: 2, price: 10 }] })), productId: p.id };
}
const read = async (id: number) => (await adminCall(admin, "GET", `/api/admin/sales/orders/${id}`)).body;
const act = (via: Via, move: string, id: number, input: object = {}) => asAdmin(via, admin, OPERATION[move], { id, ...(INPUT[move] ?? {}), ...input });

describe.each(VIAS)("order moves over %s", (via) => {
  it("lists exactly what the API accepts, and every listed move has its operation", async () => {
    const o = await freshOrder();
    const listed = (await read(o.id)).allowedEvents as string[];
    expect(listed).toEqual(["pay", "cancel", "ship", "markFraud", "fail", "hold"]);
    for (const move of listed) {
      const each = await freshOrder();
      const res = await act(via, move, each.id);
      expect(res.status, `${move}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
    // Moves not listed are refused (409), not missing (404).
    for (const move of ["refund", "deliver", "release"]) expect((await act(via, move, o.id)).status, move).toBe(409);
  });

  it("follows the order: once paid no pay or cancel, once shipped deliver, nothing while on hold", async () => {
    const o = await freshOrder();
    const paid = await act(via, "pay", o.id);
    expect(paid.status).toBe(201);
    expect(paid.data).toMatchObject({ status: "processing", grandTotalInvoiced: 20 });
    expect(paid.data.allowedEvents).toEqual(["ship", "refund", "markFraud", "hold"]);

    const held = await act(via, "hold", o.id);
    expect(held.data).toMatchObject({ status: "on_hold", allowedEvents: ["release"] });
    for (const move of ["ship", "refund", "cancel"]) expect((await act(via, move, o.id)).status, move).toBe(409);
    const released = await act(via, "release", o.id);
    expect(released.data.status).toBe("processing");

    const shipped = await act(via, "ship", o.id);
    expect(shipped.data.status).toBe("completed");
    const other = await freshOrder();
    expect((await act(via, "ship", other.id)).data).toMatchObject({ status: "shipped" });
    expect((await read(other.id)).allowedEvents).toEqual(["pay", "deliver"]);
    expect((await act(via, "deliver", other.id)).data.status).toBe("delivered");

    const pendingHeld = await freshOrder();
    await act(via, "hold", pendingHeld.id);
    expect((await act(via, "release", pendingHeld.id)).data.status).toBe("pending");
  });

  it("fails an order whose payment failed, giving its units back to stock; marks fraud", async () => {
    const o = await freshOrder();
    const before = await stock(o.productId);
    const failed = await act(via, "fail", o.id, { comment: "Card declined." });
    expect(failed.data.status).toBe("failed");
    expect(failed.data.items[0]).toMatchObject({ qtyCanceled: 2 });
    expect(await stock(o.productId)).toBe(before + 2);
    expect(failed.data.comments.map((c: { comment: string }) => c.comment)).toContain("Card declined.");
    const fraud = await freshOrder();
    expect((await act(via, "markFraud", fraud.id)).data.status).toBe("fraud");
  });

  it("corrects a shipment's carrier and tracking number", async () => {
    const o = await freshOrder();
    await act(via, "ship", o.id);
    const shipment = await (await getDb()).shipment.findFirstOrThrow({ where: { orderId: o.id } });
    const fixed = await asAdmin(via, admin, "updateAdminShipment", { id: shipment.id, carrierTitle: "DHL", trackNumber: "JD0002" });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.data).toMatchObject({ carrierTitle: "DHL", trackNumber: "JD0002" });
    expect(await (await getDb()).shipment.findUniqueOrThrow({ where: { id: shipment.id } })).toMatchObject({ carrierTitle: "DHL", trackNumber: "JD0002" });
    const empty = await asAdmin(via, admin, "updateAdminShipment", { id: shipment.id, trackNumber: " " });
    expect(empty.status).toBe(422);
    const viewer = await adminToken({ role: ["sales.shipments"] });
    expect((await asAdmin(via, viewer, "updateAdminShipment", { id: shipment.id, trackNumber: "X" })).status).toBe(403);
    expect((await (await getDb()).shipment.findUniqueOrThrow({ where: { id: shipment.id } })).trackNumber).toBe("JD0002");
  });
});
