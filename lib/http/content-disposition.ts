// The one place an attachment's Content-Disposition is written (RFC 6266). Non-ASCII names travel in
// `filename*=UTF-8''…` (RFC 5987 / 8187), with an ASCII `filename="…"` for clients that predate it: a raw
// Latin-1 or UTF-8 byte in a header is read differently by different browsers, and CR/LF must never reach one.
import contentDisposition from "content-disposition";

/** `résumé 2024.pdf` → `resume 2024.pdf`, `отчёт.csv` → `_____.csv`: printable ASCII only. */
export function asciiFallback(name: string): string {
  return name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^\x20-\x7e]/g, "_");
}

/** `attachment; filename="<ascii>"`, plus `filename*=UTF-8''<percent-encoded>` when the name is not plain ASCII. */
export function attachmentDisposition(filename: string): string {
  // Control characters have no place in a file name; a blank name gets a neutral one.
  const name = filename.replace(/\p{Cc}/gu, "").trim() || "download";
  return contentDisposition(name, { type: "attachment", fallback: asciiFallback(name) });
}
