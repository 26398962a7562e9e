"use client";
// Pieces the settings tables share.

/** The header of a table's row-actions column: named for screen readers, blank on the screen. */
export const ActionsHeader = () => <span className="ap-sr-only">Actions</span>;

/**
 * The `If-Match` of a write to a listed record: a record's version is its `updatedAt` in epoch milliseconds (the
 * Admin API's ETag, `"1732712345678"`), so a row read from a list can be written only if nobody changed it since.
 */
export const rowIfMatch = (row: { updatedAt: string }): Record<string, string> => ({ "If-Match": `"${Date.parse(row.updatedAt)}"` });
