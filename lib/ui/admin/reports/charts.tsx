"use client";
// The reports drawn with Recharts. A chart is a picture for the eye only (aria-hidden, no keyboard layer); the same
// numbers are in a table beside it that screen readers read (visually hidden where the screen already shows them
// another way), and the figure's caption says what it shows.
import type { ReactNode } from "react";
import Link from "next/link";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Comparison, Ranked } from "./data";

const BLUE = "#2f5bd3";
const GREY = "#5b6478";
/** Tooltip text in the page's text colour, whatever the series colour (contrast). */
const TIP = { color: "#1d2330" };

/** `2026-11-28` → "28 Nov". */
const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { day: "numeric", month: "short", timeZone: "UTC" });

function Figure({ title, testId, children, table }: { title: string; testId?: string; children: ReactNode; table: ReactNode }) {
  return (
    <figure className="rp-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      <div className="rp-plot" aria-hidden="true">{children}</div>
      {table}
    </figure>
  );
}

/** A per-day series of the window, with the window before it as a second line for comparison. */
export function DailyChart({ title, data, format, testId, kind = "line", textBeside = false }: {
  title: string;
  data: Comparison["overTime"];
  format: (n: number) => string;
  testId?: string;
  kind?: "line" | "bar";
  /** The page shows the same numbers as a table of its own next to the chart: no hidden one then. */
  textBeside?: boolean;
}) {
  const points = data.current.map((p, i) => ({ day: p.label, current: p.total, previous: data.previous[i]?.total ?? 0 }));
  const axis = { fontSize: 11, fill: "#5b6478" };
  const tooltip = <Tooltip itemStyle={TIP} formatter={(v) => format(Number(v))} labelFormatter={(d) => (typeof d === "string" ? shortDay(d) : "")} />;
  const common = { data: points, accessibilityLayer: false, margin: { top: 8, right: 20, bottom: 0, left: 0 } };
  const axes = [
    <CartesianGrid key="grid" stroke="#eceff4" vertical={false} />,
    <XAxis key="x" dataKey="day" tickFormatter={shortDay} tick={axis} minTickGap={16} />,
    <YAxis key="y" width={56} tick={axis} tickFormatter={(v: number) => compact(v)} allowDecimals={false} />,
  ];
  return (
    <Figure
      title={title}
      testId={testId}
      table={!textBeside && (
        <table className="ap-sr-only" data-testid={testId && `${testId}-table`}>
          <caption>{title}</caption>
          <thead><tr><th scope="col">Day</th><th scope="col">This period</th><th scope="col">Same day of the period before</th></tr></thead>
          <tbody>
            {points.map((p) => <tr key={p.day}><th scope="row">{p.day}</th><td>{format(p.current)}</td><td>{format(p.previous)}</td></tr>)}
          </tbody>
        </table>
      )}
    >
      <ResponsiveContainer width="100%" height={220}>
        {kind === "bar" ? (
          <BarChart {...common}>
            {axes}
            {tooltip}
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="previous" name="Period before" fill="#c9d2e6" isAnimationActive={false} />
            <Bar dataKey="current" name="This period" fill={BLUE} isAnimationActive={false} />
          </BarChart>
        ) : (
          <LineChart {...common}>
            {axes}
            {tooltip}
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Line dataKey="previous" name="Period before" stroke={GREY} strokeDasharray="4 3" dot={false} isAnimationActive={false} />
            <Line dataKey="current" name="This period" stroke={BLUE} strokeWidth={2} dot={points.length <= 31} isAnimationActive={false} />
          </LineChart>
        )}
      </ResponsiveContainer>
    </Figure>
  );
}

const compactFormat = new Intl.NumberFormat(undefined, { notation: "compact", maximumFractionDigits: 1 });
const compact = (n: number) => compactFormat.format(n);

/** Ranked rows as horizontal bars, with the rows as a list beside them (names, values and shares, links). */
export function RankedChart({ title, ranked, testId, linkRows }: { title: string; ranked: Ranked; testId?: string; linkRows: (href: string) => boolean }) {
  const rows = ranked.rows.slice(0, 10);
  const height = 40 + rows.length * 34;
  return (
    <Figure
      title={title}
      testId={testId}
      table={
        <table className="ap-table rp-ranked">
          <caption className="ap-sr-only">{title}</caption>
          <thead><tr><th scope="col">#</th><th scope="col">Name</th><th scope="col">{ranked.measure}</th><th scope="col">Share</th></tr></thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.key}>
                <td data-label="#">{i + 1}</td>
                <td data-label="Name" className="ap-break">
                  {r.href && linkRows(r.href) ? <Link href={r.href}>{r.label}</Link> : r.label}
                  {r.detail && <><br /><span className="ap-muted">{r.detail}</span></>}
                </td>
                <td data-label={ranked.measure}>{r.shown}</td>
                <td data-label="Share">{r.share === undefined ? "—" : `${r.share}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      {rows.length > 0 && (
        <ResponsiveContainer width="100%" height={height}>
          <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 4, right: 16, bottom: 4, left: 0 }}>
            <CartesianGrid stroke="#eceff4" horizontal={false} />
            <XAxis type="number" tick={{ fontSize: 11, fill: "#5b6478" }} tickFormatter={compact} />
            <YAxis type="category" dataKey="label" width={130} tick={{ fontSize: 11, fill: "#1d2330" }} tickFormatter={(s: string) => (s.length > 20 ? `${s.slice(0, 19)}…` : s)} />
            <Tooltip itemStyle={TIP} formatter={(_v, _n, item) => (item.payload as { shown: string }).shown} />
            <Bar dataKey="value" name={ranked.measure} fill={BLUE} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </Figure>
  );
}
