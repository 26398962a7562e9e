// A minimal Excel 97-2003 (.xls, BIFF8) writer: one worksheet of strings and numbers in an OLE2 compound file.
// exceljs writes only .xlsx, and the legacy format is a small, stable binary, so it is written here directly
// ([MS-XLS] workbook records; [MS-CFB] version 3 container with 512-byte sectors).

type Cell = string | number | null | undefined;

class Bytes {
  private chunks: Buffer[] = [];
  length = 0;
  push(b: Buffer) {
    this.chunks.push(b);
    this.length += b.length;
  }
  toBuffer() {
    return Buffer.concat(this.chunks, this.length);
  }
}

function record(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(body.length, 2);
  return Buffer.concat([head, body]);
}

const u16 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => b.writeUInt16LE(v, i * 2));
  return b;
};

function bof(kind: number): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt16LE(0x0600, 0); // BIFF8
  b.writeUInt16LE(kind, 2); // 0x0005 workbook globals, 0x0010 worksheet
  b.writeUInt16LE(0x0dbb, 4);
  b.writeUInt16LE(0x07cc, 6);
  b.writeUInt32LE(0, 8);
  b.writeUInt32LE(0x06, 12);
  return record(0x0809, b);
}

function font(): Buffer {
  const name = Buffer.from("Arial", "latin1");
  const b = Buffer.alloc(16 + name.length);
  b.writeUInt16LE(200, 0); // 10 pt
  b.writeUInt16LE(0, 2);
  b.writeUInt16LE(0x7fff, 4); // automatic colour
  b.writeUInt16LE(400, 6); // normal weight
  b.writeUInt8(name.length, 14);
  b.writeUInt8(0, 15); // compressed (8-bit) characters
  name.copy(b, 16);
  return record(0x0031, b);
}

function xf(style: boolean): Buffer {
  const b = Buffer.alloc(20);
  b.writeUInt16LE(0, 0); // font 0
  b.writeUInt16LE(0, 2); // General number format
  b.writeUInt16LE(style ? 0xfff5 : 0x0001, 4); // style XF / cell XF (locked) with parent style 0
  b.writeUInt8(0x20, 6); // bottom-aligned
  b.writeUInt8(style ? 0xf4 : 0, 9);
  b.writeUInt16LE(0x20c0, 18); // default pattern colours
  return record(0x00e0, b);
}

/** The shared string table, split into CONTINUE records at the 8224-byte record limit. */
function sst(strings: string[], total: number): Buffer[] {
  const LIMIT = 8224;
  const records: Buffer[] = [];
  const counts = Buffer.alloc(8);
  counts.writeUInt32LE(total, 0);
  counts.writeUInt32LE(strings.length, 4);
  let current: Buffer[] = [counts];
  let size = 8;
  let type = 0x00fc;
  const flush = () => {
    records.push(record(type, Buffer.concat(current)));
    type = 0x003c;
    current = [];
    size = 0;
  };
  for (const s of strings) {
    const chars = Buffer.from(s, "utf16le");
    if (size + 3 + 2 > LIMIT) flush();
    current.push(Buffer.from([s.length & 0xff, s.length >> 8, 0x01]));
    size += 3;
    let offset = 0;
    while (offset < chars.length) {
      const room = Math.floor((LIMIT - size) / 2) * 2;
      if (room === 0) {
        flush();
        current.push(Buffer.from([0x01])); // a string continued in a CONTINUE record restates its flags
        size = 1;
        continue;
      }
      const part = chars.subarray(offset, offset + room);
      current.push(part);
      size += part.length;
      offset += part.length;
    }
  }
  flush();
  return records;
}

