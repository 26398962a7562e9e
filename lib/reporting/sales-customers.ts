// Sales and customers reports, in the products report's envelope and window: period comparisons with a per-day
// series, and ranked rows with their share of the total.
import type { RequestContext } from "../context.ts";
import type { Prisma } from "../generated/sqlite/client.ts";
import { dec, formatPrice, toNumber } from "../money.ts";
import { BadRequest } from "../errors.ts";
import { perDay, progress, round, share, within, type ReportWindow, type Span } from "./window.ts";
import type { CUSTOMER_REPORT_TYPES, SALES_REPORT_TYPES } from "./report-types.ts";

export function typeOf<T extends string>(type: string | undefined, allowed: readonly T[]): T {
  const t = type ?? allowed[0];
  if (!allowed.includes(t as T)) throw new BadRequest(`Invalid type "${t}": the type must be one of ${allowed.join(", ")}.`, "invalid_type");
  return t as T;
}

const EXCLUDED = ["canceled", "failed"];
const orders = (w: ReportWindow, span: Span): Prisma.OrderWhereInput => ({
  createdAt: within(span),
  status: { notIn: EXCLUDED },
  ...(w.channelId ? { channelId: w.channelId } : {}),
});

type Series = { total: number; overTime: { label: string; total: number }[] };

async function series(ctx: RequestContext, w: ReportWindow, span: Span, type: (typeof SALES_REPORT_TYPES)[number]): Promise<Series> {
  if (type === "refunds") {
    const rows = await ctx.db.refund.findMany({ where: { createdAt: within(span), ...(w.channelId ? { order: { channelId: w.channelId } } : {}) }, select: { baseGrandTotal: true, createdAt: true } });
    const amounts = rows.map((r) => ({ at: r.createdAt, amount: toNumber(r.baseGrandTotal) }));
    return { total: round(amounts.reduce((a, r) => a + r.amount, 0)), overTime: perDay(span, amounts) };
  }
  const rows = await ctx.db.order.findMany({ where: orders(w, span), select: { baseGrandTotal: true, createdAt: true } });
  const amounts = rows.map((r) => ({ at: r.createdAt, amount: type === "total-orders" ? 1 : toNumber(r.baseGrandTotal) }));
  if (type !== "average-sales") return { total: round(amounts.reduce((a, r) => a + r.amount, 0)), overTime: perDay(span, amounts) };
  const byDay = perDay(span, amounts);
  const counts = perDay(span, amounts.map((r) => ({ at: r.at, amount: 1 })));
  const sum = amounts.reduce((a, r) => a + r.amount, 0);
  return {
    total: amounts.length ? round(sum / amounts.length) : 0,
    overTime: byDay.map((d, i) => ({ label: d.label, total: counts[i].total ? round(d.total / counts[i].total) : 0 })),
  };
}

async function compare(fetch: (s: Span) => Promise<Series>, w: ReportWindow, key: string, money: ((n: number) => string) | null) {
  const [previous, current] = await Promise.all([fetch(w.previous), fetch(w.current)]);
  return {
    [key]: {
      previous: previous.total,
      current: current.total,
      progress: progress(previous.total, current.total),
      ...(money ? { formatted_previous: money(previous.total), formatted_current: money(current.total) } : {}),
    },
    over_time: { previous: previous.overTime, current: current.overTime },
  };
}

export async function salesStatistics(ctx: RequestContext, type: (typeof SALES_REPORT_TYPES)[number], w: ReportWindow) {
  const money = (n: number) => formatPrice(dec(n), ctx.baseCurrency);
  const key = { "total-sales": "sales", "total-orders": "orders", "average-sales": "sales", refunds: "refunds" }[type];
  return compare((s) => series(ctx, w, s, type), w, key, type === "total-orders" ? null : money);
}

const TOP = 5;

export async function customerStatistics(ctx: RequestContext, type: (typeof CUSTOMER_REPORT_TYPES)[number], w: ReportWindow) {
  if (type === "total-customers") {
    const fetch = async (s: Span): Promise<Series> => {
      const rows = await ctx.db.customer.findMany({ where: { createdAt: within(s), ...(w.channelId ? { channelId: w.channelId } : {}) }, select: { createdAt: true } });
      return { total: rows.length, overTime: perDay(s, rows.map((r) => ({ at: r.createdAt, amount: 1 }))) };
    };
    return compare(fetch, w, "customers", null);
  }
  const where = { ...orders(w, w.current), customerId: { not: null } };
  const [groups, all] = await Promise.all([
    ctx.db.order.groupBy({
      by: ["customerId"],
      where,
      _sum: { baseGrandTotal: true },
      _count: { _all: true },
      orderBy: type === "customers-with-most-sales" ? { _sum: { baseGrandTotal: "desc" } } : { _count: { customerId: "desc" } },
      take: TOP,
    }),
    ctx.db.order.aggregate({ where, _sum: { baseGrandTotal: true }, _count: { _all: true } }),
  ]);
  const people = await ctx.db.customer.findMany({ where: { id: { in: groups.map((g) => g.customerId!) } }, select: { id: true, firstName: true, lastName: true, email: true } });
  return groups.map((g) => {
    const c = people.find((p) => p.id === g.customerId);
    const total = toNumber(dec(g._sum.baseGrandTotal ?? 0));
    const row = { id: g.customerId, full_name: c ? `${c.firstName} ${c.lastName}` : "", email: c?.email ?? null, orders: g._count._all };
    return type === "customers-with-most-sales"
      ? { ...row, total, formatted_total: formatPrice(dec(total), ctx.baseCurrency), progress: share(total, toNumber(dec(all._sum.baseGrandTotal ?? 0))) }
      : { ...row, progress: share(g._count._all, all._count._all) };
  });
}
