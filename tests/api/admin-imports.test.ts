// Product CSV imports: a dry run checks every row and writes nothing; the run applies a checked file.
import { describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { BASE, dispatch } from "../support/app.ts";
import { adminCall, adminGraphql, adminToken, gqlStatus } from "../support/admin.ts";

async function importCsv(token: string, csv: string, extra: Record<string, string> = { type: "products" }) {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "products.csv");
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  const res = await dispatch(new Request(`${BASE}/api/admin/imports`, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } }));
  return { status: res.status, body: await res.json() };
}

describe("product imports", () => {
  it("dry-runs a file with a per-row error report, writes nothing, then refuses to run it", async () => {
    const token = await adminToken();
    const tag = unique("IMP").toUpperCase();
    const existing = (await (await getDb()).product.findFirstOrThrow({ where: { type: "simple" } })).sku;
    const csv = [
      "sku,name,url_key,price,qty,categories",
      `${tag}-1,"Mug, large",${tag.toLowerCase()}-1,12.5,4,`,
      `${tag}-2,Bad price,${tag.toLowerCase()}-2,cheap,1,`,
      `${tag}-3,No url,,3,1,`,
      `${tag}-1,Again,${tag.toLowerCase()}-9,1,1,`,
      `${tag}-4,Unknown category,${tag.toLowerCase()}-4,2,1,99999999`,
      `${existing},,,,7,`,
    ].join("\n");
    const res = await importCsv(token, csv);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ type: "products", status: "failed", dryRun: true, summary: { rows: 6, valid: 2, invalid: 4, creates: 1, updates: 1 } });
    const byRow = Object.fromEntries(res.body.errors.map((e: { row: number; field: string }) => [e.row, e.field]));
    expect(byRow).toEqual({ 3: "price", 4: "translations.0.urlKey", 5: "sku", 6: "categories" });
    expect(await (await getDb()).product.count({ where: { sku: { startsWith: tag } } })).toBe(0);
    const run = await adminCall(token, "POST", `/api/admin/imports/${res.body.id}/run`, {});
    expect(run.status).toBe(409);
    expect(await (await getDb()).product.count({ where: { sku: { startsWith: tag } } })).toBe(0);
  });

  it("runs a clean file: creates and updates, once", async () => {
    const token = await adminToken();
    const tag = unique("IMP").toUpperCase();
    const db = await getDb();
    const target = await db.product.create({ data: { sku: `${tag}-OLD`, type: "simple", price: 1, status: true, visibleIndividually: false, translations: { create: { locale: "en", name: "Old", urlKey: `${tag.toLowerCase()}-old` } } } });
    const csv = `sku,name,url_key,price,qty,status\r\n${tag}-NEW,New mug,${tag.toLowerCase()}-new,9.99,5,0\r\n${tag}-OLD,,,2.5,,0\r\n`;
    const dry = await importCsv(token, csv);
    expect(dry.body).toMatchObject({ status: "pending", summary: { valid: 2, invalid: 0 }, errors: [] });
    const run = await adminCall(token, "POST", `/api/admin/imports/${dry.body.id}/run`, {});
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ status: "completed", dryRun: false, summary: { created: 1, updated: 1, skipped: 0 } });
    const created = await db.product.findUniqueOrThrow({ where: { sku: `${tag}-NEW` }, include: { translations: true, inventories: true } });
    expect(Number(created.price)).toBe(9.99);
    expect(created.translations[0]).toMatchObject({ locale: "en", name: "New mug" });
    expect(created.inventories[0].qty).toBe(5);
    const updated = await db.product.findUniqueOrThrow({ where: { id: target.id } });
    expect([Number(updated.price), updated.status]).toEqual([2.5, false]);
    expect((await adminCall(token, "POST", `/api/admin/imports/${dry.body.id}/run`, {})).status).toBe(409);
    const listed = await adminCall(token, "GET", "/api/admin/imports?status=completed");
    expect(listed.body.data.map((j: { id: number }) => j.id)).toContain(dry.body.id);
  });

  it("skipErrors applies the good rows of a file with errors", async () => {
    const token = await adminToken();
    const tag = unique("IMP").toUpperCase();
    const dry = await importCsv(token, `sku,name,url_key,price,status\n${tag}-A,A,${tag.toLowerCase()}-a,1,0\n${tag}-B,B,${tag.toLowerCase()}-b,-5,0\n`);
    const run = await adminCall(token, "POST", `/api/admin/imports/${dry.body.id}/run`, { skip_errors: true });
    expect(run.body).toMatchObject({ status: "completed", summary: { created: 1, skipped: 1 } });
    expect(run.body.errors[0]).toMatchObject({ row: 3, sku: `${tag}-B`, field: "price" });
    expect(await (await getDb()).product.count({ where: { sku: { startsWith: tag } } })).toBe(1);
  });

  it("refuses unreadable files and non-multipart uploads, and needs imports.create", async () => {
    const token = await adminToken();
    const cases: [string, string][] = [
      ["no sku column", "name,price\nA,1\n"],
      ["unknown column", "sku,colour\nA,red\n"],
      ["header only", "sku,name\n"],
      ["empty", ""],
      ["open quote", 'sku,name\nA,"broken\n'],
    ];
    for (const [label, csv] of cases) {
      const res = await importCsv(token, csv);
      expect(res.status, label).toBe(422);
      expect(res.body.errors.file, label).toBeDefined();
    }
    expect((await importCsv(token, "sku\nA\n", { type: "customers" })).status).toBe(422);
    expect((await adminCall(token, "POST", "/api/admin/imports", { type: "products" })).status).toBe(415);
    const gql = await adminGraphql(token, `mutation { createAdminImport(input: { type: "products" }) { adminImport { id } } }`);
    expect(gqlStatus(gql)).toBe(415);
    const viewer = await adminToken({ scope: "custom", permissions: ["imports.view"] });
    expect((await importCsv(viewer, "sku\nA\n")).status).toBe(403);
    expect((await adminCall(viewer, "GET", "/api/admin/imports")).status).toBe(200);
  });
});
