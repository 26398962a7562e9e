// Optimistic concurrency on the order actions: each takes the version of the order it acts on (REST `If-Match`,
// GraphQL `ifMatch`), as record updates do (admin-concurrency.test.ts). Without one an action acts as it always did;
// with the current one it acts and answers the order's new version; with a stale one it is a 412 and writes nothing
// (no invoice, shipment, refund or comment, stock and money as they were, the version unchanged). Of two actions
// naming the same version exactly one acts, and an action refused after the claim (a 422) leaves the version as it was,
// also where invoicing captures a card payment held at a provider outside the booking's transaction.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "../support/client.ts";
import { adminToken, asAdmin, hiddenProduct, makeOrder } from "../support/admin.ts";
import { VIAS, type Result, type Via } from "../support/invoke.ts";
import { stock } from "../support/checkout.ts";

let token: string;
beforeAll(async () => {
  token = await adminToken();
});

const OPERATION = {
  invoice: "invoiceAdminOrder", pay: "payAdminOrder", ship: "shipAdminOrder", refund: "refundAdminOrder", cancel: "cancelAdminOrder",
  hold: "holdAdminOrder", release: "releaseAdminOrder", comment: "commentAdminOrder",
} as const;
type Move = keyof typeof OPERATION;
const INPUT: Partial<Record<Move, object>> = {
  ship: { carrierTitle: "UPS", trackNumber: "1Z999" },
  refund: { adjustmentRefund: 5 },
  comment: { comment: "Called the customer." },
};

/** A pending order of two units of a product of its own (10 each, 5 in stock). */
async function freshOrder() {
  const p = await hiddenProduct(10);
  return { ...(await makeOrder({ lines: [{ productId: p.id, qty: 2, price: 10 }] })), productId: p.id };
}

/** The version an answer carries: REST's ETag, GraphQL's `version` (the ETag without its quotes). */
function versionOf(via: Via, r: Result): string {
  if (via === "rest") {
    const tag = r.headers.get("ETag");
    expect(tag, JSON.stringify(r.raw)).toMatch(/^"\d+"$/);
    return tag!;
  }
  expect(r.data?.version, JSON.stringify(r.raw)).toMatch(/^\d+$/);
  return r.data.version as string;
}

/** The order's version as the admin order read shows it. */
async function versionNow(via: Via, id: number): Promise<string> {
  const read = await asAdmin(via, token, "adminOrder", { id });
  expect(read.status).toBe(200);
  return versionOf(via, read);
}

/** Calls the move on order `id`, at `version` when given: the If-Match header on REST, `ifMatch` on GraphQL. */
function act(via: Via, move: Move, id: number, version?: string, input: object = {}): Promise<Result> {
  const body = { id, ...(INPUT[move] ?? {}), ...input };
  if (version === undefined) return asAdmin(via, token, OPERATION[move], body);
  return via === "rest"
    ? asAdmin(via, token, OPERATION[move], body, { headers: { "If-Match": version } })
    : asAdmin(via, token, OPERATION[move], { ...body, ifMatch: version });
}

