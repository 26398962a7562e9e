"use client";
// The reporting window an owner picks (today, the last 7 or 30 days, this month, or their own from/to) and the
// channel, kept in the address like a list's filters. The reports count whole UTC days, so the window is computed
// in UTC too: "today" is the API's today.
import { useQuery } from "@tanstack/react-query";
import { adminApi, ok } from "../client";
import { can, useSignedIn } from "../api";
import { Field } from "../common";
import { useListParams } from "../table";

export const PERIODS = [
  { key: "today", label: "Today" },
  { key: "7d", label: "Last 7 days" },
  { key: "30d", label: "Last 30 days" },
  { key: "month", label: "This month" },
  { key: "custom", label: "From … to …" },
] as const;
export type PeriodKey = (typeof PERIODS)[number]["key"];

/** What a report read sends: `start`/`end` (YYYY-MM-DD) and, when one is chosen, a channel code. */
export interface ReportWindow {
  start: string;
  end: string;
  channel?: string;
}

const DAY = 86400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export const today = (now = new Date()) => dayOf(now);

/** The first and last day of a period, in UTC days. */
export function daysOf(key: PeriodKey, custom: { from: string; to: string }, now = new Date()): { start: string; end: string } {
  const end = dayOf(now);
  const back = (days: number) => dayOf(new Date(now.getTime() - days * DAY));
  switch (key) {
    case "today": return { start: end, end };
    case "7d": return { start: back(6), end };
    case "30d": return { start: back(29), end };
    case "month": return { start: `${end.slice(0, 8)}01`, end };
    case "custom": return { start: custom.from || back(29), end: custom.to || end };
  }
}

const isPeriod = (v: string): v is PeriodKey => PERIODS.some((p) => p.key === v);

/** The chosen period from the address (`period`, `from`, `to`, `channel`), and how to change it. */
export function usePeriod(fallback: PeriodKey) {
  const params = useListParams();
  const chosen = params.get("period");
  const key: PeriodKey = isPeriod(chosen) ? chosen : fallback;
  const custom = { from: params.get("from"), to: params.get("to") };
  const channel = params.get("channel");
  const window: ReportWindow = { ...daysOf(key, custom), ...(channel ? { channel } : {}) };
  const label = key === "custom" ? `${window.start} to ${window.end}` : PERIODS.find((p) => p.key === key)!.label;
  return { key, custom, channel, window, label, params };
}

export type Period = ReturnType<typeof usePeriod>;

/** The store's channels, for the channel picker: only for a role that may read the settings. */
export function useChannels() {
  const session = useSignedIn();
  return useQuery({
    queryKey: ["reports", "channels"],
    queryFn: () => ok(adminApi.GET("/api/admin/settings/channels", { params: { query: { per_page: 50 } } })),
    enabled: can(session, "settings.view"),
    staleTime: 300_000,
  });
}

/** The period and channel pickers; the from/to fields show the API's refusal of a window under them. */
export function PeriodPicker({ period, errors, channels = true }: { period: Period; errors?: Record<string, string[]>; channels?: boolean }) {
  const { key, custom, channel, params } = period;
  const list = useChannels();
  return (
    <div className="ap-filters rp-period" role="group" aria-label="Reporting period">
      <Field label="Period">
        <select name="period" value={key} onChange={(e) => params.set({ period: e.target.value })}>
          {PERIODS.map((p) => <option key={p.key} value={p.key}>{p.label}</option>)}
        </select>
      </Field>
      {key === "custom" && (
        <>
          <Field label="From" error={errors?.start}>
            <input type="date" name="from" value={custom.from || period.window.start} max={today()} onChange={(e) => params.set({ from: e.target.value })} />
          </Field>
          <Field label="To" error={errors?.end}>
            <input type="date" name="to" value={custom.to || period.window.end} max={today()} onChange={(e) => params.set({ to: e.target.value })} />
          </Field>
        </>
      )}
      {channels && list.data && list.data.data.length > 0 && (
        <Field label="Channel" error={errors?.channel}>
          <select name="channel" value={channel} onChange={(e) => params.set({ channel: e.target.value })}>
            <option value="">All channels</option>
            {list.data.data.map((c) => <option key={c.id} value={c.code}>{c.name}</option>)}
          </select>
        </Field>
      )}
      <p className="ap-muted rp-utc">Days are counted in UTC, as the reports count them.</p>
    </div>
  );
}
