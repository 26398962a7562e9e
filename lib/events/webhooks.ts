// Webhook deliveries: each active subscription is sent the events of its types, one at a time, in the log's order
// (./log.ts), signed per the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`,
// `webhook-signature`, the `standardwebhooks` package). A 2xx answer moves the subscription's cursor past the event;
// anything else is a failed try, logged (status, duration, the start of the answer), and the subscription waits
// (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h…) before trying the same event again, so that a receiver never gets an event
// before the one it follows. After WEBHOOK_DISABLE_AFTER failed tries in a row (8: more than a day) the subscription
// is switched off and the store's owners are mailed; switched on again, it goes on from its cursor.
//
// The job `webhooks.deliver` does the sending: a moment after a change writes events, and every
// WEBHOOK_POLL_SECONDS (10). A subscription is claimed with a lease (compare-and-set) before it is sent to, so
// with several instances each event reaches each receiver once.
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { getDb, getSql } from "../db/client.ts";
import { defineJob, jobQueue, positiveSetting, type JobLog } from "../jobs/queue.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { DEFAULT_LOCALE } from "../mail/templates.ts";
import { postOutbound, type OutboundAnswer } from "../http/outbound.ts";
import { placeAll, readEvents, type LoggedEvent } from "./log.ts";
import { listenForEvents } from "./record.ts";
import { typesOf } from "./types.ts";

/** Waits after the 1st, 2nd… failed try in a row (the last repeats). */
const BACKOFF_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000];
export const backoffMs = (failures: number) => BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1];

/** Failed tries in a row that switch a subscription off (8: the last more than a day after the first). */
export const disableAfter = () => Math.floor(positiveSetting("WEBHOOK_DISABLE_AFTER", 8));
const timeoutMs = () => positiveSetting("WEBHOOK_TIMEOUT_SECONDS", 10) * 1000;
/** Events sent to one subscription in one round; the round after goes on. */
const ROUND = 100;

/** A new signing secret, in the specification's form. */
export const newSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

export interface Delivered {
  subscriptionId: number;
  sent: number;
  failed: boolean;
}

interface Subscription {
  id: number;
  url: string;
  types: string;
  secret: string;
  cursor: number;
  failures: number;
}

/** The body a receiver gets: the specification's `type`, `timestamp`, `data`, and the event's id. */
export function bodyOf(e: Pick<LoggedEvent, "id" | "type" | "data" | "createdAt">): string {
  return JSON.stringify({ type: e.type, timestamp: e.createdAt.toISOString(), data: e.data, eventId: e.id });
}

/** Signs and sends one event; the message id is the event's, the same on every try (the receiver's dedupe key). */
export async function sendEvent(sub: Pick<Subscription, "url" | "secret">, e: Pick<LoggedEvent, "id" | "type" | "data" | "createdAt">, now: Date): Promise<OutboundAnswer> {
  const body = bodyOf(e);
  const msgId = `evt_${e.id}`;
  const signature = new Webhook(sub.secret).sign(msgId, now, body);
  return postOutbound(sub.url, body, { "webhook-id": msgId, "webhook-timestamp": String(Math.floor(now.getTime() / 1000)), "webhook-signature": signature }, timeoutMs());
}

const ok = (a: OutboundAnswer) => a.status !== null && a.status >= 200 && a.status < 300;
const leaseMs = () => Math.max(60_000, timeoutMs() * 3);

