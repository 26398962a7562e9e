// The one mapping from database errors to API errors, so a constraint the domain code did not pre-check still
// answers with a client status instead of a 500: unique → 422, foreign key still in use → 409, missing → 404.
import { AppError, Conflict, NotFound, Validation } from "../errors.ts";
import { pgErrorCode, type ConstraintError } from "./sql/errors.ts";

interface KnownRequestError {
  name: string;
  code: string;
  meta?: Record<string, unknown>;
}

function isKnownRequestError(e: unknown): e is KnownRequestError {
  // Duck-typed: the SQLite and PostgreSQL clients each bring their own error class.
  return typeof e === "object" && e !== null && (e as KnownRequestError).name === "PrismaClientKnownRequestError" && typeof (e as KnownRequestError).code === "string";
}

/** The columns of a violated unique constraint, from either the classic `target` or a driver adapter's cause. */
function uniqueFields(meta: Record<string, unknown> | undefined): string[] {
  const target = meta?.target;
  if (Array.isArray(target)) return target.map(String);
  const cause = (meta?.driverAdapterError as { cause?: { constraint?: { fields?: unknown[]; index?: string } } } | undefined)?.cause;
  if (Array.isArray(cause?.constraint?.fields)) return cause.constraint.fields.map((f) => String(f).replace(/"/g, ""));
  if (typeof target === "string") return [target];
  return [];
}

/**
 * The PostgreSQL error code behind an error: node-postgres' own (a typed-layer statement, ./sql/pg-driver.ts), or a
 * driver adapter error's, bare or wrapped in a known request error (Prisma).
 */
function postgresCode(e: unknown): string | undefined {
  const own = pgErrorCode(e);
  if (own) return own;
  const direct = (e as { name?: string; cause?: { originalCode?: unknown } } | null)?.name === "DriverAdapterError" ? (e as { cause?: { originalCode?: unknown } }).cause : undefined;
  const wrapped = (e as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null)?.meta?.driverAdapterError?.cause;
  const code = direct?.originalCode ?? wrapped?.originalCode;
  return typeof code === "string" ? code : undefined;
}

/** The answer to text that is not well-formed Unicode, from a model query or a typed-layer write (./sql/dialect.ts). */
export const LONE_SURROGATE_MESSAGE = "Text must be well-formed Unicode: a lone surrogate (\\uD800-\\uDFFF) is not allowed.";

/**
 * Text as a typed-layer statement sends it: well-formed Unicode. A write refuses a lone surrogate (the answer
 * Prisma's model queries give); a read searches with it replaced by U+FFFD, so it finds nothing rather than failing.
 */
export function wellFormed(text: string, reading: boolean): string {
  if ((text as WellFormed).isWellFormed()) return text;
  if (reading) return (text as WellFormed).toWellFormed();
  throw new Validation(LONE_SURROGATE_MESSAGE);
}
/** ES2024's string methods (Node 20 has them; the project's `lib` is ES2023). */
type WellFormed = string & { isWellFormed(): boolean; toWellFormed(): string };

function isLoneSurrogateError(e: unknown): boolean {
  const { name, message } = (e ?? {}) as { name?: unknown; message?: unknown };
  return name === "PrismaClientUnknownRequestError" && typeof message === "string" && /JSON Error: .*(hex escape|surrogate)/i.test(message);
}

const isConstraintError = (e: unknown): e is ConstraintError => (e as { name?: unknown } | null)?.name === "ConstraintError";

function uniqueClash(model: string, fields: string[]): Validation {
  return Validation.field(fields.at(-1) ?? "id", `A ${model} with this ${fields.join(" and ") || "value"} already exists.`);
}

export function fromPrismaError(e: unknown): AppError | null {
  // Values PostgreSQL refuses where SQLite takes them: the NUL character in text (22021), a number past its
  // column's range (22003), a date it cannot hold (22008). Bad input, not a failure.
  const pg = postgresCode(e);
  if (pg === "22021") return new Validation("Text must not contain the NUL character (\\u0000).");
  if (pg === "22003" || pg === "22008") return new Validation("A value is out of the range its field can hold.");
  // Text that is not well-formed Unicode (a lone surrogate from a JSON "\\ud800" escape) fails in Prisma's own
  // query encoding, on either database.
  if (isLoneSurrogateError(e)) return new Validation(LONE_SURROGATE_MESSAGE);
  // The same clashes from the typed layer (./sql/errors.ts). Duck-typed too: the clients are shared between
  // bundles (instrumentation, routes) that may each carry their own copy of the class.
  if (isConstraintError(e)) {
    if (e.kind === "foreignKey") return new Conflict(`The ${e.table} is still referenced by other records.`);
    return uniqueClash(e.table, e.fields);
  }
  if (!isKnownRequestError(e)) return null;
  const model = typeof e.meta?.modelName === "string" ? e.meta.modelName : "Record";
  switch (e.code) {
    case "P2002":
      return uniqueClash(model, uniqueFields(e.meta));
    case "P2003":
    case "P2014":
      return new Conflict(`The ${model} is still referenced by other records.`);
    case "P2025":
    case "P2015":
      return new NotFound(model);
    default:
      return null;
  }
}
