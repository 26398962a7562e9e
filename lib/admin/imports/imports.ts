// Imports over the Admin API, dry run first: POST /api/admin/imports (multipart `file`, `type=products`) checks
// every row, writes no catalog data and answers a per-row error report; POST /api/admin/imports/{id}/run then
// applies that file (refused while the dry run had errors, unless `skipErrors` applies the good rows only).
import { z } from "zod";
import { PayloadTooLarge, UnsupportedMediaType, Validation } from "../../errors.ts";
import { operation } from "../../operations/define.ts";
import { boolParam } from "../../operations/fields.ts";
import { adminResource, resourceAction } from "../resource.ts";
import { csvRecords } from "./csv.ts";
import { checkColumns } from "./products.ts";
import type { RequestContext } from "../../context.ts";
import { createDryRun, runImport } from "./import-service.ts";

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

async function readCsv(ctx: RequestContext, file: File) {
  if (file.size > MAX_BYTES) throw new PayloadTooLarge(MAX_BYTES);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (bytes.subarray(0, 4096).includes(0)) throw Validation.field("file", "The file is not a CSV text file.");
  const { header, records } = csvRecords(text);
  if (!header.includes("sku")) throw Validation.field("file", `The header row must name a "sku" column.`);
  await checkColumns(ctx, header);
  if (records.length === 0) throw Validation.field("file", "The CSV has a header but no rows.");
  if (records.length > MAX_ROWS) throw Validation.field("file", `At most ${MAX_ROWS} rows per import.`);
  return { bytes, records };
}

export const createAdminImport = operation({
  name: "createAdminImport",
  surface: "admin",
  kind: "mutation",
  summary:
    "Dry-run a product CSV (REST multipart: `file`, `type=products`): every row goes through the batch upsert " +
    "(upsertAdminProducts: matched by external_id, else sku; updated with the cells that are filled, or created) and is " +
    "rolled back, so nothing is written to the catalog, and the answer lists each bad row's errors. GraphQL does not take " +
    "binary uploads (415). Columns (header case-insensitive): sku (required), external_id, type (new products; default " +
    "simple), price, special_price, cost, weight, status, new, featured, visible_individually; per locale name, url_key, " +
    "short_description, description, meta_title, meta_description, meta_keywords, unsuffixed for the `locale` column's " +
    "locale (default: the channel's default locale) and as `<column>:<locale>` (`name:fr`) for others; channels (channel " +
    "codes separated by |); categories (ids separated by |); qty (stock in the default channel) and `qty:<channel code>`; " +
    "`attr:<attribute code>` (a select's option by admin name or id, a multiselect's separated by |, a boolean 1/0); " +
    "configurable products: super_attributes (codes separated by |) on the configurable's row, then one row per variant " +
    "with parent_sku (the configurable's sku, a row above or a product of the store) and an attr:<code> per super " +
    "attribute. A configurable's row and its variants' rows are written together: when one fails, none is.",
  access: { admin: "imports.create" },
  input: z.object({ type: z.literal("products", { message: "must be products" }).optional(), file: z.unknown().optional() }).strict(),
  output: AdminImport,
  rest: { method: "POST", paths: ["/api/admin/imports"], status: 201, multipart: { maxBytes: MAX_BYTES, files: ["file"] } },
  run: async (ctx, input) => {
    if (!(input.file instanceof File)) {
      if (input.file !== undefined) throw Validation.field("file", "must be a file part of a multipart/form-data request.");
      throw new UnsupportedMediaType("Send the CSV as a multipart/form-data file part named `file` to POST /api/admin/imports (REST only); GraphQL cannot carry files.");
    }
    const { bytes, records } = await readCsv(ctx, input.file);
    return imports.load(ctx, await createDryRun(ctx, { name: input.file.name, bytes, records }));
  },
});

export const runAdminImport = resourceAction(imports, {
  verb: "run",
  summary: "Apply a dry-run import. Rows are checked again and written one by one; `skipErrors` applies the good rows of a file that had errors.",
  permission: "imports.create",
  input: z.object({ skipErrors: boolParam().optional() }),
  run: runImport,
});

export const operations = [imports.list, imports.get, createAdminImport, runAdminImport];
