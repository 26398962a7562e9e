// The change feed's event types, declared once: each names the record it is about and the shape of its payload. The
// event log (./operations.ts) and webhook deliveries (./webhooks.ts) carry these payloads; the Admin OpenAPI document
// lists every type with its schema under `webhooks`. A payload holds ids, what changed and the record's new
// `updatedAt`, never a secret (no token, no password hash, no card data): a receiver reads the record itself when it
// needs more.
import { z } from "zod";

const at = z.string().describe("The record's `updatedAt` after the change (ISO 8601).");
const changed = z.array(z.string()).describe("The fields the change set.");

/** What changed; `fields`: the order's own fields an update sets (its external id, its metadata). */
const OrderChange = z.enum(["status", "invoice", "shipment", "refund", "cancel", "comment", "payment", "fields"]);

const order = z.object({
  id: z.int().describe("The order's id."),
  incrementId: z.string(),
  status: z.string().describe("The order's status after the change."),
  updatedAt: at,
});

const product = z.object({ id: z.int(), sku: z.string(), type: z.string(), changed, updatedAt: at });
const customer = z.object({ id: z.int(), email: z.string(), changed, updatedAt: at });
const returned = z.object({ id: z.int(), orderId: z.int(), status: z.string(), changed, updatedAt: at });
const gdpr = z.object({ id: z.int(), customerId: z.int().nullable(), type: z.string(), status: z.string(), updatedAt: at });

export const EVENT_TYPES = {
  "order.placed": {
    summary: "An order was placed (by a shopper's checkout or from the back office).",
    data: order.extend({ grandTotal: z.string(), currency: z.string(), customerId: z.int().nullable(), channelId: z.int() }),
  },
  "order.updated": {
    summary: "An order changed: its status, an invoice, a shipment, a refund, a cancel, a payment, a comment or its own fields (external id, metadata).",
    data: order.extend({
      change: OrderChange,
      /** The invoice, shipment, refund or comment the change made, when it made one. */
      recordId: z.int().nullable(),
    }),
  },
  "product.created": { summary: "A product was created.", data: product },
  "product.updated": { summary: "A product's own fields, attributes, prices or relations changed (stock: inventory.updated).", data: product },
  "product.deleted": { summary: "A product was deleted: the tombstone.", data: z.object({ id: z.int(), sku: z.string() }) },
  "inventory.updated": {
    summary: "A product's stock in a channel changed: a sale, a cancel or a return giving stock back, or a write in the back office.",
    data: z.object({
      id: z.int().describe("The inventory row's id."),
      productId: z.int(),
      channelId: z.int(),
      oldQty: z.int(),
      newQty: z.int(),
      reason: z.enum(["sale", "restock", "admin"]).describe("sale: an order took it; restock: a cancel or return gave it back; admin: written in the back office."),
      updatedAt: at,
    }),
  },
  "customer.created": { summary: "A customer account was made (registration or the back office).", data: customer },
  "customer.updated": { summary: "A customer's account changed.", data: customer },
  "customer.deleted": { summary: "A customer was deleted or erased (GDPR): the tombstone. The orders stay, anonymised.", data: z.object({ id: z.int() }) },
  "return.created": { summary: "A return (RMA) was requested.", data: returned },
  "return.updated": { summary: "A return moved on: its status, an item, a message.", data: returned },
  "review.created": {
    summary: "A product review was written.",
    data: z.object({ id: z.int(), productId: z.int(), rating: z.int(), status: z.string(), updatedAt: at }),
  },
  "gdpr_request.created": { summary: "A customer asked for their data or its deletion.", data: gdpr },
  "gdpr_request.updated": { summary: "A GDPR request moved on (processing, completed, declined).", data: gdpr },
} as const satisfies Record<string, { summary: string; data: z.ZodObject }>;

export type EventType = keyof typeof EVENT_TYPES;
export type EventData<T extends EventType> = z.input<(typeof EVENT_TYPES)[T]["data"]>;
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];

/** The record an event is about, e.g. `order:12` (inventory: the product's). */
export function subjectOf(type: EventType, data: { id: number; productId?: number }): string {
  const entity = type.split(".")[0];
  return entity === "inventory" ? `product:${data.productId}` : `${entity}:${data.id}`;
}

/**
 * A list of types or patterns as a subscriber or a reader of the log names them: `order.placed`, `order.*`, `*`.
 * Throws a message naming the first that matches no type.
 */
export function typeMatcher(patterns: readonly string[]): (type: string) => boolean {
  const clean = patterns.map((p) => p.trim()).filter(Boolean);
  for (const p of clean) if (!EVENT_TYPE_NAMES.some((t) => matches(p, t))) throw new Error(`${p} is no event type (${EVENT_TYPE_NAMES.join(", ")}, or a prefix with .*)`);
  if (!clean.length || clean.includes("*")) return () => true;
  return (type) => clean.some((p) => matches(p, type));
}

const matches = (pattern: string, type: string) => pattern === "*" || pattern === type || (pattern.endsWith(".*") && type.startsWith(pattern.slice(0, -1)));

/** The zod check of a list of patterns, for inputs (`types` of the log and of a subscription). */
export const EventPatterns = z
  .array(z.string().trim().min(1).max(64))
  .max(EVENT_TYPE_NAMES.length + 8)
  .superRefine((patterns, ctx) => {
    try {
      typeMatcher(patterns);
    } catch (e) {
      ctx.addIssue({ code: "custom", message: (e as Error).message });
    }
  });

/** The concrete types a list of patterns stands for. */
export const typesOf = (patterns: readonly string[]): EventType[] => EVENT_TYPE_NAMES.filter(typeMatcher(patterns));
