// A constraint a typed-layer write broke, named by its table, so lib/db/errors.ts answers it as it answers the same
// clash from a Prisma model query: unique → 422 naming the fields, foreign key → 409.
import { isDriverAdapterError } from "@prisma/driver-adapter-utils";

export class ConstraintError extends Error {
  override readonly name = "ConstraintError";
  constructor(
    readonly kind: "unique" | "foreignKey",
    /** The table written, as the schema names its model. */
    readonly table: string,
    /** The unique constraint's columns, when the database says them. */
    readonly fields: string[],
    options: { cause: unknown },
  ) {
    super(`${kind === "unique" ? "Unique" : "Foreign key"} constraint failed on ${table}`, options);
  }
}

/**
 * The SQLSTATE code of an error node-postgres raised (the typed layer's pool, ./pg-driver.ts), or undefined.
 * Duck-typed: a route bundle may carry its own copy of the driver, and so of its error class.
 */
export function pgErrorCode(e: unknown): string | undefined {
  const own = e as { code?: unknown; severity?: unknown } | null;
  return typeof own?.code === "string" && typeof own.severity === "string" ? own.code : undefined;
}

/** `e` as a ConstraintError when it is one, else as it came. */
export function asModelError(e: unknown, table: string | undefined): unknown {
  if (!isDriverAdapterError(e) || !table) return e;
  const cause = e.cause as { kind: string; constraint?: { fields?: unknown[] } };
  if (cause.kind === "UniqueConstraintViolation") {
    const fields = (cause.constraint?.fields ?? []).map((f) => String(f).replace(/"/g, ""));
    return new ConstraintError("unique", table, fields, { cause: e });
  }
  if (cause.kind === "ForeignKeyConstraintViolation") return new ConstraintError("foreignKey", table, [], { cause: e });
  return e;
}
