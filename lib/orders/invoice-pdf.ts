// A minimal, valid PDF 1.4 document: one A4 page of text lines in Helvetica (a standard font, nothing embedded).
// No PDF library is installed; an invoice needs only lines of text, which this writes with correct offsets.

/** PDF text strings take Latin-1 bytes; other characters become "?" and the delimiters are escaped. */
function pdfText(s: string): string {
  return Array.from(s, (ch) => (ch.charCodeAt(0) > 255 ? "?" : ch))
    .join("")
    .replace(/[\\()]/g, (m) => `\\${m}`)
    .replace(/[\r\n\t]/g, " ");
}

export function invoicePdf(lines: string[]): Uint8Array {
  const perPage = 60;
  const shown = lines.slice(0, perPage);
  const content = ["BT", "/F1 10 Tf", "14 TL", "50 800 Td", ...shown.map((l, i) => `${i === 0 ? "" : "T* "}(${pdfText(l)}) Tj`), "ET"].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}
