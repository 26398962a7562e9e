// The return (RMA) statuses with their fixed ids, as WIRE.md lists them. The seed writes these rows and the state
// machine (./transitions.ts) reads the ids from here, so the two cannot disagree.

export const RETURN_STATUSES = [
  { id: 1, code: "pending", title: "Pending", color: "#F59E0B" },
  { id: 2, code: "accepted", title: "Accepted", color: "#3B82F6" },
  { id: 3, code: "solved", title: "Solved", color: "#10B981" },
  { id: 4, code: "awaiting", title: "Awaiting", color: "#8B5CF6" },
  { id: 5, code: "dispatched_package", title: "Dispatched package", color: "#6366F1" },
  { id: 6, code: "received_package", title: "Received package", color: "#0EA5E9" },
  { id: 7, code: "declined", title: "Declined", color: "#EF4444" },
  { id: 8, code: "item_canceled", title: "Item canceled", color: "#6B7280" },
  { id: 9, code: "canceled", title: "Canceled", color: "#9CA3AF" },
] as const;

type StatusCode = (typeof RETURN_STATUSES)[number]["code"];

/** Status ids by code (WIRE.md: 1 Pending … 9 Canceled). */
export const STATUS = Object.fromEntries(RETURN_STATUSES.map((s) => [s.code, s.id])) as { [K in StatusCode]: number };
