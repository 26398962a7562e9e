// Relay connections over offset paging: opaque cursors, `edges { cursor node }`, `pageInfo`, `totalCount`.
import { BadRequest } from "../errors.ts";
import type { ListSpec, Page, Paging } from "../operations/define.ts";
import type { Arg, DynamicBuilder, FieldBuilder, ObjectType, OutputType } from "./builder.ts";

const PREFIX = "cursor:";
/** Beyond any real collection; a larger offset is a forged cursor. */
const MAX_OFFSET = 1_000_000_000;

/** The cursors of the first offsets, made once: every nested connection starts at 0. */
const FIRST_CURSORS = Array.from({ length: 256 }, (_, i) => Buffer.from(PREFIX + i).toString("base64"));

export function encodeCursor(offset: number): string {
  return FIRST_CURSORS[offset] ?? Buffer.from(PREFIX + offset).toString("base64");
}

/** An offset from a cursor of ours, or from one the family's clients make: the bare offset in base64 ("Mg==" is 2). */
export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, "base64").toString("utf8");
  const digits = text.startsWith(PREFIX) ? text.slice(PREFIX.length) : text;
  const n = /^\d{1,10}$/.test(digits) ? Number(digits) : NaN;
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_OFFSET) throw new BadRequest(`"${cursor}" is not a valid cursor.`);
  return n;
}

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

function count(value: number | null | undefined, name: string): number | null {
  if (value == null) return null;
  if (value < 0) throw new BadRequest(`"${name}" must not be negative.`);
  return value;
}

/** The arguments checked and the cursors read (a bad one is refused before the list is counted). */
function windowArgs(args: ConnectionArgs) {
  return {
    first: count(args.first, "first"),
    last: count(args.last, "last"),
    after: args.after ? decodeCursor(args.after) + 1 : 0,
    before: args.before ? decodeCursor(args.before) : null,
  };
}
type WindowArgs = ReturnType<typeof windowArgs>;

/** Whether the window is counted back from the end of the list (`last` without `before`): it needs the total. */
const fromEnd = (w: WindowArgs) => w.last != null && w.first == null && w.before == null;

/** Offset window for the arguments; `total` is needed only for `last` without `before`. */
export async function connectionWindow(args: ConnectionArgs, spec: ListSpec, total: () => Promise<number>): Promise<Paging> {
  const w = windowArgs(args);
  return windowOf(w, spec, fromEnd(w) ? await total() : 0);
}

function windowOf({ first, last, after, before }: WindowArgs, spec: ListSpec, total: number): Paging {
  const clamp = (n: number | null) => (n == null || n === 0 ? spec.defaultPerPage : Math.min(n, spec.maxPerPage));
  if (last != null && first == null) {
    const end = before ?? total;
    const limit = Math.min(clamp(last), Math.max(0, end - after));
    return { offset: Math.max(after, end - limit), limit };
  }
  let limit = clamp(first);
  if (before != null) limit = Math.min(limit, Math.max(0, before - after));
  return { offset: after, limit };
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean };
  totalCount: number;
}

export function toConnection<T>(page: Page<T>, offset: number): Connection<T> {
  const edges = page.items.map((node, i) => ({ cursor: encodeCursor(offset + i), node }));
  return {
    edges,
    totalCount: page.total,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasNextPage: offset + page.items.length < page.total,
      hasPreviousPage: offset > 0,
    },
  };
}

/**
 * A nested list shown as a connection, paged in memory. Synchronous: a connection nested in every item of a list
 * would otherwise make GraphQL wait on a promise for each of them.
 */
export function arrayConnection<T>(items: T[], args: ConnectionArgs): Connection<T> {
  const spec = { defaultPerPage: Math.max(items.length, 1), maxPerPage: Math.max(items.length, 1) };
  const { offset, limit } = windowOf(windowArgs(args), spec, items.length);
  return toConnection({ items: offset === 0 && limit >= items.length ? items : items.slice(offset, offset + limit), total: items.length }, offset);
}

/** `first`, `after`, `last`, `before` of a connection field. */
export const connectionArgs = <P>(t: FieldBuilder<P>): Record<keyof ConnectionArgs, Arg> => ({
  first: t.arg({ type: "Int" }),
  after: t.arg({ type: "String" }),
  last: t.arg({ type: "Int" }),
  before: t.arg({ type: "String" }),
});

/** The arguments of a field that took `connectionArgs`: GraphQL has checked them (an Int or a String, or null). */
export function connectionArgsOf(args: Record<string, unknown>): ConnectionArgs {
  const int = (v: unknown) => (typeof v === "number" ? v : null);
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  return { first: int(args.first), after: text(args.after), last: int(args.last), before: text(args.before) };
}

type PageInfo = Connection<unknown>["pageInfo"];
type Edge = Connection<unknown>["edges"][number];

const pageInfoRefs = new WeakMap<DynamicBuilder, ObjectType>();
const connectionRefs = new WeakMap<DynamicBuilder, Map<string, ObjectType>>();

function pageInfoRef(builder: DynamicBuilder): ObjectType {
  let ref = pageInfoRefs.get(builder);
  if (!ref) {
    ref = builder.objectRef<PageInfo>("PageInfo").implement({
      fields: (t) => ({
        startCursor: t.field({ type: "String", nullable: true, resolve: (p) => p.startCursor }),
        endCursor: t.field({ type: "String", nullable: true, resolve: (p) => p.endCursor }),
        hasNextPage: t.field({ type: "Boolean", resolve: (p) => p.hasNextPage }),
        hasPreviousPage: t.field({ type: "Boolean", resolve: (p) => p.hasPreviousPage }),
      }),
    });
    pageInfoRefs.set(builder, ref);
  }
  return ref;
}

/** The `<Node>Connection` type for a node type, created once per builder. */
export function connectionOf(builder: DynamicBuilder, nodeType: OutputType, nodeName: string): ObjectType {
  let map = connectionRefs.get(builder);
  if (!map) connectionRefs.set(builder, (map = new Map<string, ObjectType>()));
  const existing = map.get(nodeName);
  if (existing) return existing;
  const edge = builder.objectRef<Edge>(`${nodeName}Edge`).implement({
    fields: (t) => ({
      cursor: t.field({ type: "String", resolve: (e) => e.cursor }),
      node: t.field({ type: nodeType, nullable: true, resolve: (e) => e.node }),
    }),
  });
  const pageInfo = pageInfoRef(builder);
  const ref = builder.objectRef<Connection<unknown>>(`${nodeName}Connection`).implement({
    fields: (t) => ({
      edges: t.field({ type: [edge], resolve: (c) => c.edges }),
      pageInfo: t.field({ type: pageInfo, resolve: (c) => c.pageInfo }),
      totalCount: t.field({ type: "Int", resolve: (c) => c.totalCount }),
    }),
  });
  map.set(nodeName, ref);
  return ref;
}
