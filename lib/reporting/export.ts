// Tables as files (the reports, the newsletter list): CSV (csv-stringify), XLSX (exceljs) and legacy XLS (./xls.ts).
// The header row is the column labels, then one line per record with the columns' values.
import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import type { Download } from "../operations/define.ts";
import { Validation } from "../errors.ts";
import type { Column } from "./products.ts";
import { xlsWorkbook } from "./xls.ts";

export const EXPORT_FORMATS = {
  csv: "text/csv",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

/** SPEC.md: an unsupported export format is a 422. */
export function exportFormat(format: string | undefined): ExportFormat {
  const f = (format ?? "csv").toLowerCase();
  // Own keys only: `in` would also take what every object inherits (`format=constructor`).
  if (!Object.hasOwn(EXPORT_FORMATS, f)) throw Validation.field("format", `The format "${format}" is not supported: use csv, xls or xlsx.`);
  return f as ExportFormat;
}

type CellValue = string | number | null;

/**
 * Text that a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return before one) is
 * prefixed with an apostrophe, so a product name or search term like `=HYPERLINK(…)` stays text when the file is
 * opened (formula injection). Numbers are written as numbers.
 */
export function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function cell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  // A cell is text, a flag, a date or a decimal amount: each has its own string form.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return neutralised(String(value));
}

export async function tableFile(
  table: { columns: Column[]; records: Record<string, unknown>[] },
  format: ExportFormat,
  name: string,
  sheet = "Report",
): Promise<Download> {
  const header = table.columns.map((c) => neutralised(c.label));
  const rows = table.records.map((r) => table.columns.map((c) => cell(r[c.key])));
  const filename = `${name}.${format}`;
  const contentType = EXPORT_FORMATS[format];
  if (format === "csv") return { filename, contentType: `${contentType}; charset=utf-8`, body: stringify([header, ...rows]) };
  if (format === "xls") return { filename, contentType, body: new Uint8Array(xlsWorkbook(sheet, [header, ...rows])) };
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(sheet);
  worksheet.addRow(header).font = { bold: true };
  for (const row of rows) worksheet.addRow(row);
  return { filename, contentType, body: new Uint8Array(await workbook.xlsx.writeBuffer()) };
}
