// Imports: the database work behind ./imports.ts. A dry run checks every row (each written and rolled back), keeps
// no catalog data and stores the file with its report; a run applies that file's good rows, checking each again.
import type { RequestContext } from "../../context.ts";
import { adminPrincipal } from "../../context.ts";
import { Conflict } from "../../errors.ts";
import { readStoredFile, storeFile } from "../../storage/files.ts";
import { csvRecords } from "./csv.ts";
import { importProducts, type RowOutcome } from "./products.ts";

type Stored = { path: string; rows: number; valid: number; invalid: number; creates: number; updates: number; created: number; updated: number; skipped: number };

/** Checks the rows of a product CSV and records the dry run; answers the import's id. */
export async function createDryRun(ctx: RequestContext, file: { name: string; bytes: Uint8Array; records: { row: number; values: Record<string, string> }[] }): Promise<number> {
  const { bytes, records } = file;
  const { outcomes, errors } = await importProducts(ctx, records, { dryRun: true });
  const path = await storeFile("imports", ".csv", bytes);
  const count = (status: RowOutcome["status"]) => outcomes.filter((o) => o.status === status).length;
  const summary: Stored = {
    path, rows: records.length, valid: records.length - count("failed"), invalid: count("failed"),
    creates: count("created"), updates: count("updated"), created: 0, updated: 0, skipped: 0,
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
  // Each row is checked again as it is written: the store may have changed since the dry run.
  const { outcomes, errors } = await importProducts(ctx, records, { dryRun: false });
  const count = (status: RowOutcome["status"]) => outcomes.filter((o) => o.status === status).length;
  await ctx.db.importJob.update({
    where: { id },
    data: { status: "completed", dryRun: false, errors: errors as never, summary: { ...stored, created: count("created"), updated: count("updated"), skipped: count("failed") } },
  });
}