function workbookStream(sheetName: string, rows: Cell[][]): Buffer {
  const strings: string[] = [];
  const index = new Map<string, number>();
  let stringCells = 0;
  const cells = new Bytes();
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      if (value === null || value === undefined || value === "") return;
      if (typeof value === "number" && Number.isFinite(value)) {
        const b = Buffer.alloc(14);
        b.writeUInt16LE(r, 0);
        b.writeUInt16LE(c, 2);
        b.writeUInt16LE(15, 4);
        b.writeDoubleLE(value, 6);
        cells.push(record(0x0203, b));
        return;
      }
      const text = String(value).slice(0, 32767);
      let i = index.get(text);
      if (i === undefined) index.set(text, (i = strings.push(text) - 1));
      stringCells++;
      const b = Buffer.alloc(10);
      b.writeUInt16LE(r, 0);
      b.writeUInt16LE(c, 2);
      b.writeUInt16LE(15, 4);
      b.writeUInt32LE(i, 6);
      cells.push(record(0x00fd, b));
    }),
  );

  const name = Buffer.from(sheetName.slice(0, 31), "utf16le");
  const boundSheet = (position: number) => {
    const b = Buffer.alloc(8 + name.length);
    b.writeUInt32LE(position, 0);
    b.writeUInt16LE(0, 4); // visible worksheet
    b.writeUInt8(name.length / 2, 6);
    b.writeUInt8(1, 7); // UTF-16 characters
    name.copy(b, 8);
    return record(0x0085, b);
  };
  const head = [
    bof(0x0005),
    record(0x0042, u16(1200)), // CODEPAGE: UTF-16
    record(0x003d, Buffer.concat([u16(0, 0, 0x37dc, 0x1e78, 0x0038, 0, 0, 1, 0x0258)])), // WINDOW1
    font(), font(), font(), font(),
    ...Array.from({ length: 15 }, () => xf(true)),
    xf(false),
    record(0x0293, Buffer.from([0x00, 0x80, 0x00, 0xff])), // STYLE: Normal
  ];
  const tail = [...sst(strings, stringCells), record(0x000a, Buffer.alloc(0))];
  const globalsLength = [...head, boundSheet(0), ...tail].reduce((a, b) => a + b.length, 0);

  const cols = Math.max(0, ...rows.map((r) => r.length));
  const dims = Buffer.alloc(14);
  dims.writeUInt32LE(0, 0);
  dims.writeUInt32LE(rows.length, 4);
  dims.writeUInt16LE(0, 8);
  dims.writeUInt16LE(cols, 10);
  const sheet = [
    bof(0x0010),
    record(0x0200, dims),
    cells.toBuffer(),
    record(0x023e, Buffer.concat([u16(0x06b6, 0, 0, 0x40, 0, 0, 0), Buffer.alloc(4)])), // WINDOW2
    record(0x000a, Buffer.alloc(0)),
  ];
  return Buffer.concat([...head, boundSheet(globalsLength), ...tail, ...sheet]);
}

const SECTOR = 512;
const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;

/** Wraps the Workbook stream in a compound file (streams under 4096 bytes are padded to stay out of the mini stream). */
function compoundFile(stream: Buffer): Buffer {
  const padded = stream.length < 4096 ? Buffer.concat([stream, Buffer.alloc(4096 - stream.length)]) : stream;
  const dataSectors = Math.ceil(padded.length / SECTOR);
  let fatSectors = 1;
  while (fatSectors * (SECTOR / 4) < dataSectors + fatSectors + 1) fatSectors++;
  if (fatSectors > 109) throw new Error("The spreadsheet is too large for the .xls format; export xlsx instead.");
  const dirSector = dataSectors + fatSectors;

  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(0x0003, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32); // 64-byte mini sectors
  header.writeUInt32LE(fatSectors, 44);
  header.writeUInt32LE(dirSector, 48);
  header.writeUInt32LE(0x1000, 56);
  header.writeUInt32LE(END_OF_CHAIN, 60);
  header.writeUInt32LE(END_OF_CHAIN, 68);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i < fatSectors ? dataSectors + i : FREE, 76 + i * 4);

  const fat = Buffer.alloc(fatSectors * SECTOR, 0xff);
  for (let i = 0; i < dataSectors; i++) fat.writeUInt32LE(i === dataSectors - 1 ? END_OF_CHAIN : i + 1, i * 4);
  for (let i = 0; i < fatSectors; i++) fat.writeUInt32LE(FAT_SECTOR, (dataSectors + i) * 4);
  fat.writeUInt32LE(END_OF_CHAIN, dirSector * 4);

  const dir = Buffer.alloc(SECTOR);
  const entry = (slot: number, name: string, type: number, child: number, start: number, size: number) => {
    const o = slot * 128;
    const n = Buffer.from(name + "\0", "utf16le");
    n.copy(dir, o);
    dir.writeUInt16LE(n.length, o + 64);
    dir.writeUInt8(type, o + 66);
    dir.writeUInt8(1, o + 67); // black
    dir.writeUInt32LE(FREE, o + 68);
    dir.writeUInt32LE(FREE, o + 72);
    dir.writeUInt32LE(child, o + 76);
    dir.writeUInt32LE(start, o + 116);
    dir.writeUInt32LE(size, o + 120);
  };
  entry(0, "Root Entry", 5, 1, END_OF_CHAIN, 0);
  entry(1, "Workbook", 2, FREE, 0, padded.length);
  for (const slot of [2, 3]) {
    dir.writeUInt32LE(FREE, slot * 128 + 68);
    dir.writeUInt32LE(FREE, slot * 128 + 72);
    dir.writeUInt32LE(FREE, slot * 128 + 76);
  }
  const body = Buffer.alloc(dataSectors * SECTOR);
  padded.copy(body);
  return Buffer.concat([header, body, fat, dir]);
}

/** An .xls file with one sheet; numbers stay numbers, everything else is text. */
export function xlsWorkbook(sheetName: string, rows: Cell[][]): Buffer {
  return compoundFile(workbookStream(sheetName, rows));
}
