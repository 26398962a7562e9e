// Webhook subscriptions and their deliveries (issue 33, item 3), and the event log's cursor (item 2). A receiver on
// this machine checks every signature as an integrator's would (tests/support/webhook-receiver.ts); the deliveries
// are driven round by round with the time given (`deliverWebhooks(now, only)`), so backoff is tested to the second.
// Events are written here with `recordEvent` in a transaction of their own; the order and stock flows that write them
// are tests/api/events-*.test.ts and tests/api/change-feed.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { adminToken, asAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";
import { webhookReceiver, type Receiver } from "../support/webhook-receiver.ts";
import { recordEvent } from "../../lib/events/record.ts";
import { latestPlace, readEvents } from "../../lib/events/log.ts";
import { backoffMs, deliverWebhooks } from "../../lib/events/webhooks.ts";
import { getSql, provider } from "../../lib/db/client.ts";

const LOCAL = "127.0.0.1/32";
let receiver: Receiver;
let token: string;

beforeAll(async () => {
  receiver = await webhookReceiver();
  token = await adminToken({ role: ["settings.webhooks.view", "settings.webhooks.create", "settings.webhooks.edit", "settings.webhooks.delete", "settings.events.view"] });
});
afterAll(() => receiver.close());
afterEach(() => {
  vi.unstubAllEnvs();
  receiver.answer = () => 204;
});

/** A product.updated event about a product id of this test alone (no such product: the log does not care). */
let fakeId = 900_000_000 + (process.pid % 1000) * 1000;
async function productEvent(): Promise<number> {
  const id = ++fakeId;
  await (await getDb()).$transaction((tx) => recordEvent(tx, "product.updated", { id, sku: `sku-${id}`, type: "simple", changed: ["name"], updatedAt: new Date() }));
  return id;
}

/** What the receiver got about `ids`, in arrival order. */
const about = (ids: number[]) => receiver.got.filter((g) => ids.includes(g.body.data.id as number));

async function subscribe(via: (typeof VIAS)[number], types: string[] = ["product.*"]) {
  vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", LOCAL);
  const made = await asAdmin(via, token, "createAdminWebhook", { url: receiver.url, types, description: unique("hook") });
  expect(made.status, JSON.stringify(made.raw)).toBe(201);
  receiver.secret = made.data.secret;
  return made.data as { id: number; secret: string; cursor: string };
}

describe.each(VIAS)("webhook subscriptions over %s", (via) => {
  it("are made with a secret shown once, refuse addresses inside the network, and need settings.webhooks", async () => {
    const made = await subscribe(via);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const read = await asAdmin(via, token, "adminWebhook", { id: made.id });
    expect(read.data).toMatchObject({ id: made.id, url: receiver.url, types: ["product.*"], active: true, failures: 0, secret: null });
    await expect((await getDb()).webhookSubscription.findUniqueOrThrow({ where: { id: made.id } })).resolves.toMatchObject({ secret: made.secret });

    // Without the operator's allowance, loopback is refused; the metadata address and private networks always are.
    vi.unstubAllEnvs();
    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", "");
    const before = await (await getDb()).webhookSubscription.count();
    for (const url of [receiver.url, "http://localhost:1/x", "http://169.254.169.254/latest", "http://10.0.0.5/", "http://[::1]:80/", "http://[::ffff:127.0.0.1]/", "ftp://example.com/", "http://user:pw@example.com/", "not a url"]) {
      const refused = await asAdmin(via, token, "createAdminWebhook", { url, types: ["*"] });
      expect(refused.status, url).toBe(422);
      expect(refused.fields.url, url).toBeDefined();
    }
    expect((await asAdmin(via, token, "createAdminWebhook", { url: "https://example.com/", types: ["orders.*"] })).status).toBe(422);
    expect((await asAdmin(via, token, "createAdminWebhook", { url: "https://example.com/", types: [] })).status).toBe(422);
    expect((await asAdmin(via, token, "updateAdminWebhook", { id: made.id, url: "http://127.0.0.1:9/" })).status).toBe(422);
    const viewer = await adminToken({ role: ["settings.webhooks.view"] });
    expect((await asAdmin(via, viewer, "createAdminWebhook", { url: "https://example.com/", types: ["*"] })).status).toBe(403);
    expect((await asAdmin(via, viewer, "updateAdminWebhook", { id: made.id, active: false })).status).toBe(403);
    expect((await asAdmin(via, await adminToken({ role: ["settings.jobs.view"] }), "adminWebhooks", {})).status).toBe(403);
    expect(await (await getDb()).webhookSubscription.count()).toBe(before);

    // A rotated secret is shown once and signs from then on.
    const rotated = await asAdmin(via, token, "rotateSecretAdminWebhook", { id: made.id });
    expect(rotated.status).toBe(200);
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(made.secret);
    expect((await asAdmin(via, token, "deleteAdminWebhook", { id: made.id })).status).toBe(200);
    expect(await (await getDb()).webhookSubscription.count({ where: { id: made.id } })).toBe(0);
  });
});

