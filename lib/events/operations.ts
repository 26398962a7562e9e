// The change feed over the Admin API: the event log, read with a cursor (settings.events.view). A connector stores
// the `cursor` of each read and gives it back as `after`; it misses nothing and sees nothing twice.
import { z } from "zod";
import { operation } from "../operations/define.ts";
import { intParam } from "../operations/fields.ts";
import { Cursor, cursorOf, readEvents, readerTypes, retentionDays, placeOf } from "./log.ts";
import { EventPatterns, EVENT_TYPE_NAMES } from "./types.ts";
import { operations as webhookOperations } from "./subscriptions.ts";

export const AdminEvent = z
  .object({
    /** Give this back as `after` to read the events after this one. */
    cursor: z.string(),
    id: z.int(),
    /** One of the event types (the Admin OpenAPI document's `webhooks` lists each with its payload). */
    type: z.string(),
    /** The record it is about, e.g. `order:12`. */
    subject: z.string(),
    data: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: "AdminEvent" });

export const AdminEventLog = z
  .object({
    data: z.array(AdminEvent),
    /** Where this read ended: store it and give it back as `after` (the one given when no event came). */
    cursor: z.string(),
    /** More events wait after `cursor`: read again at once. */
    hasMore: z.boolean(),
  })
  .meta({ id: "AdminEventLog" });

/** A list as REST's query gives it (`order.*,inventory.*`) or as an array. */
const patternList = z.preprocess((v) => (typeof v === "string" ? v.split(",").filter((s) => s.trim()) : v), EventPatterns);

export const listAdminEvents = operation({
  name: "adminEvents",
  surface: "admin",
  kind: "query",
  summary:
    "The change feed, in commit order: events after the cursor `after` (none: from the oldest kept), of `types` " +
    `(${EVENT_TYPE_NAMES.join(", ")}; a prefix with \`.*\`), at most \`limit\` (50, up to 500). ` +
    `Events are kept ${retentionDays()} days (EVENT_RETENTION_DAYS).`,
  access: { admin: "settings.events.view" },
  input: z
    .object({
      after: Cursor.optional(),
      types: patternList.optional(),
      limit: intParam().pipe(z.int().min(1, { message: "must be at least 1" }).max(500, { message: "must be at most 500" })).optional(),
    })
    .strict(),
  output: AdminEventLog,
  rest: { method: "GET", paths: ["/api/admin/events"] },
  run: async (ctx, { after, types, limit = 50 }) => {
    const from = placeOf(after);
    // One more than asked tells whether more wait.
    const events = await readEvents(ctx.sql, from, readerTypes(types), limit + 1);
    const page = events.slice(0, limit);
    return {
      data: page.map((e) => ({ cursor: cursorOf(e.position), id: e.id, type: e.type, subject: e.subject, data: e.data, createdAt: e.createdAt.toISOString() })),
      cursor: cursorOf(page.at(-1)?.position ?? from),
      hasMore: events.length > limit,
    };
  },
});

export const operations = [listAdminEvents, ...webhookOperations];
