// What a statement of the typed layer does, read from the query Kysely built, never from its SQL text: whether it
// reads, writes, or writes and answers rows, and the tables it writes (the tags of the caches it makes stale).
import { AliasNode, DeleteQueryNode, InsertQueryNode, SelectQueryNode, TableNode, UpdateQueryNode, type RootOperationNode, type OperationNode } from "kysely";

/** A raw statement (`raw`) is sent as written and answers whatever rows it has; it writes no table's rows. */
export type StatementKind = "read" | "write" | "returning" | "raw";

export function statementKind(node: RootOperationNode): StatementKind {
  if (InsertQueryNode.is(node) || UpdateQueryNode.is(node) || DeleteQueryNode.is(node)) return node.returning ? "returning" : "write";
  if (SelectQueryNode.is(node)) return "read";
  // A raw statement (a checkpoint, a session setting, a sequence reset: lib/db/sql/expressions.ts) may change the
  // database, so on SQLite it is the writer's (the reading connection is read-only).
  return "raw";
}

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableName(node.node);
  return null;
}

/** The tables a statement writes: none for a read. */
export function writtenTables(node: RootOperationNode): string[] {
  let table: string | null = null;
  if (InsertQueryNode.is(node)) table = tableName(node.into);
  else if (UpdateQueryNode.is(node)) table = tableName(node.table);
  else if (DeleteQueryNode.is(node)) table = tableName(node.from.froms[0]);
  return table ? [table] : [];
}
