// Webhook subscriptions over the Admin API (settings.webhooks): a URL, the event types it wants, a signing secret
// shown once, an active flag; each subscription's deliveries with every try, and a replay by hand. What is sent and
// when is ./webhooks.ts.
import { z } from "zod";
import type { WebhookSubscription } from "../generated/sqlite/client.ts";
import type { RequestContext } from "../context.ts";
import { adminPrincipal } from "../context.ts";
import { Conflict, NotFound, Validation } from "../errors.ts";
import { operation } from "../operations/define.ts";
import { boolParam, recordId } from "../operations/fields.ts";
import { ADMIN_LIST, adminResource, resourceAction } from "../admin/resource.ts";
import { deepCamel } from "../admin/input.ts";
import { refusedUrl } from "../http/outbound.ts";
import { Cursor, cursorOf, latestPlace, placeOf } from "./log.ts";
import { EventPatterns } from "./types.ts";
import { newSecret, refreshActive, replayDelivery } from "./webhooks.ts";

export const AdminWebhook = z
  .object({
    id: z.int(),
    url: z.string(),
    description: z.string(),
    /** Event types or patterns (`order.*`, `*`). */
    types: z.array(z.string()),
    active: z.boolean(),
    /** The last event sent: the next delivery is the first of its types after it. */
    cursor: z.string(),
    /** Failed tries in a row; at WEBHOOK_DISABLE_AFTER it is switched off. */
    failures: z.int(),
    /** While failing: when the next try is due. */
    retryAt: z.string().nullable(),
    disabledAt: z.string().nullable(),
    disabledReason: z.string().nullable(),
    /** `whsec_…`: present only in the answer that creates the subscription or rotates its secret. */
    secret: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminWebhook", iri: "/api/admin/settings/webhooks" });

type Row = Omit<WebhookSubscription, "secret">;

const shown = (row: Row) => ({ ...row, types: JSON.parse(row.types) as string[], cursor: cursorOf(row.cursor), secret: null });

/** A URL a delivery may go to (the address is checked again at each send: a name may resolve elsewhere later). */
const DeliveryUrl = z.string().trim().min(1, { message: "is required" }).max(2000);
const Types = EventPatterns.min(1, { message: "must name at least one event type (or *)" });

async function checkedUrl(url: string): Promise<string> {
  const refused = await refusedUrl(url);
  if (refused) throw Validation.field("url", refused);
  return url;
}

const CreateInput = z.object({
  url: DeliveryUrl,
  types: Types,
  description: z.string().trim().max(500).optional(),
  active: boolParam().optional(),
  /** Start after this cursor of the event log (e.g. one a connector stored); none: with the next event. */
  after: Cursor.optional(),
});

export const webhooks = adminResource({
  path: "settings/webhooks",
  one: "Webhook",
  many: "Webhooks",
  permission: "settings.webhooks",
  model: "webhookSubscription",
  output: AdminWebhook,
  toOutput: (_ctx, row: Row) => shown(row),
  filters: z.object({ active: boolParam().optional() }),
  where: (_ctx, f) => (f.active === undefined ? {} : { active: f.active }),
  changes: true,
  update: {
    input: z.object({ url: DeliveryUrl.optional(), types: Types.optional(), description: z.string().trim().max(500).optional(), active: boolParam().optional() }),
    summary: "Change a subscription's URL, types, description or active flag. Switched on again, it goes on from its cursor with its failures counted afresh.",
    run: async (ctx, id, input) => {
      const before = await ctx.db.webhookSubscription.findUniqueOrThrow({ where: { id } });
      const revived = input.active === true && !before.active;
      await ctx.db.webhookSubscription.update({
        where: { id },
        data: {
          ...(input.url !== undefined ? { url: await checkedUrl(input.url) } : {}),
          ...(input.types ? { types: JSON.stringify(input.types) } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          ...(revived ? { failures: 0, retryAt: null, disabledAt: null, disabledReason: null } : {}),
        },
      });
      await refreshActive();
    },
  },
  remove: async (ctx, id) => {
    await ctx.db.webhookSubscription.delete({ where: { id } });
    await refreshActive();
  },
});

export const createAdminWebhook = operation({
  name: "createAdminWebhook",
  surface: "admin",
  kind: "mutation",
  summary:
    "Subscribe a URL to event types (`order.*`, `inventory.updated`, `*`). Deliveries start with the next event (or after " +
    "`after`, a cursor of the event log). The URL must not reach a private, loopback or link-local address " +
    "(OUTBOUND_ALLOWED_NETWORKS allows one). `secret` (whsec_…) signs every delivery and is shown once.",
  access: { admin: "settings.webhooks.create" },
  input: CreateInput.strict(),
  output: AdminWebhook,
  rest: { method: "POST", paths: ["/api/admin/settings/webhooks"], status: 201, input: deepCamel },
  run: async (ctx, input) => {
    const url = await checkedUrl(input.url);
    const start = input.after ? placeOf(input.after) : await latestPlace(ctx.sql);
    const secret = newSecret();
    const row = await ctx.db.webhookSubscription.create({
      data: {
        url,
        types: JSON.stringify(input.types),
        description: input.description ?? "",
        active: input.active ?? true,
        secret,
        cursor: start,
        createdById: adminPrincipal(ctx).adminId,
      },
    });
    await refreshActive();
    return { ...(await webhooks.load(ctx, row.id)), secret };
  },
});

export const rotateAdminWebhookSecret = resourceAction(webhooks, {
  verb: "rotateSecret",
  segment: "rotate-secret",
  summary: "Replace a subscription's signing secret; deliveries from now on are signed with the new one, shown once.",
  permission: "settings.webhooks.edit",
  output: AdminWebhook,
  run: async (ctx, id) => {
    const secret = newSecret();
    await ctx.db.webhookSubscription.update({ where: { id }, data: { secret } });
    return { ...(await webhooks.load(ctx, id)), secret };
  },
});

export const AdminWebhookDelivery = z
  .object({
    id: z.int(),
    subscriptionId: z.int(),
    eventId: z.int(),
    eventType: z.string(),
    /** pending (being retried) | delivered | failed (given up: the subscription was switched off) */
    status: z.string(),
    attempts: z.int(),
    lastStatusCode: z.int().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Every try, the latest first. */
    tries: z.array(
      z
        .object({
          statusCode: z.int().nullable(),
          durationMs: z.int(),
          /** The start of the receiver's answer. */
          response: z.string(),
          error: z.string().nullable(),
          /** Sent by a replay. */
          manual: z.boolean(),
          createdAt: z.string(),
        })
        .meta({ id: "AdminWebhookTry" }),
    ),
  })
  .meta({ id: "AdminWebhookDelivery" });

const withTries = { tries: { orderBy: { id: "desc" as const } } };

// The projector writes dates as ISO 8601 (lib/operations/project.ts); the declared output says so.
const delivered = (row: object) => row as z.input<typeof AdminWebhookDelivery>;

async function ownDelivery(ctx: RequestContext, subscriptionId: number, deliveryId: number) {
  const delivery = await ctx.db.webhookDelivery.findFirst({ where: { id: deliveryId, subscriptionId }, include: withTries });
  if (!delivery) throw new NotFound("Webhook delivery");
  return delivery;
}

export const listAdminWebhookDeliveries = operation({
  name: "adminWebhookDeliveries",
  surface: "admin",
  kind: "query",
  summary: "A subscription's deliveries, the latest first, each with its tries: `status` (pending, delivered, failed), `page`, `per_page`.",
  access: { admin: "settings.webhooks.view" },
  input: z.object({
    id: recordId(),
    status: z.enum(["pending", "delivered", "failed"], { message: "must be pending, delivered or failed" }).optional(),
  }),
  output: AdminWebhookDelivery,
  list: ADMIN_LIST,
  rest: { method: "GET", paths: ["/api/admin/settings/webhooks/{id}/deliveries"] },
  run: async (ctx, { id, status }, paging) => {
    await webhooks.load(ctx, id);
    const where = { subscriptionId: id, ...(status ? { status } : {}) };
    const [total, items] = await Promise.all([
      ctx.db.webhookDelivery.count({ where }),
      ctx.db.webhookDelivery.findMany({ where, orderBy: { id: "desc" }, skip: paging.offset, take: paging.limit, include: withTries }),
    ]);
    return { total, items: items.map(delivered) };
  },
});

export const replayAdminWebhookDelivery = operation({
  name: "replayAdminWebhookDelivery",
  surface: "admin",
  kind: "mutation",
  summary:
    "Send a delivery's event again now, signed afresh with the same `webhook-id`, and log the try. A pending delivery " +
    "that so succeeds moves its subscription on. 409 when the event is no longer kept.",
  access: { admin: "settings.webhooks.edit" },
  input: z.object({ id: recordId(), deliveryId: recordId() }).strict(),
  output: AdminWebhookDelivery,
  rest: { method: "POST", paths: ["/api/admin/settings/webhooks/{id}/deliveries/{deliveryId}/replay"], errors: [409] },
  graphql: { resource: "adminWebhookDelivery" },
  run: async (ctx, { id, deliveryId }) => {
    const delivery = await ownDelivery(ctx, id, deliveryId);
    if (!(await ctx.db.event.count({ where: { id: delivery.eventId } }))) throw new Conflict(`Event ${delivery.eventId} is no longer kept (EVENT_RETENTION_DAYS).`);
    await replayDelivery(deliveryId);
    return delivered(await ownDelivery(ctx, id, deliveryId));
  },
});

export const operations = [
  webhooks.list,
  webhooks.get,
  createAdminWebhook,
  webhooks.update,
  webhooks.remove,
  rotateAdminWebhookSecret,
  listAdminWebhookDeliveries,
  replayAdminWebhookDelivery,
];
