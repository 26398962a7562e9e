// Imports: the database work behind ./imports.ts. A dry run checks every row, writes no catalog data and stores the
// file with its report; a run applies that file's good rows, checking each again.
import type { RequestContext } from "../../context.ts";
import { adminPrincipal } from "../../context.ts";
import { Conflict } from "../../errors.ts";
import { toAppError } from "../../http/respond.ts";
import { readStoredFile, storeFile } from "../../storage/files.ts";
import { csvRecords } from "./csv.ts";
import { planProductImport, type RowError } from "./products.ts";

type Stored = { path: string; rows: number; valid: number; invalid: number; creates: number; updates: number; created: number; updated: number; skipped: number };

/** Checks the rows of a product CSV and records the dry run; answers the import's id. */
export async function createDryRun(ctx: RequestContext, file: { name: string; bytes: Uint8Array; records: { row: number; values: Record<string, string> }[] }): Promise<number> {
  const { bytes, records } = file;
  const { plans, errors } = await planProductImport(ctx, records);
  const path = await storeFile("imports", ".csv", bytes);
  const summary: Stored = {
    path, rows: records.length, valid: plans.length, invalid: new Set(errors.map((e) => e.row)).size,
    creates: plans.filter((p) => p.action === "create").length, updates: plans.filter((p) => p.action === "update").length, created: 0, updated: 0, skipped: 0,
  };
  const job = await ctx.db.importJob.create({
    data: { adminId: adminPrincipal(ctx).adminId, type: "products", status: errors.length ? "failed" : "pending", dryRun: true, fileName: file.name || "import.csv", summary, errors: errors as never },
  });
  return job.id;
}

/** Applies a dry-run import: `skipErrors` applies the good rows of a file that had errors. */
export async function runImport(ctx: RequestContext, id: number, input: { skipErrors?: boolean }): Promise<void> {
  const job = await ctx.db.importJob.findUniqueOrThrow({ where: { id } });
  if (!job.dryRun) throw new Conflict("This import has run already.");
  if (job.status === "failed" && !input.skipErrors) throw new Conflict("The dry run found errors: fix the file and import it again, or run with skipErrors to apply the good rows.");
  const claimed = await ctx.db.importJob.updateMany({ where: { id, dryRun: true, status: job.status }, data: { status: "running" } });
  if (claimed.count !== 1) throw new Conflict("This import is running already.");
  const stored = job.summary as unknown as Stored;
  const { records } = csvRecords(new TextDecoder().decode(await readStoredFile(stored.path)));
  const { plans, errors } = await planProductImport(ctx, records);
  const failed: RowError[] = [...errors];
  let created = 0;
  let updated = 0;
  for (const plan of plans) {
    try {
      await plan.write();
      if (plan.action === "create") created++;
      else updated++;
    } catch (e) {
      // A row that passed its check can still lose a race (another writer took the sku meanwhile).
      const known = toAppError(e);
      if (!known) console.error(e);
      failed.push({ row: plan.row, sku: plan.sku, field: "row", message: known?.message ?? "The row could not be written." });
    }
  }
  await ctx.db.importJob.update({
    where: { id },
    data: { status: "completed", dryRun: false, errors: failed as never, summary: { ...stored, created, updated, skipped: new Set(failed.map((f) => f.row)).size } },
  });
}
