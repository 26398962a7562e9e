// The typed layer fills `createdAt` and `updatedAt` as Prisma's model queries do: every model of the schema that has
// them declares `createdAt DateTime @default(now())` and `updatedAt DateTime @updatedAt`, and Prisma writes both
// itself, as dates of its own format, rather than leaving `createdAt` to the column default (SQLite's
// CURRENT_TIMESTAMP, another text format). So an insert is given both unless it names them, an update (and an
// upsert's update) `updatedAt`, all of one statement at one time. Applied to the query Kysely built, never its text.
import {
  ColumnNode,
  ColumnUpdateNode,
  DefaultInsertValueNode,
  InsertQueryNode,
  OnConflictNode,
  PrimitiveValueListNode,
  UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import { Prisma } from "../../generated/sqlite/browser.ts";
import { writtenTables } from "./tables.ts";

/** Whether `table`'s model has the two stamps (read from the schema's scalar fields, as Prisma generated them). */
const stampsOf = (table: string) => {
  const fields = (Prisma as unknown as Record<string, Record<string, string> | undefined>)[`${table}ScalarFieldEnum`];
  return { created: fields?.createdAt !== undefined, updated: fields?.updatedAt !== undefined };
};

const named = (columns: readonly ColumnNode[] | undefined, name: string) => columns?.some((c) => c.column.name === name) ?? false;

function withUpdatedAt(updates: readonly ColumnUpdateNode[] | undefined, now: Date): readonly ColumnUpdateNode[] | undefined {
  if (!updates || updates.some((u) => ColumnNode.is(u.column) && u.column.column.name === "updatedAt")) return updates;
  return [...updates, ColumnUpdateNode.create(ColumnNode.create("updatedAt"), ValueNode.create(now))];
}

/** A row's value for a named stamp column it leaves out (several rows with other columns): now, not NULL. */
function fillGiven(node: InsertQueryNode, stamps: string[], now: Date): InsertQueryNode {
  const at = stamps.map((c) => node.columns?.findIndex((col) => col.column.name === c) ?? -1).filter((i) => i >= 0);
  if (!at.length || !node.values || !ValuesNode.is(node.values)) return node;
  const values = node.values.values.map((row: OperationNode) => {
    if (!ValueListNode.is(row) || !at.some((i) => DefaultInsertValueNode.is(row.values[i]))) return row;
    return ValueListNode.create(row.values.map((v, i) => (at.includes(i) && DefaultInsertValueNode.is(v) ? ValueNode.create(now) : v)));
  });
  return { ...node, values: ValuesNode.create(values as never) };
}

function stampInsert(given: InsertQueryNode, created: boolean, updated: boolean, now: Date): InsertQueryNode {
  const node = fillGiven(given, [created ? "createdAt" : "", updated ? "updatedAt" : ""].filter(Boolean), now);
  const added = [created && !named(node.columns, "createdAt") ? "createdAt" : null, updated && !named(node.columns, "updatedAt") ? "updatedAt" : null].filter(
    (c): c is string => c !== null,
  );
  let out = node;
  if (added.length && node.values && ValuesNode.is(node.values)) {
    const values = node.values.values.map((row: OperationNode) => {
      if (PrimitiveValueListNode.is(row)) return PrimitiveValueListNode.create([...row.values, ...added.map(() => now)]);
      if (ValueListNode.is(row)) return ValueListNode.create([...row.values, ...added.map(() => ValueNode.create(now))]);
      return row;
    });
    out = { ...node, columns: [...(node.columns ?? []), ...added.map((c) => ColumnNode.create(c))], values: ValuesNode.create(values as never) };
  }
  if (updated && node.onConflict?.updates) {
    out = { ...out, onConflict: OnConflictNode.cloneWith(node.onConflict, { updates: withUpdatedAt(node.onConflict.updates, now) }) };
  }
  return out;
}

export class StampsPlugin implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const [table] = writtenTables(node);
    if (!table) return node;
    const { created, updated } = stampsOf(table);
    if (!created && !updated) return node;
    const now = new Date();
    if (InsertQueryNode.is(node)) return stampInsert(node, created, updated, now);
    if (UpdateQueryNode.is(node) && updated) return { ...node, updates: withUpdatedAt(node.updates, now) };
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}
