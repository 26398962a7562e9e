// The newsletter list as a file for a mailing tool (GET /api/admin/marketing/newsletter-subscribers/export): what the
// database holds, filtered and sorted as the list is, in CSV, XLSX and XLS; behind the permission that reads the
// list (the panel's session cookie too); a format it cannot write is a 422; an address a spreadsheet would run as a
// formula stays text. The reports' export shares the writer (lib/reporting/export.ts) and its format check.
import { beforeAll, describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import ExcelJS from "exceljs";
import { getDb, unique } from "../support/client.ts";
import { BASE, dispatch } from "../support/app.ts";
import { adminToken } from "../support/admin.ts";
import { readXls } from "../support/xls-reader.ts";
import { startSession } from "../../lib/admin-session/routes.ts";

const PATH = "/api/admin/marketing/newsletter-subscribers/export";
const HEADER = ["Email", "Subscribed", "Channel", "Customer ID", "Signed up at"];

let owner: string;
let tag: string;
let channels: { default: { id: number; code: string }; b2b: { id: number; code: string } };
/** This file's subscribers, as the database has them. */
let mine: { email: string; isSubscribed: boolean; channelId: number; customerId: number | null; createdAt: Date }[];

beforeAll(async () => {
  owner = await adminToken();
  const db = await getDb();
  const all = await db.channel.findMany();
  const pick = (code: string) => { const c = all.find((x) => x.code === code)!; return { id: c.id, code: c.code }; };
  channels = { default: pick("default"), b2b: pick("b2b") };
  tag = unique("nlx").toLowerCase();
  const shopper = (await db.customer.create({
    data: { firstName: "Nia", lastName: "Letter", email: `${tag}-customer@example.com`, passwordHash: "x", apiToken: unique("api"), subscribedToNewsletter: true },
  })).id;
  const rows = [
    { email: `a-${tag}@example.com`, channelId: channels.default.id, customerId: null, isSubscribed: true },
    { email: `b-${tag}@example.com`, channelId: channels.b2b.id, customerId: null, isSubscribed: false },
    { email: `${tag}-customer@example.com`, channelId: channels.default.id, customerId: shopper, isSubscribed: true },
    // Addresses a spreadsheet would read as formulas (the shop's newsletter form took them as typed).
    { email: `=cmd-${tag}@x.com`, channelId: channels.default.id, customerId: null, isSubscribed: true },
    { email: `+sum-${tag}@x.com`, channelId: channels.b2b.id, customerId: null, isSubscribed: true },
    { email: `-dash-${tag}@x.com`, channelId: channels.default.id, customerId: null, isSubscribed: false },
    { email: `@at-${tag}@x.com`, channelId: channels.default.id, customerId: null, isSubscribed: true },
  ];
  for (const [i, r] of rows.entries()) {
    await db.newsletterSubscriber.create({ data: { ...r, token: unique("nltok"), createdAt: new Date(Date.UTC(2026, 0, 10 + i, 9, 30)) } });
  }
  mine = await db.newsletterSubscriber.findMany({ where: { email: { contains: tag } }, orderBy: { email: "asc" } });
  expect(mine).toHaveLength(rows.length);
});

async function download(query: string, credential: { token?: string | null; cookie?: string } = { token: owner }) {
  const headers = new Headers();
  if (credential.token) headers.set("Authorization", `Bearer ${credential.token}`);
  if (credential.cookie) headers.set("Cookie", credential.cookie);
  const res = await dispatch(new Request(`${BASE}${PATH}?${query}`, { headers }));
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** RFC 4180 as csv-stringify writes it: fields quoted when they hold a comma, a quote or a line break. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { row.push(field); field = ""; }
    else if (c === "\n") { row.push(field); rows.push(row); row = []; field = ""; }
    else if (c !== "\r") field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

const formula = /^[=+\-@]/;
/** A row as the file should show it: the standing as yes/no, the channel's code, an address starting like a formula with an apostrophe. */
function expected(r: (typeof mine)[number]) {
  const code = Object.values(channels).find((c) => c.id === r.channelId)!.code;
  return [formula.test(r.email) ? `'${r.email}` : r.email, r.isSubscribed ? "yes" : "no", code, r.customerId, r.createdAt.toISOString()];
}
const asCsv = (r: (typeof mine)[number]) => expected(r).map((v) => (v === null ? "" : String(v)));

describe("newsletter subscribers export", () => {
  it("holds every subscriber the filters select, as the database has them, in CSV", async () => {
    const res = await download(`email=${tag}&sort=email`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(readCsv(res.body.toString("utf8"))).toEqual([HEADER, ...mine.map(asCsv)]);
  });

  it("applies the list's filters and sort", async () => {
    const rows = async (query: string, email = tag) => {
      const res = await download(`email=${encodeURIComponent(email)}&${query}`);
      expect(res.status, res.body.toString("utf8")).toBe(200);
      return readCsv(res.body.toString("utf8")).slice(1);
    };
    const unsubscribed = mine.filter((r) => !r.isSubscribed);
    expect(unsubscribed.length).toBeGreaterThan(0);
    expect(await rows("is_subscribed=false&sort=email")).toEqual(unsubscribed.map(asCsv));
    expect(await rows("is_subscribed=1&sort=email")).toEqual(mine.filter((r) => r.isSubscribed).map(asCsv));
    expect(await rows(`channel_id=${channels.b2b.id}&sort=email`)).toEqual(mine.filter((r) => r.channelId === channels.b2b.id).map(asCsv));
    expect(await rows("sort=-email")).toEqual([...mine].reverse().map(asCsv));
    // The list's default order, newest first: the rows were made in the order of their sign-up days.
    expect((await rows("")).map((r) => r[4])).toEqual(mine.map((r) => r.createdAt.toISOString()).sort().reverse());
    expect(await rows("", `nobody-signed-up-like-this-${tag}`)).toEqual([]);
    // The email filter matches a substring whatever its case, as the list's does.
    expect(await rows("sort=email", `A-${tag}`.toUpperCase())).toEqual(mine.filter((r) => r.email.startsWith(`a-${tag}`)).map(asCsv));
  });

  it("writes the same table as XLSX and XLS, with numbers as numbers", async () => {
    const xlsx = await download(`email=${tag}&sort=email&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.headers.get("content-disposition")).toMatch(/\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as never);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe("Subscribers");
    const cells: unknown[][] = [];
    sheet.eachRow((row) => cells.push(Array.from((row.values as unknown[]).slice(1), (v) => v ?? null)));
    const padded = (r: unknown[]) => [...r, ...Array<null>(HEADER.length - r.length).fill(null)];
    expect(cells.map(padded)).toEqual([HEADER, ...mine.map(expected)]);

    const xls = await download(`email=${tag}&sort=email&format=xls`);
    expect(xls.status).toBe(200);
    expect(xls.headers.get("content-type")).toBe("application/vnd.ms-excel");
    expect(readXls(xls.body).map(padded)).toEqual([HEADER, ...mine.map(expected)]);
  });

  it("keeps an address that starts like a formula as text, in every format", async () => {
    const hostile = mine.filter((r) => formula.test(r.email)).map((r) => r.email);
    expect(hostile).toEqual(expect.arrayContaining([`=cmd-${tag}@x.com`, `+sum-${tag}@x.com`, `-dash-${tag}@x.com`, `@at-${tag}@x.com`]));
    const csv = (await download(`email=${tag}`)).body.toString("utf8");
    for (const email of hostile) {
      expect(csv).toContain(`'${email}`);
      // No line starts a cell with the bare address.
      expect(csv.split("\n").some((line) => line.startsWith(email) || line.startsWith(`"${email}`))).toBe(false);
    }
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(`email=${tag}&format=xlsx`)).body as never);
    const xlsxCells = book.worksheets[0].getSheetValues().flat().filter((v): v is string => typeof v === "string");
    const xlsCells = readXls((await download(`email=${tag}&format=xls`)).body).flat().filter((v): v is string => typeof v === "string");
    for (const cells of [xlsxCells, xlsCells]) {
      for (const email of hostile) {
        expect(cells).toContain(`'${email}`);
        expect(cells).not.toContain(email);
      }
    }
  });

  it("needs the permission that reads subscribers, by token or by panel session", async () => {
    expect((await download(`email=${tag}`, { token: null })).status).toBe(401);
    const others = await adminToken({ role: ["marketing.coupons.view", "marketing.url-redirects.view", "customers.view"] });
    const refused = await download(`email=${tag}`, { token: others });
    expect(refused.status).toBe(403);
    expect(refused.body.toString("utf8")).not.toContain(tag);
    const editor = await adminToken({ role: ["marketing.newsletter-subscribers.edit", "marketing.newsletter-subscribers.delete"] });
    expect((await download(`email=${tag}`, { token: editor })).status).toBe(403);

    const reader = await adminToken({ role: ["marketing.newsletter-subscribers.view"] });
    const allowed = await download(`email=${tag}&sort=email`, { token: reader });
    expect(allowed.status).toBe(200);
    expect(readCsv(allowed.body.toString("utf8"))).toEqual([HEADER, ...mine.map(asCsv)]);

    // The panel's download link is a plain GET with the session cookie.
    const session = await panelCookie(["marketing.newsletter-subscribers.view"]);
    expect((await download(`email=${tag}&format=xlsx`, { cookie: session })).status).toBe(200);
    expect((await download(`email=${tag}`, { cookie: await panelCookie(["marketing.coupons.view"]) })).status).toBe(403);
  });

  it.each([
    ["format=pdf", "format"],
    ["format=constructor", "format"],
    ["format=__proto__", "format"],
    ["format=toString", "format"],
    ["is_subscribed=maybe", "isSubscribed"],
    ["channel_id=one", "channelId"],
    ["sort=password", "sort"],
    ["mailbox=1", null],
  ])("refuses %s with a 422", async (query, field) => {
    const res = await download(`email=${tag}&${query}`);
    expect(res.status, res.body.toString("utf8")).toBe(422);
    const body = JSON.parse(res.body.toString("utf8")) as { message: string; errors?: Record<string, string[]> };
    expect(body.message).toBeTruthy();
    if (field) expect(Object.keys(body.errors ?? {})).toContain(field);
  });

  it("the reports' export refuses a format that only objects inherit, as it refuses any other", async () => {
    for (const format of ["constructor", "__proto__", "hasOwnProperty", "pdf"]) {
      const res = await dispatch(new Request(`${BASE}/api/admin/reporting/products/export?type=last-search-terms&format=${format}`, { headers: { Authorization: `Bearer ${owner}` } }));
      expect(res.status, format).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.format).toBeTruthy();
    }
  });
});

/** A signed-in panel admin whose role holds exactly `permissions`: the session cookie. */
async function panelCookie(permissions: string[]): Promise<string> {
  const db = await getDb();
  const password = "Newsletter-export-123!";
  const role = await db.adminRole.create({ data: { name: unique("role"), permissionType: "custom", permissions } });
  const email = `${unique("nlpanel")}@example.com`;
  await db.adminUser.create({ data: { name: "Exporter", email, passwordHash: await bcrypt.hash(password, 4), roleId: role.id, status: true, isOwner: false } });
  const res = await startSession(new Request(`${BASE}/admin/api/session`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) }));
  expect(res.status).toBe(200);
  return res.headers.get("set-cookie")!.split(";")[0];
}