describe("webhook deliveries", () => {
  it("are signed, in the log's order, retried with backoff after failures, and each event is received once", async () => {
    const sub = await subscribe("rest");
    const ids = [await productEvent(), await productEvent(), await productEvent()];
    // An event of another type is not sent.
    await (await getDb()).$transaction((tx) => recordEvent(tx, "customer.created", { id: ++fakeId, email: "x@example.com", changed: ["email"], updatedAt: new Date() }));
    const start = receiver.got.length;
    receiver.answer = (n) => (n - start < 2 ? 500 : 204);

    const t0 = new Date();
    await deliverWebhooks(t0, [sub.id]);
    const db = await getDb();
    let row = await db.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(row).toMatchObject({ failures: 1, retryAt: new Date(t0.getTime() + backoffMs(1)), active: true });
    // Not due yet: nothing is sent.
    await deliverWebhooks(new Date(t0.getTime() + backoffMs(1) - 1), [sub.id]);
    expect(receiver.got.length - start).toBe(1);
    const t1 = new Date(t0.getTime() + backoffMs(1));
    await deliverWebhooks(t1, [sub.id]);
    row = await db.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(row).toMatchObject({ failures: 2, retryAt: new Date(t1.getTime() + backoffMs(2)) });
    expect(backoffMs(2)).toBe(5 * 60_000);
    await deliverWebhooks(new Date(t1.getTime() + backoffMs(2)), [sub.id]);

    const got = about(ids);
    expect(got.map((g) => g.answered)).toEqual([500, 500, 204, 204, 204]);
    expect(got.every((g) => g.verified)).toBe(true);
    const delivered = got.filter((g) => g.answered === 204);
    expect(delivered.map((g) => g.body.data.id)).toEqual(ids);
    expect(delivered.map((g) => g.body.type)).toEqual(["product.updated", "product.updated", "product.updated"]);
    // The same webhook-id on every try of one event: the receiver's dedupe key.
    expect(new Set(got.slice(0, 3).map((g) => g.id)).size).toBe(1);
    expect(receiver.got.slice(start).some((g) => g.body.type === "customer.created")).toBe(false);
    row = await db.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(row).toMatchObject({ failures: 0, retryAt: null });

    // Each try is logged: the first delivery has three, the others one.
    const deliveries = await asAdmin("rest", token, "adminWebhookDeliveries", { id: sub.id });
    expect(deliveries.status).toBe(200);
    const first = (deliveries.data.data as { eventId: number; status: string; attempts: number; tries: { statusCode: number; response: string; durationMs: number }[] }[]).at(-1)!;
    expect(first).toMatchObject({ status: "delivered", attempts: 3 });
    expect(first.tries.map((t) => t.statusCode)).toEqual([204, 500, 500]);
    expect(first.tries[1].response).toBe("receiver says no");
    expect((await asAdmin("graphql", token, "adminWebhookDeliveries", { id: sub.id })).data).toHaveLength(3);

    // Nothing new: a round sends nothing.
    const count = receiver.got.length;
    await deliverWebhooks(new Date(), [sub.id]);
    expect(receiver.got.length).toBe(count);
  });

  it("are sent once when two instances send at the same time", async () => {
    const sub = await subscribe("rest");
    const ids = [await productEvent(), await productEvent()];
    await Promise.all([deliverWebhooks(new Date(), [sub.id]), deliverWebhooks(new Date(), [sub.id]), deliverWebhooks(new Date(), [sub.id])]);
    expect(about(ids).map((g) => g.body.data.id)).toEqual(ids);
  });

  it("switch a subscription off after the configured run of failures, mail the owner, and go on from the cursor when switched on", async () => {
    vi.stubEnv("WEBHOOK_DISABLE_AFTER", "2");
    const sub = await subscribe("rest");
    const ids = [await productEvent()];
    receiver.answer = () => 503;
    const t0 = new Date();
    await deliverWebhooks(t0, [sub.id]);
    await deliverWebhooks(new Date(t0.getTime() + backoffMs(1)), [sub.id]);
    const db = await getDb();
    const off = await db.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(off).toMatchObject({ active: false, failures: 2, disabledReason: expect.stringContaining("503") });
    const mail = await db.mailMessage.findFirst({ where: { kind: "webhook_disabled", text: { contains: receiver.url } }, orderBy: { id: "desc" } });
    expect(mail?.subject).toBe(`Webhook ${sub.id} was switched off`);
    expect(mail?.to).toBe((await db.adminUser.findFirstOrThrow({ where: { isOwner: true } })).email);
    // Switched off: rounds send nothing.
    await deliverWebhooks(new Date(t0.getTime() + 3600_000), [sub.id]);
    expect(about(ids)).toHaveLength(2);

    receiver.answer = () => 200;
    const on = await asAdmin("rest", token, "updateAdminWebhook", { id: sub.id, active: true });
    expect(on.data).toMatchObject({ active: true, failures: 0, disabledAt: null, disabledReason: null });
    await deliverWebhooks(new Date(), [sub.id]);
    expect(about(ids).map((g) => g.answered)).toEqual([503, 503, 200]);
  });

  it("follow no redirect, and refuse at send time an address the operator no longer allows", async () => {
    const sub = await subscribe("rest");
    const target = await webhookReceiver("/elsewhere");
    receiver.answer = () => ({ status: 302, headers: { location: target.url } });
    const ids = [await productEvent()];
    await deliverWebhooks(new Date(), [sub.id]);
    expect(about(ids).map((g) => g.answered)).toEqual([302]);
    expect(target.got).toHaveLength(0);
    await target.close();

    vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", "");
    await deliverWebhooks(new Date(Date.now() + backoffMs(1)), [sub.id]);
    expect(about(ids)).toHaveLength(1);
    const delivery = await (await getDb()).webhookDelivery.findFirstOrThrow({ where: { subscriptionId: sub.id }, include: { tries: { orderBy: { id: "asc" } } } });
    expect(delivery.tries.map((t) => t.statusCode)).toEqual([302, null]);
    expect(delivery.tries[1].error).toMatch(/loopback/);
  });

  it("are replayed by hand, and a replay of the delivery waited on moves the subscription on", async () => {
    const sub = await subscribe("rest");
    const ids = [await productEvent(), await productEvent()];
    receiver.answer = () => 500;
    await deliverWebhooks(new Date(), [sub.id]);
    const pending = await (await getDb()).webhookDelivery.findFirstOrThrow({ where: { subscriptionId: sub.id } });
    receiver.answer = () => 200;
    const replayed = await asAdmin("graphql", token, "replayAdminWebhookDelivery", { id: sub.id, deliveryId: pending.id });
    expect(replayed.status, JSON.stringify(replayed.raw)).toBe(200);
    expect(replayed.data).toMatchObject({ status: "delivered", attempts: 2 });
    expect(replayed.data.tries[0]).toMatchObject({ statusCode: 200, manual: true });
    // The next round (the retry not yet due, but the event it waited on delivered) goes on with the second.
    await (await getDb()).webhookSubscription.update({ where: { id: sub.id }, data: { retryAt: null } });
    await deliverWebhooks(new Date(), [sub.id]);
    expect(about(ids).filter((g) => g.answered === 200).map((g) => g.body.data.id)).toEqual(ids);
    // A replay of a delivered one is sent again, logged, and moves nothing.
    const again = await asAdmin("rest", token, "replayAdminWebhookDelivery", { id: sub.id, deliveryId: pending.id });
    expect(again.data).toMatchObject({ status: "delivered", attempts: 3 });
    expect(about(ids).filter((g) => g.body.data.id === ids[0])).toHaveLength(3);
    // Another subscription's delivery is not found under this one.
    expect((await asAdmin("rest", token, "replayAdminWebhookDelivery", { id: sub.id + 100000, deliveryId: pending.id })).status).toBe(404);
  });
});

