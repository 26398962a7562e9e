// Imports over the Admin API, dry run first: POST /api/admin/imports (multipart `file`, `type=products`) checks
// every row, writes no catalog data and answers a per-row error report; POST /api/admin/imports/{id}/run then
// applies that file (refused while the dry run had errors, unless `skipErrors` applies the good rows only).
import { z } from "zod";
import { adminPrincipal } from "../../context.ts";
import { Conflict, PayloadTooLarge, UnsupportedMediaType, Validation } from "../../errors.ts";
import { operation } from "../../operations/define.ts";
import { boolParam } from "../../operations/fields.ts";
import { toAppError } from "../../http/respond.ts";
import { readStoredFile, storeFile } from "../../storage/files.ts";
import { adminResource, resourceAction } from "../resource.ts";
import { csvRecords } from "./csv.ts";
import { planProductImport, PRODUCT_COLUMNS, type RowError } from "./products.ts";

const MAX_BYTES = 5 * 1024 * 1024;
const MAX_ROWS = 5000;

const RowErrorShape = z.object({ row: z.int(), sku: z.string().nullable(), field: z.string(), message: z.string() }).meta({ id: "AdminImportRowError" });

export const AdminImport = z
  .object({
    id: z.int(), type: z.string(),
    /** pending: checked, waiting to run · completed · failed: the check found errors */
    status: z.string(),
    dryRun: z.boolean(), fileName: z.string(), adminId: z.int().nullable(),
    summary: z.object({ rows: z.int(), valid: z.int(), invalid: z.int(), creates: z.int(), updates: z.int(), created: z.int(), updated: z.int(), skipped: z.int() }).meta({ id: "AdminImportSummary" }),
    errors: z.array(RowErrorShape),
    createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminImport", iri: "/api/admin/imports" });

type Stored = { path: string; rows: number; valid: number; invalid: number; creates: number; updates: number; created: number; updated: number; skipped: number };

export const imports = adminResource({
  path: "imports",
  one: "Import",
  many: "Imports",
  permission: "imports",
  model: "importJob",
  output: AdminImport,
  toOutput: (_ctx, j) => ({ ...j, summary: j.summary ?? {}, errors: j.errors ?? [] }),
  filters: z.object({ status: z.enum(["pending", "running", "completed", "failed"]).optional() }),
  where: (_ctx, f) => ({ ...f }),
  sort: { fields: { id: (d) => ({ id: d }), created_at: (d) => ({ createdAt: d }) }, default: "-id" },
});

async function readCsv(file: File) {
  if (file.size > MAX_BYTES) throw new PayloadTooLarge(MAX_BYTES);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (bytes.subarray(0, 4096).includes(0)) throw Validation.field("file", "The file is not a CSV text file.");
  const { header, records } = csvRecords(text);
  if (!header.includes("sku")) throw Validation.field("file", `The header row must name a "sku" column; known columns: ${PRODUCT_COLUMNS.join(", ")}.`);
  const unknown = header.filter((h) => h && !PRODUCT_COLUMNS.includes(h));
  if (unknown.length) throw Validation.field("file", `Unknown columns: ${unknown.join(", ")}; known columns: ${PRODUCT_COLUMNS.join(", ")}.`);
  if (records.length === 0) throw Validation.field("file", "The CSV has a header but no rows.");
  if (records.length > MAX_ROWS) throw Validation.field("file", `At most ${MAX_ROWS} rows per import.`);
  return { bytes, records };
}

export const createAdminImport = operation({
  name: "createAdminImport",
  surface: "admin",
  kind: "mutation",
  summary:
    "Dry-run a product CSV (REST multipart: `file`, `type=products`): every row is checked as the product API checks it, " +
    "nothing is written to the catalog, and the answer lists each bad row's errors. GraphQL does not take binary uploads (415).",
  access: { admin: "imports.create" },
  input: z.object({ type: z.literal("products", { message: "must be products" }).optional(), file: z.unknown().optional() }).strict(),
  output: AdminImport,
  rest: { method: "POST", paths: ["/api/admin/imports"], status: 201, multipart: { maxBytes: MAX_BYTES, files: ["file"] } },
  run: async (ctx, input) => {
    if (!(input.file instanceof File)) {
      if (input.file !== undefined) throw Validation.field("file", "must be a file part of a multipart/form-data request.");
      throw new UnsupportedMediaType("Send the CSV as a multipart/form-data file part named `file` to POST /api/admin/imports (REST only); GraphQL cannot carry files.");
    }
    const { bytes, records } = await readCsv(input.file);
    const { plans, errors } = await planProductImport(ctx, records);
    const path = await storeFile("imports", ".csv", bytes);
    const summary: Stored = {
      path, rows: records.length, valid: plans.length, invalid: new Set(errors.map((e) => e.row)).size,
      creates: plans.filter((p) => p.action === "create").length, updates: plans.filter((p) => p.action === "update").length, created: 0, updated: 0, skipped: 0,
    };
    const job = await ctx.db.importJob.create({
      data: { adminId: adminPrincipal(ctx).adminId, type: "products", status: errors.length ? "failed" : "pending", dryRun: true, fileName: input.file.name || "import.csv", summary, errors: errors as never },
    });
    return imports.load(ctx, job.id);
  },
});

export const runAdminImport = resourceAction(imports, {
  verb: "run",
  summary: "Apply a dry-run import. Rows are checked again and written one by one; `skipErrors` applies the good rows of a file that had errors.",
  permission: "imports.create",
  input: z.object({ skipErrors: boolParam().optional() }),
  run: async (ctx, id, input) => {
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
  },
});

export const operations = [imports.list, imports.get, createAdminImport, runAdminImport];
