// Relay connections over offset paging: opaque cursors, `edges { cursor node }`, `pageInfo`, `totalCount`.
import SchemaBuilder from "@pothos/core";
import { BadRequest } from "../errors.ts";
import type { ListSpec, Page, Paging } from "../operations/define.ts";

/* eslint-disable @typescript-eslint/no-explicit-any -- connection types are generated per node type */
export type Builder = InstanceType<typeof SchemaBuilder<any>>;

const PREFIX = "cursor:";
/** Beyond any real collection; a larger offset is a forged cursor. */
const MAX_OFFSET = 1_000_000_000;

export function encodeCursor(offset: number): string {
  return Buffer.from(PREFIX + offset).toString("base64");
}

export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, "base64").toString("utf8");
  const n = text.startsWith(PREFIX) ? Number(text.slice(PREFIX.length)) : NaN;
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

/** Offset window for the arguments; `total` is needed only for `last` without `before`. */
export async function connectionWindow(
  args: ConnectionArgs,
  spec: ListSpec,
  total: () => Promise<number>,
): Promise<Paging> {
  const clamp = (n: number | null) => (n == null || n === 0 ? spec.defaultPerPage : Math.min(n, spec.maxPerPage));
  const first = count(args.first, "first");
  const last = count(args.last, "last");
  const after = args.after ? decodeCursor(args.after) + 1 : 0;
  if (last != null && first == null) {
    const end = args.before ? decodeCursor(args.before) : await total();
    const limit = Math.min(clamp(last), Math.max(0, end - after));
    return { offset: Math.max(after, end - limit), limit };
  }
  let limit = clamp(first);
  if (args.before) limit = Math.min(limit, Math.max(0, decodeCursor(args.before) - after));
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

/** A nested list shown as a connection, paged in memory. */
export async function arrayConnection<T>(items: T[], args: ConnectionArgs): Promise<Connection<T>> {
  const spec = { defaultPerPage: Math.max(items.length, 1), maxPerPage: Math.max(items.length, 1) };
  const { offset, limit } = await connectionWindow(args, spec, async () => items.length);
  return toConnection({ items: items.slice(offset, offset + limit), total: items.length }, offset);
}

const pageInfoRefs = new WeakMap<Builder, any>();
const connectionRefs = new WeakMap<Builder, Map<string, any>>();

function pageInfoRef(builder: Builder) {
  let ref = pageInfoRefs.get(builder);
  if (!ref) {
    ref = builder.objectRef<Connection<unknown>["pageInfo"]>("PageInfo").implement({
      fields: (t: any) => ({
        startCursor: t.exposeString("startCursor", { nullable: true }),
        endCursor: t.exposeString("endCursor", { nullable: true }),
        hasNextPage: t.exposeBoolean("hasNextPage"),
        hasPreviousPage: t.exposeBoolean("hasPreviousPage"),
      }),
    });
    pageInfoRefs.set(builder, ref);
  }
  return ref;
}

/** The `<Node>Connection` type for a node type, created once per builder. */
export function connectionOf(builder: Builder, nodeType: any, nodeName: string): any {
  let map = connectionRefs.get(builder);
  if (!map) connectionRefs.set(builder, (map = new Map()));
  const existing = map.get(nodeName);
  if (existing) return existing;
  const edge = builder.objectRef<{ cursor: string; node: unknown }>(`${nodeName}Edge`).implement({
    fields: (t: any) => ({
      cursor: t.exposeString("cursor"),
      node: t.field({ type: nodeType, nullable: true, resolve: (e: any) => e.node }),
    }),
  });
  const pageInfo = pageInfoRef(builder);
  const ref = builder.objectRef<Connection<unknown>>(`${nodeName}Connection`).implement({
    fields: (t: any) => ({
      edges: t.field({ type: [edge], resolve: (c: any) => c.edges }),
      pageInfo: t.field({ type: pageInfo, resolve: (c: any) => c.pageInfo }),
      totalCount: t.exposeInt("totalCount"),
    }),
  });
  map.set(nodeName, ref);
  return ref;
}