describe.each(VIAS)("the event log over %s", (via) => {
  it("answers events after a cursor, of the types asked, a page at a time", async () => {
    const start = await asAdmin(via, token, "adminEvents", { types: ["product.*"], limit: 500 });
    expect(start.status, JSON.stringify(start.raw)).toBe(200);
    let cursor = start.data.cursor as string;
    // Read to the end first: another test file may be writing.
    for (let more = start.data.hasMore; more; ) {
      const next = await asAdmin(via, token, "adminEvents", { after: cursor, types: ["product.*"], limit: 500 });
      cursor = next.data.cursor;
      more = next.data.hasMore;
    }
    const ids = [await productEvent(), await productEvent(), await productEvent()];
    const page1 = await asAdmin(via, token, "adminEvents", { after: cursor, types: ["product.updated"], limit: 2 });
    const mine1 = page1.data.data.filter((e: { data: { id: number } }) => ids.includes(e.data.id));
    expect(page1.data.hasMore).toBe(true);
    const page2 = await asAdmin(via, token, "adminEvents", { after: page1.data.cursor, types: ["product.updated"], limit: 50 });
    const mine = [...mine1, ...page2.data.data.filter((e: { data: { id: number } }) => ids.includes(e.data.id))];
    expect(mine.map((e: { data: { id: number } }) => e.data.id)).toEqual(ids);
    expect(mine[0]).toMatchObject({ type: "product.updated", subject: `product:${ids[0]}`, data: { sku: `sku-${ids[0]}`, changed: ["name"] } });
    expect(page1.data.cursor).toBe(page1.data.data.at(-1).cursor);
    // Other types are left out.
    expect((await asAdmin(via, token, "adminEvents", { after: cursor, types: ["order.*"] })).data.data.filter((e: { data: { id: number } }) => ids.includes(e.data.id))).toEqual([]);

    for (const bad of [{ after: "nope" }, { types: ["orders.*"] }, { limit: 0 }, { limit: 501 }]) expect((await asAdmin(via, token, "adminEvents", bad)).status, JSON.stringify(bad)).toBe(422);
    expect((await asAdmin(via, await adminToken({ role: ["settings.webhooks.view"] }), "adminEvents", {})).status).toBe(403);
  });
});

