// Optimistic concurrency for the admin resources (./resource.ts). A record's version is its `updatedAt` in epoch
// milliseconds: REST sends it as a strong ETag (`"1732712345678"`) on a read of one record and on the answers of
// create and update, GraphQL as the record's `version` field. An update or delete given `If-Match` (GraphQL
// `ifMatch`) first claims that version in one short statement of its own, moving `updatedAt` on; when no row has it
// any more the call is a 412 and nothing is written. Of two calls naming the same version exactly one claims it. No
// lock is held across the service call that follows.
import { z } from "zod";
import { BadRequest, PreconditionFailed } from "../errors.ts";

/** The version of a record as GraphQL's `version` shows it and `If-Match` names it. */
export const versionOf = (updatedAt: Date): string => String(updatedAt.getTime());

/** The strong ETag of a record. */
export const etagOf = (updatedAt: Date): string => `"${versionOf(updatedAt)}"`;

/** The input field: on GraphQL (and MCP) the twin of the REST `If-Match` header, which REST reads instead. */
export const IfMatchArg = z
  .string()
  .max(1000)
  .nullable()
  .optional()
  .describe(
    'Only if the record is still at this version (its `version`; REST: the `If-Match` header, the ETag in quotes). "*" matches any. ' +
      "A record that has changed since answers 412 `precondition_failed` and nothing is written.",
  );

/** `*`: any version; otherwise the versions named (none of ours: nothing can match). */
type IfMatch = "*" | Date[];

// An entity tag, weak or strong (RFC 9110 8.8.3), or a bare version as GraphQL's `version` shows it.
const TAG = /^(W\/)?"([\x21\x23-\x7e]*)"$|^(\d{1,15})$/;

/** Reads `If-Match`; anything but `*` or a list of entity tags is a 400 (`invalid_if_match`). */
export function parseIfMatch(text: string): IfMatch {
  const trimmed = text.trim();
  if (trimmed === "*") return "*";
  const versions: Date[] = [];
  for (const part of trimmed.split(",")) {
    const m = TAG.exec(part.trim());
    if (!m) {
      throw new BadRequest(`If-Match must be "*" or entity tags such as "\\"1732712345678\\""; ${JSON.stringify(text.slice(0, 60))} is not.`, "invalid_if_match");
    }
    const value = m[3] ?? m[2];
    // Strong comparison (RFC 9110 13.1.1): a weak tag never matches, nor a tag that is not one of our versions.
    if (m[1] || !/^\d{1,15}$/.test(value)) continue;
    versions.push(new Date(Number(value)));
  }
  return versions;
}

/** The one statement a claim needs, which every Prisma delegate of a model with `updatedAt` has. */
export interface Versioned {
  updateMany(args: { where: { id: number; updatedAt?: Date | { in: Date[] } | { lt: Date } }; data: { updatedAt: Date } }): Promise<{ count: number }>;
}

interface Claim {
  /** After the write: a write that set `updatedAt` back to the version claimed or before (a clock behind, or the same millisecond) moves it on again. */
  settle(): Promise<void>;
  /** After a failed write that wrote nothing: puts the version back, unless another write has moved it since. */
  undo(): Promise<void>;
}

const NO_CLAIM: Claim = { settle: async () => {}, undo: async () => {} };

/** Claims the version `ifMatch` names for record `id` (which exists): 412 when it has moved on. */
export async function claimVersion(model: Versioned, id: number, ifMatch: IfMatch): Promise<Claim> {
  if (ifMatch === "*") return NO_CLAIM;
  if (!ifMatch.length) throw new PreconditionFailed();
  // Strictly later than the version claimed, even within the same millisecond, so that no second claim matches.
  const stamp = new Date(Math.max(Date.now(), ...ifMatch.map((d) => d.getTime() + 1)));
  const { count } = await model.updateMany({ where: { id, updatedAt: ifMatch.length === 1 ? ifMatch[0] : { in: ifMatch } }, data: { updatedAt: stamp } });
  if (!count) throw new PreconditionFailed();
  const [only] = ifMatch;
  return {
    settle: async () => {
      await model.updateMany({ where: { id, updatedAt: { lt: stamp } }, data: { updatedAt: stamp } });
    },
    undo: async () => {
      if (ifMatch.length === 1) await model.updateMany({ where: { id, updatedAt: stamp }, data: { updatedAt: only } });
    },
  };
}
