// The change feed's places (lib/events/log.ts, placeNewEvents in lib/db/sql/expressions.ts): a read of the log first
// places every committed event that has none, however many wait, in the order of their ids. Placing goes in
// batches; on PostgreSQL the adapter reports no affected-row count for the raw statement, and a count of 0 once
// stopped the placing after the first batch, so a read missed the newest events while more than a batch waited.
import { beforeAll, expect, it } from "vitest";
import { getDb } from "../support/client.ts";
import { adminCall, adminToken } from "../support/admin.ts";
import { eventPurge, retentionDays } from "../../lib/events/log.ts";

let admin: string;
beforeAll(async () => {
  admin = await adminToken({ role: ["settings.events.view"] });
});

/** Every event of `type` after `after`, page by page through GET /api/admin/events. */
async function readAll(after: string, type: string): Promise<{ cursor: string; id: number; subject: string }[]> {
  const out: { cursor: string; id: number; subject: string }[] = [];
  for (let page = 0; page < 50; page++) {
    const res = await adminCall(admin, "GET", `/api/admin/events?after=${after}&types=${type}&limit=500`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...res.body.data);
    after = res.body.cursor;
    if (!res.body.hasMore) return out;
  }
  throw new Error("the log did not end");
}

it("a read places every waiting event, more than a batch of them, and answers them all in the order they were written", async () => {
  const db = await getDb();
  const before = (await db.event.aggregate({ _max: { position: true } }))._max.position ?? 0;

  // 2,345 committed events without a place (more than two batches of 1,000), as changes would leave them.
  const marker = `placing-${Date.now()}`;
  const rows = Array.from({ length: 2345 }, (_, i) => ({
    type: "gdpr_request.updated",
    subject: `gdpr_request:${900_000_000 + i}`,
    data: JSON.stringify({ id: 900_000_000 + i, marker }),
  }));
  await db.event.createMany({ data: rows });
  const written = await db.event.findMany({ where: { data: { contains: marker } }, orderBy: { id: "asc" }, select: { id: true } });
  expect(written).toHaveLength(2345);

  // One read of one event places them all, not only a first batch (a reader who pages on would otherwise find
  // `hasMore` false while events still waited without a place, and miss them).
  const one = await adminCall(admin, "GET", `/api/admin/events?after=${before}&types=gdpr_request.updated&limit=1`);
  expect(one.status).toBe(200);
  expect(await db.event.count({ where: { data: { contains: marker }, position: null } })).toBe(0);

  const ids = new Set(written.map((w) => w.id));
  const read = (await readAll(String(before), "gdpr_request.updated")).filter((e) => ids.has(e.id));
  // All of them, each once, in the order of their ids, with growing places.
  expect(read.map((e) => e.id)).toEqual(written.map((w) => w.id));
  const places = read.map((e) => Number(e.cursor));
  expect(places.every((p, i) => p > before && (i === 0 || p > places[i - 1]))).toBe(true);
  // They stay: deleting the newest events would give their places again (see the purge below).
});

it("the daily purge deletes the events past the retention but keeps the one holding the greatest place, so places keep growing", async () => {
  const db = await getDb();
  const old = new Date(Date.now() - (retentionDays() + 10) * 24 * 60 * 60_000);
  const marker = `purge-${Date.now()}`;
  // An event of yesterday is within the retention; written first, so it is placed before the old ones below.
  const recent = await db.event.create({
    data: { type: "gdpr_request.updated", subject: "gdpr_request:800000008", data: JSON.stringify({ id: 800_000_008, marker }), createdAt: new Date(Date.now() - 86_400_000) },
  });

  await db.event.createMany({
    data: [0, 1, 2].map((i) => ({ type: "gdpr_request.updated", subject: `gdpr_request:${800_000_000 + i}`, data: JSON.stringify({ id: 800_000_000 + i, marker }), createdAt: old })),
  });
  const mine = await db.event.findMany({ where: { data: { contains: marker }, createdAt: old }, orderBy: { id: "asc" }, select: { id: true } });
  // Read once, so they have places: the newest of them the greatest (when no other file writes meanwhile).
  expect((await adminCall(admin, "GET", "/api/admin/events?types=gdpr_request.updated&after=2000000000")).status).toBe(200);
  const top = async () => (await db.event.aggregate({ _max: { position: true } }))._max.position!;
  const greatest = await top();
  const result = await eventPurge.run({}, { attempt: 1, final: false, now: new Date() });
  expect((result as { purged: number }).purged).toBeGreaterThanOrEqual(2);
  // The greatest place is still held. When no other file wrote meanwhile, it is the newest old event's, kept
  // whatever its age; otherwise a newer event holds it, and every old one went.
  const after = await top();
  expect(after).toBeGreaterThanOrEqual(greatest);
  const left = await db.event.findMany({ where: { id: { in: mine.map((m) => m.id) } }, select: { id: true, position: true } });
  expect(left).toEqual(after === greatest ? [{ id: mine[2].id, position: greatest }] : []);
  // The event of yesterday stays.
  expect(await db.event.count({ where: { id: recent.id } })).toBe(1);

  // The next event written takes a place after every place given before the purge.
  await db.event.create({ data: { type: "gdpr_request.updated", subject: "gdpr_request:800000009", data: JSON.stringify({ id: 800_000_009, marker }) } });
  const next = await readAll(String(greatest), "gdpr_request.updated");
  expect(next.some((e) => e.subject === "gdpr_request:800000009" && Number(e.cursor) > greatest)).toBe(true);
});