describe.skipIf(provider() !== "postgresql")("the event log on PostgreSQL", () => {
  it("places events in commit order, so a cursor never passes an event that commits after a later one", async () => {
    const db = await getDb();
    const sql = await getSql();
    const after = await latestPlace(sql);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let wrote!: () => void;
    const written = new Promise<void>((r) => (wrote = r));
    const early = ++fakeId;
    // The earlier transaction writes its event first (the smaller id) but commits last.
    const slow = db.$transaction(
      async (tx) => {
        await recordEvent(tx, "product.updated", { id: early, sku: "early", type: "simple", changed: ["name"], updatedAt: new Date() });
        wrote();
        await held;
      },
      { timeout: 20_000 },
    );
    await written;
    const late = await productEvent();
    const mine = (events: { data: Record<string, unknown> }[]) => events.map((e) => e.data.id).filter((x) => x === early || x === late);
    // A reader now sees the committed one, and stores its cursor.
    const first = await readEvents(sql, after, ["product.updated"], 1000);
    expect(mine(first)).toEqual([late]);
    const cursor = first.at(-1)!.position;
    release();
    await slow;
    // The one that committed later comes after that cursor: nothing is missed.
    expect(mine(await readEvents(sql, cursor, ["product.updated"], 1000))).toEqual([early]);
    expect(mine(await readEvents(sql, after, ["product.updated"], 1000))).toEqual([late, early]);
  });
});