/** Sends what is due to every active subscription (or to those of `only`), at `now`. */
export async function deliverWebhooks(now = new Date(), only?: readonly number[]): Promise<Delivered[]> {
  const db = await getDb();
  const due = await db.webhookSubscription.findMany({
    where: { active: true, OR: [{ retryAt: null }, { retryAt: { lte: now } }], ...(only ? { id: { in: [...only] } } : {}) },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const done: Delivered[] = [];
  // The events committed so far take their places once for the round, not once per subscription.
  if (due.length) await placeAll(await getSql());
  for (const { id } of due) {
    const result = await deliverTo(id, now);
    if (result) done.push(result);
  }
  return done;
}

/** Claims subscription `id` (none else sends to it meanwhile) and sends it its next events; null when another holds it. */
async function deliverTo(id: number, now: Date): Promise<Delivered | null> {
  const db = await getDb();
  const claimed = await db.webhookSubscription.updateMany({
    where: { id, active: true, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseUntil: new Date(now.getTime() + leaseMs()) },
  });
  if (!claimed.count) return null;
  let sent = 0;
  try {
    const sub = await db.webhookSubscription.findUniqueOrThrow({ where: { id } });
    // Read after the claim: the cursor is the one the last holder left.
    const events = await readEvents(await getSql(), sub.cursor, typesOf(JSON.parse(sub.types) as string[]), ROUND, true);
    for (const e of events) {
      const answer = await sendEvent(sub, e, new Date());
      if (!(await recordTry(sub, e, answer, now))) return { subscriptionId: id, sent, failed: true };
      sent++;
    }
    if (events.length === ROUND) kick();
    return { subscriptionId: id, sent, failed: false };
  } finally {
    await db.webhookSubscription.update({ where: { id }, data: { leaseUntil: null } });
  }
}

/**
 * Logs a try; on success moves the cursor past the event and answers true; on failure schedules the next try. A
 * manual try (a replay) moves the cursor when it sends the event the subscription waits on and succeeds, and counts
 * no failure.
 */
async function recordTry(sub: Subscription, e: LoggedEvent, answer: OutboundAnswer, now: Date, manual?: { atHead: boolean }): Promise<boolean> {
  const db = await getDb();
  const success = ok(answer);
  const moves = manual ? manual.atHead && success : true;
  const failures = success ? 0 : sub.failures + 1;
  const giveUp = moves && !success && failures >= disableAfter();
  await db.$transaction(async (tx) => {
    const delivery = await tx.webhookDelivery.upsert({
      where: { subscriptionId_eventId: { subscriptionId: sub.id, eventId: e.id } },
      create: { subscriptionId: sub.id, eventId: e.id, eventType: e.type },
      update: {},
    });
    await tx.webhookAttempt.create({ data: { deliveryId: delivery.id, statusCode: answer.status, durationMs: answer.durationMs, response: answer.body, error: answer.error, manual: !!manual } });
    await tx.webhookDelivery.update({
      where: { id: delivery.id },
      data: {
        attempts: { increment: 1 },
        lastStatusCode: answer.status,
        status: success ? "delivered" : giveUp ? "failed" : undefined,
        deliveredAt: success ? new Date() : undefined,
      },
    });
    if (!moves) return;
    await tx.webhookSubscription.update({
      where: { id: sub.id },
      data: success
        ? { cursor: e.position, failures: 0, retryAt: null }
        : giveUp
          ? { failures, retryAt: null, active: false, disabledAt: now, disabledReason: `${failures} failed tries in a row; the last: ${answer.status ?? answer.error}` }
          : { failures, retryAt: new Date(now.getTime() + backoffMs(failures)) },
    });
    if (giveUp) await mailOwners(tx, sub, failures, answer);
  });
  if (moves) sub.failures = failures;
  return success;
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["$transaction"]>[0]>[0];

async function mailOwners(tx: Tx, sub: Subscription, failures: number, answer: OutboundAnswer): Promise<void> {
  const owners = await tx.adminUser.findMany({ where: { isOwner: true, status: true }, select: { email: true } });
  const last = answer.status !== null ? `HTTP ${answer.status}` : (answer.error ?? "no answer");
  for (const { email } of owners) await enqueueMail(tx, "webhook_disabled", email, { subscriptionId: sub.id, url: sub.url, failures, last }, DEFAULT_LOCALE);
}

/**
 * Sends one delivery's event again now, by hand (an operator's replay), and logs the try as manual. A delivery still
 * pending that succeeds so moves its subscription on as the queue's try would.
 */
export async function replayDelivery(deliveryId: number, now = new Date()): Promise<OutboundAnswer> {
  const db = await getDb();
  const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, include: { subscription: true } });
  const row = await db.event.findUnique({ where: { id: delivery.eventId } });
  if (!row?.position) throw new Error(`Event ${delivery.eventId} is no longer kept (EVENT_RETENTION_DAYS).`);
  const e: LoggedEvent = {
    id: row.id,
    position: row.position,
    type: row.type as LoggedEvent["type"],
    subject: row.subject,
    data: JSON.parse(row.data) as Record<string, unknown>,
    createdAt: row.createdAt,
  };
  const sub = delivery.subscription;
  const answer = await sendEvent(sub, e, now);
  // The event the subscription waits on: the first of its types after its cursor (a pending delivery is that one).
  const atHead = delivery.status === "pending" && sub.active && e.position > sub.cursor;
  await recordTry(sub, e, answer, now, { atHead });
  if (atHead && ok(answer)) kick();
  return answer;
}

export const webhookDeliver = defineJob({
  name: "webhooks.deliver",
  attempts: 1,
  backoffMs: () => 0,
  every: () => positiveSetting("WEBHOOK_POLL_SECONDS", 10) * 1000,
  async run(_data, { now }) {
    await refreshActive();
    const done = (await deliverWebhooks(now)).filter((d) => d.sent || d.failed);
    return done.length ? { delivered: done } : undefined;
  },
});

let pending: NodeJS.Timeout | null = null;
let logger: JobLog | null = null;
/** Asks for a round soon (after a change's transaction commits). */
function kick(): void {
  pending ??= setTimeout(() => {
    pending = null;
    void jobQueue()
      .then((q) => q.add(webhookDeliver, {}))
      .catch((e: Error) => logger?.("warn", { err: e.message }, "webhook delivery not queued"));
  }, 250);
  pending.unref();
}

/** A change that writes events adds a delivery round a moment later, when some subscription is active. */
export function deliverOnNewEvents(log: JobLog): void {
  logger = log;
  listenForEvents(() => {
    if (activeSubscriptions.known === 0) return;
    kick();
  });
  void refreshActive();
}

/**
 * How many subscriptions are active, from the last look (a change to subscriptions and every round look again). On
 * globalThis: the routes that change subscriptions and instrumentation.ts, which listens, are bundled apart.
 */
const activeSubscriptions = ((globalThis as { __commerceWebhooksActive?: { known: number | null } }).__commerceWebhooksActive ??= { known: null });
export async function refreshActive(): Promise<void> {
  activeSubscriptions.known = await (await getDb()).webhookSubscription.count({ where: { active: true } });
}
