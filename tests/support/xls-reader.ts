// Reads the first worksheet of an .xls (BIFF8 in a compound file) back into rows, independently of the writer:
// the FAT and directory are followed as [MS-CFB] says, and SST, LABELSST, LABEL, NUMBER and RK cells decoded.
export function readXls(file: Buffer): (string | number | null)[][] {
  if (file.readUInt32LE(0) !== 0xe011cfd0) throw new Error("not a compound file");
  const sectorSize = 1 << file.readUInt16LE(30);
  const sector = (n: number) => file.subarray(sectorSize * (n + 1), sectorSize * (n + 2));
  const fatSectors = Array.from({ length: Math.min(109, file.readUInt32LE(44)) }, (_, i) => file.readUInt32LE(76 + i * 4));
  const fat = Buffer.concat(fatSectors.map(sector));
  const chain = (start: number) => {
    const out: Buffer[] = [];
    for (let s = start; s < 0xfffffffa; s = fat.readUInt32LE(s * 4)) out.push(sector(s));
    return Buffer.concat(out);
  };
  const dir = chain(file.readUInt32LE(48));
  let stream: Buffer | null = null;
  for (let o = 0; o < dir.length; o += 128) {
    const name = dir.subarray(o, o + Math.max(0, dir.readUInt16LE(o + 64) - 2)).toString("utf16le");
    if (name === "Workbook" || name === "Book") stream = chain(dir.readUInt32LE(o + 116)).subarray(0, dir.readUInt32LE(o + 120));
  }
  if (!stream) throw new Error("no Workbook stream");

  const records: { type: number; body: Buffer }[] = [];
  for (let o = 0; o + 4 <= stream.length; ) {
    const type = stream.readUInt16LE(o);
    const len = stream.readUInt16LE(o + 2);
    records.push({ type, body: stream.subarray(o + 4, o + 4 + len) });
    o += 4 + len;
    if (type === 0x000a && records.filter((r) => r.type === 0x000a).length === 2) break;
  }
  const strings: string[] = [];
  const rows: (string | number | null)[][] = [];
  const put = (r: number, c: number, v: string | number) => {
    while (rows.length <= r) rows.push([]);
    while (rows[r].length < c) rows[r].push(null);
    rows[r][c] = v;
  };
  for (let i = 0; i < records.length; i++) {
    const { type, body } = records[i];
    if (type === 0x00fc) {
      const parts = [body.subarray(8)];
      for (let j = i + 1; records[j]?.type === 0x003c; j++) parts.push(records[j].body);
      let part = 0;
      let o = 0;
      const count = body.readUInt32LE(4);
      for (let n = 0; n < count; n++) {
        if (o >= parts[part].length) { part++; o = 0; }
        const cch = parts[part].readUInt16LE(o);
        let wide = parts[part][o + 2] & 1;
        o += 3;
        let text = "";
        while (text.length < cch) {
          if (o >= parts[part].length) { part++; wide = parts[part][0] & 1; o = 1; }
          const take = Math.min(cch - text.length, Math.floor((parts[part].length - o) / (wide ? 2 : 1)));
          text += parts[part].subarray(o, o + take * (wide ? 2 : 1)).toString(wide ? "utf16le" : "latin1");
          o += take * (wide ? 2 : 1);
        }
        strings.push(text);
      }
    } else if (type === 0x00fd) put(body.readUInt16LE(0), body.readUInt16LE(2), strings[body.readUInt32LE(6)]);
    else if (type === 0x0203) put(body.readUInt16LE(0), body.readUInt16LE(2), body.readDoubleLE(6));
    else if (type === 0x0204) put(body.readUInt16LE(0), body.readUInt16LE(2), body.subarray(9, 9 + body.readUInt16LE(6) * (body[8] & 1 ? 2 : 1)).toString(body[8] & 1 ? "utf16le" : "latin1"));
  }
  return rows;
}
