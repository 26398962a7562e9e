// RFC 4180 CSV reading: quoted fields, doubled quotes, separators and line breaks inside quotes, CRLF or LF.
import { Validation } from "../../errors.ts";

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark is not data
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    }
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (quoted) throw Validation.field("file", "The CSV ends inside a quoted field.");
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((v) => v.trim() !== ""));
}

/** Rows as objects keyed by the (trimmed, lower-cased) header; `row` is the spreadsheet line number. */
export function csvRecords(text: string): { header: string[]; records: { row: number; values: Record<string, string> }[] } {
  const [head, ...rest] = parseCsv(text);
  if (!head) throw Validation.field("file", "The CSV file is empty.");
  const header = head.map((h) => h.trim().toLowerCase());
  return {
    header,
    records: rest.map((cells, i) => ({ row: i + 2, values: Object.fromEntries(header.map((h, j) => [h, (cells[j] ?? "").trim()])) })),
  };
}