const bare = (version: string) => version.replace(/"/g, "");

/** What an action could write, to compare before and after a refusal. */
async function footprint(id: number, productId: number) {
  const db = await getDb();
  const order = await db.order.findUniqueOrThrow({ where: { id }, include: { items: true } });
  return {
    updatedAt: order.updatedAt.getTime(),
    status: order.status,
    grandTotalInvoiced: String(order.grandTotalInvoiced),
    grandTotalRefunded: String(order.grandTotalRefunded),
    items: order.items.map((i) => [i.qtyInvoiced, i.qtyShipped, i.qtyRefunded, i.qtyCanceled]),
    invoices: await db.invoice.count({ where: { orderId: id } }),
    shipments: await db.shipment.count({ where: { orderId: id } }),
    refunds: await db.refund.count({ where: { orderId: id } }),
    comments: await db.orderComment.count({ where: { orderId: id } }),
    transactions: await db.paymentTransaction.count({ where: { orderId: id } }),
    stock: await stock(productId),
  };
}

describe.each(VIAS)("order actions and If-Match over %s", (via) => {
  it("acts without If-Match as before", async () => {
    for (const move of ["invoice", "hold", "comment", "cancel"] as const) {
      const o = await freshOrder();
      const done = await act(via, move, o.id);
      expect(done.status, `${move}: ${JSON.stringify(done.raw)}`).toBeLessThan(300);
      // The answer carries the order's version all the same.
      expect(bare(versionOf(via, done))).toBe(String((await (await getDb()).order.findUniqueOrThrow({ where: { id: o.id } })).updatedAt.getTime()));
    }
  });

  it("acts at the current version and answers the new one, which the next action takes", async () => {
    const db = await getDb();
    const o = await freshOrder();
    const v0 = await versionNow(via, o.id);
    expect(bare(v0)).toBe(String((await db.order.findUniqueOrThrow({ where: { id: o.id } })).updatedAt.getTime()));

    let version = v0;
    const seen = [v0];
    for (const move of ["invoice", "ship", "refund", "comment"] as const) {
      const done = await act(via, move, o.id, version);
      expect(done.status, `${move}: ${JSON.stringify(done.raw)}`).toBe(201);
      version = versionOf(via, done);
      expect(seen, move).not.toContain(version);
      seen.push(version);
      // The version answered is the order's as stored, and as the order read shows it.
      expect(bare(version)).toBe(String((await db.order.findUniqueOrThrow({ where: { id: o.id } })).updatedAt.getTime()));
      expect(await versionNow(via, o.id)).toBe(version);
    }
    const after = await db.order.findUniqueOrThrow({ where: { id: o.id }, include: { comments: true } });
    expect(String(after.grandTotalRefunded)).toMatch(/^5(\.0+)?$/);
    expect(after.comments.map((c) => c.comment)).toContain("Called the customer.");

    // Hold and release chain the same way.
    const p = await freshOrder();
    const held = await act(via, "hold", p.id, await versionNow(via, p.id));
    expect(held.data.status).toBe("on_hold");
    const released = await act(via, "release", p.id, versionOf(via, held));
    expect(released.status, JSON.stringify(released.raw)).toBe(200);
    expect(released.data.status).toBe("pending");
  });

  it("refuses every action at a stale version (412) and writes nothing", async () => {
    for (const move of ["invoice", "ship", "refund", "cancel", "hold", "comment", "pay"] as const) {
      const o = await freshOrder();
      // A refund needs money taken: the order is invoiced first.
      if (move === "refund") expect((await act(via, "invoice", o.id)).status).toBe(201);
      const stale = await versionNow(via, o.id);
      // Someone else changes the order meanwhile (a comment is enough).
      expect((await act(via, "comment", o.id, undefined, { comment: "Meanwhile." })).status).toBe(201);
      const before = await footprint(o.id, o.productId);
      const refused = await act(via, move, o.id, stale);
      expect(refused.status, `${move}: ${JSON.stringify(refused.raw)}`).toBe(412);
      expect(refused.code).toBe("precondition_failed");
      expect(await footprint(o.id, o.productId), move).toEqual(before);
      // At the version it has now, the same action goes through.
      const current = await act(via, move, o.id, await versionNow(via, o.id));
      expect(current.status, `${move}: ${JSON.stringify(current.raw)}`).toBeLessThan(300);
    }
  });

  it("takes `*` as any version, and refuses a malformed one (400) before writing anything", async () => {
    const o = await freshOrder();
    expect((await act(via, "comment", o.id)).status).toBe(201);
    const any = await act(via, "invoice", o.id, "*");
    expect(any.status, JSON.stringify(any.raw)).toBe(201);
    expect(any.data.grandTotalInvoiced).toBe(20);

    const p = await freshOrder();
    const before = await footprint(p.id, p.productId);
    for (const junk of ["not a tag", '"abc', "12 34"]) {
      const bad = await act(via, "cancel", p.id, junk);
      expect(bad.status, `${junk}: ${JSON.stringify(bad.raw)}`).toBe(400);
      expect(bad.code).toBe("invalid_if_match");
    }
    // A weak tag, or a tag that is none of our versions, never matches.
    const weak = await act(via, "cancel", p.id, `W/"${bare(await versionNow(via, p.id))}"`);
    expect(weak.status).toBe(412);
    expect(await footprint(p.id, p.productId)).toEqual(before);
  });

  it("lets exactly one of two actions at the same version act", async () => {
    const db = await getDb();
    // Two invoices of one unit each: one invoice, of one unit.
    const o = await freshOrder();
    const line = o.itemIds[0];
    const version = await versionNow(via, o.id);
    const one = { items: [{ orderItemId: line, qty: 1 }] };
    const [a, b] = await Promise.all([act(via, "invoice", o.id, version, one), act(via, "invoice", o.id, version, one)]);
    expect([a.status, b.status].sort(), JSON.stringify([a.raw, b.raw])).toEqual([201, 412]);
    expect(await db.invoice.count({ where: { orderId: o.id } })).toBe(1);
    expect((await db.orderItem.findUniqueOrThrow({ where: { id: line } })).qtyInvoiced).toBe(1);

    // A cancel and a hold: the order ends either canceled (stock back) or on hold (stock as it was), not both.
    const p = await freshOrder();
    const stockBefore = await stock(p.productId);
    const at = await versionNow(via, p.id);
    const [cancel, hold] = await Promise.all([act(via, "cancel", p.id, at), act(via, "hold", p.id, at)]);
    expect([cancel.status, hold.status].filter((s) => s === 412), JSON.stringify([cancel.raw, hold.raw])).toHaveLength(1);
    const after = await db.order.findUniqueOrThrow({ where: { id: p.id } });
    if (cancel.status === 200) {
      expect(after.status).toBe("canceled");
      expect(await stock(p.productId)).toBe(stockBefore + 2);
    } else {
      expect(after.status).toBe("on_hold");
      expect(await stock(p.productId)).toBe(stockBefore);
    }
  });

  it("leaves the version as it was when the action is refused after the claim", async () => {
    const db = await getDb();
    const o = await freshOrder();
    const invoiced = await act(via, "invoice", o.id);
    expect(invoiced.status).toBe(201);
    const version = await versionNow(via, o.id);
    const before = await footprint(o.id, o.productId);

    // More than was paid: 422, nothing refunded, and the version the client holds still good.
    const tooMuch = await act(via, "refund", o.id, version, { adjustmentRefund: 1000 });
    expect(tooMuch.status, JSON.stringify(tooMuch.raw)).toBe(422);
    expect(await footprint(o.id, o.productId)).toEqual(before);
    // A move the order does not take now: 409, likewise.
    const twice = await act(via, "release", o.id, version);
    expect(twice.status, JSON.stringify(twice.raw)).toBe(409);
    expect(await footprint(o.id, o.productId)).toEqual(before);

    const refund = await act(via, "refund", o.id, version);
    expect(refund.status, JSON.stringify(refund.raw)).toBe(201);
    expect(String((await db.order.findUniqueOrThrow({ where: { id: o.id } })).grandTotalRefunded)).toMatch(/^5(\.0+)?$/);
  });
});

describe.each(VIAS)("If-Match on invoicing a card payment held at a provider, over %s", (via) => {
  afterEach(() => vi.unstubAllEnvs());

  it("claims the version around the capture: 412 when stale, the version put back when the capture cannot be made", async () => {
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    const db = await getDb();
    const o = await freshOrder();
    // Money authorized at Stripe, not captured yet: invoicing captures it first, outside the booking's transaction.
    await db.paymentTransaction.create({
      data: { orderId: o.id, provider: "stripe", kind: "authorization", status: "succeeded", amount: "20", currencyCode: "USD", reference: `pi_held_${o.id}`, offline: false },
    });
    const stale = await versionNow(via, o.id);
    expect((await act(via, "comment", o.id, undefined, { comment: "Meanwhile." })).status).toBe(201);
    const before = await footprint(o.id, o.productId);
    const refused = await act(via, "invoice", o.id, stale);
    expect(refused.status, JSON.stringify(refused.raw)).toBe(412);
    expect(await footprint(o.id, o.productId)).toEqual(before);

    // At the current version: a part of a held payment (422) and a provider not configured (503) keep the version.
    const current = await versionNow(via, o.id);
    const part = await act(via, "invoice", o.id, current, { items: [{ orderItemId: o.itemIds[0], qty: 1 }] });
    expect(part.status, JSON.stringify(part.raw)).toBe(422);
    expect(await footprint(o.id, o.productId)).toEqual(before);
    const unreachable = await act(via, "pay", o.id, current);
    expect(unreachable.status, JSON.stringify(unreachable.raw)).toBe(503);
    expect(await footprint(o.id, o.productId)).toEqual(before);
    expect(await versionNow(via, o.id)).toBe(current);
  });
});

describe("If-Match on the order actions over REST", () => {
  it("reads the precondition from the header only, never from the body", async () => {
    const o = await freshOrder();
    const stale = await versionNow("rest", o.id);
    expect((await act("rest", "comment", o.id)).status).toBe(201);
    // `ifMatch` in the body is not the header: the action acts on the order as it is.
    const fromBody = await asAdmin("rest", token, OPERATION.hold, { id: o.id, ifMatch: stale, comment: "Held." });
    expect(fromBody.status, JSON.stringify(fromBody.raw)).toBe(200);
    // A list of tags matches when one of them does.
    const now = await versionNow("rest", o.id);
    const listed = await asAdmin("rest", token, OPERATION.release, { id: o.id }, { headers: { "If-Match": `${stale}, ${now}` } });
    expect(listed.status, JSON.stringify(listed.raw)).toBe(200);
  });
});
