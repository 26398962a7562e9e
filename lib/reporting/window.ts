// The reporting window: `start`..`end` (whole UTC days, default the last 30 days), the previous window of equal
// length just before it, an optional channel, and the arithmetic every report shares.
import { z } from "zod";
import type { RequestContext } from "../context.ts";
import { Validation } from "../errors.ts";

const DAY = 86400_000;
const MAX_DAYS = 3660;

export const ReportParams = z.object({
  type: z.string().trim().max(60).optional(),
  start: z.iso.date({ message: "must be a date YYYY-MM-DD" }).optional(),
  end: z.iso.date({ message: "must be a date YYYY-MM-DD" }).optional(),
  channel: z.string().trim().min(1).max(60).optional(),
});
export type ReportParams = z.output<typeof ReportParams>;

export interface Span {
  from: Date;
  /** Inclusive: the last millisecond of the last day. */
  to: Date;
  days: string[];
  label: string;
}

export interface ReportWindow {
  current: Span;
  previous: Span;
  channelId: number | null;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const labelOf = (d: Date) => `${String(d.getUTCDate()).padStart(2, "0")} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

function span(from: Date, dayCount: number): Span {
  const days = Array.from({ length: dayCount }, (_, i) => dayOf(new Date(from.getTime() + i * DAY)));
  const to = new Date(from.getTime() + dayCount * DAY - 1);
  return { from, to, days, label: `${labelOf(from)} - ${labelOf(to)}` };
}

export async function reportWindow(ctx: RequestContext, params: ReportParams, now = new Date()): Promise<ReportWindow> {
  const today = new Date(`${dayOf(now)}T00:00:00.000Z`);
  const end = params.end ? new Date(`${params.end}T00:00:00.000Z`) : today;
  const start = params.start ? new Date(`${params.start}T00:00:00.000Z`) : new Date(end.getTime() - 30 * DAY);
  if (start > end) throw Validation.field("start", "start must not be after end.");
  const dayCount = Math.round((end.getTime() - start.getTime()) / DAY) + 1;
  if (dayCount > MAX_DAYS) throw Validation.field("start", `The window may span at most ${MAX_DAYS} days.`);
  let channelId: number | null = null;
  if (params.channel) {
    const channel = await ctx.db.channel.findUnique({ where: { code: params.channel }, select: { id: true } });
    if (!channel) throw Validation.field("channel", `The store has no channel "${params.channel}".`);
    channelId = channel.id;
  }
  return {
    current: span(start, dayCount),
    previous: span(new Date(start.getTime() - dayCount * DAY), dayCount),
    channelId,
  };
}

/** Percentage change from `previous` to `current`; from nothing to something counts as 100. */
export function progress(previous: number, current: number): number {
  if (!previous) return current ? 100 : 0;
  return round(((current - previous) / previous) * 100);
}

/** A row's share of the total, in percent. */
export const share = (value: number, total: number) => (total ? round((value * 100) / total) : 0);

export const round = (n: number) => Math.round(n * 100) / 100;

/** One `{ label, total }` per day of the span, from dated amounts. */
export function perDay(span: Span, rows: { at: Date; amount: number }[]): { label: string; total: number }[] {
  const totals = new Map(span.days.map((d) => [d, 0]));
  for (const r of rows) {
    const day = dayOf(r.at);
    if (totals.has(day)) totals.set(day, totals.get(day)! + r.amount);
  }
  return span.days.map((label) => ({ label, total: round(totals.get(label)!) }));
}

export const within = (s: Span) => ({ gte: s.from, lte: s.to });
