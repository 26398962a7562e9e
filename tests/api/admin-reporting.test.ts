// SPEC.md "Products report (admin)" and "Products report parameters": report, view and export, with real orders.
// Each case uses its own days in the past, so data other tests write today never lands in its window.
import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { getDb, unique } from "../support/client.ts";
import { dispatch, BASE } from "../support/app.ts";
import { adminCall, adminGraphql, adminToken, gqlStatus, hiddenProduct, makeOrder } from "../support/admin.ts";
import { readXls } from "../support/xls-reader.ts";

let token: string;
let products: { id: number; sku: string; price: number; name: string }[];
let channels: { default: number; b2b: number };
beforeAll(async () => {
  token = await adminToken();
  const db = await getDb();
  products = [await hiddenProduct(19), await hiddenProduct(22), await hiddenProduct(5)];
  const all = await db.channel.findMany();
  channels = { default: all.find((c) => c.code === "default")!.id, b2b: all.find((c) => c.code === "b2b")!.id };
});

const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00.000Z`);
const report = (query: string) => adminCall(token, "GET", `/api/admin/reporting/products?${query}`);

async function download(query: string) {
  const res = await dispatch(new Request(`${BASE}/api/admin/reporting/products/export?${query}`, { headers: { Authorization: `Bearer ${token}` } }));
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe("products report", () => {
  it("total-sold-quantities compares the window with the previous one of equal length, per day", async () => {
    const [a, b] = products;
    await makeOrder({ createdAt: at("2021-02-10"), lines: [{ productId: a.id, qty: 3, price: 10 }] });
    await makeOrder({ createdAt: at("2021-02-12", 23), lines: [{ productId: b.id, qty: 2, price: 5 }, { productId: b.id, qty: 2, price: 0, child: true }] });
    await makeOrder({ createdAt: at("2021-02-11"), status: "canceled", lines: [{ productId: a.id, qty: 50, price: 10 }] });
    await makeOrder({ createdAt: at("2021-02-08"), lines: [{ productId: a.id, qty: 4, price: 10 }] });
    await makeOrder({ createdAt: at("2021-02-11"), channelCode: "b2b", lines: [{ productId: a.id, qty: 7, price: 10 }] });

    const res = await report("start=2021-02-10&end=2021-02-12");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        entity: "products",
        type: "total-sold-quantities",
        dateRange: { previous: "07 Feb 2021 - 09 Feb 2021", current: "10 Feb 2021 - 12 Feb 2021" },
        statistics: {
          quantities: { previous: 4, current: 12, progress: 200 },
          over_time: {
            previous: [{ label: "2021-02-07", total: 0 }, { label: "2021-02-08", total: 4 }, { label: "2021-02-09", total: 0 }],
            current: [{ label: "2021-02-10", total: 3 }, { label: "2021-02-11", total: 7 }, { label: "2021-02-12", total: 2 }],
          },
        },
      },
    ]);
    const def = (await report("type=total-sold-quantities&start=2021-02-10&end=2021-02-12&channel=default")).body[0].statistics;
    expect(def.quantities).toEqual({ previous: 4, current: 5, progress: 25 });
    const b2b = (await report("start=2021-02-10&end=2021-02-12&channel=b2b")).body[0].statistics;
    expect(b2b.quantities).toEqual({ previous: 0, current: 7, progress: 100 });
    const fewer = (await report("start=2021-02-08&end=2021-02-08")).body[0].statistics.quantities;
    expect(fewer).toEqual({ previous: 0, current: 4, progress: 100 });
    const drop = (await report("start=2021-02-13&end=2021-02-15")).body[0].statistics.quantities;
    expect(drop).toEqual({ previous: 12, current: 0, progress: -100 });
  });

  it("defaults to the last 30 days ending today", async () => {
    const res = await report("");
    const day = 86400_000;
    const label = (d: Date) => `${String(d.getUTCDate()).padStart(2, "0")} ${d.toLocaleString("en-US", { month: "short", timeZone: "UTC" })} ${d.getUTCFullYear()}`;
    const today = new Date();
    expect(res.body[0].type).toBe("total-sold-quantities");
    expect(res.body[0].dateRange.current).toBe(`${label(new Date(today.getTime() - 30 * day))} - ${label(today)}`);
    expect(res.body[0].dateRange.previous).toBe(`${label(new Date(today.getTime() - 61 * day))} - ${label(new Date(today.getTime() - 31 * day))}`);
    expect(res.body[0].statistics.over_time.current).toHaveLength(31);
    expect(res.body[0].statistics.over_time.previous).toHaveLength(31);
  });

  it("top-selling products by revenue and by quantity, with images and shares", async () => {
    const [a, b] = products;
    await makeOrder({ createdAt: at("2021-03-05"), lines: [{ productId: a.id, qty: 1, price: 100 }, { productId: b.id, qty: 3, price: 20 }] });
    const revenue = (await report("type=top-selling-products-by-revenue&start=2021-03-05&end=2021-03-05")).body[0];
    expect(revenue.type).toBe("top-selling-products-by-revenue");
    expect(revenue.statistics).toHaveLength(2);
    expect(revenue.statistics[0]).toMatchObject({
      id: a.id, name: a.name, price: a.price, formatted_price: `$${a.price.toFixed(2)}`, revenue: 100, formatted_revenue: "$100.00", progress: 62.5,
    });
    expect(revenue.statistics[0].images[0]).toMatchObject({ type: "images", product_id: a.id, position: 1 });
    expect(Object.keys(revenue.statistics[0].images[0]).sort()).toEqual(["id", "path", "position", "product_id", "type", "url"]);
    expect(revenue.statistics[1]).toMatchObject({ id: b.id, revenue: 60, progress: 37.5 });
    const quantity = (await report("type=top-selling-products-by-quantity&start=2021-03-05&end=2021-03-05")).body[0].statistics;
    expect(quantity.map((r: { id: number; total_qty_ordered: number; progress: number }) => [r.id, r.total_qty_ordered, r.progress])).toEqual([[b.id, 3, 75], [a.id, 1, 25]]);
    expect(Object.keys(quantity[0]).sort()).toEqual(["formatted_price", "id", "images", "name", "price", "progress", "total_qty_ordered"]);
  });

  it("wishlist additions, reviews, visits and search terms over their own windows", async () => {
    const db = await getDb();
    const [a, b] = products;
    const customer = await db.customer.create({
      data: { firstName: "R", lastName: "P", email: `${unique("rep")}@example.com`, passwordHash: "x", apiToken: unique("api") },
    });
    await db.wishlistItem.createMany({
      data: [
        { customerId: customer.id, productId: a.id, channelId: channels.default, createdAt: at("2021-04-02") },
        { customerId: customer.id, productId: b.id, channelId: channels.default, createdAt: at("2021-04-03") },
        { customerId: customer.id, productId: a.id, channelId: channels.b2b, createdAt: at("2021-04-01") },
      ],
    });
    const wishlist = (await report("type=total-products-added-to-wishlist&start=2021-04-02&end=2021-04-03")).body[0].statistics;
    expect(wishlist.wishlist).toEqual({ previous: 1, current: 2, progress: 100 });
    expect(wishlist.over_time.current).toEqual([{ label: "2021-04-02", total: 1 }, { label: "2021-04-03", total: 1 }]);

    const review = (productId: number, status: string) => ({ productId, name: "R", title: "T", comment: "C", rating: 4, status, createdAt: at("2021-05-02"), channelId: channels.default });
    await db.productReview.createMany({ data: [review(b.id, "approved"), review(b.id, "approved"), review(a.id, "approved"), review(a.id, "pending")] });
    const reviews = (await report("type=products-with-most-reviews&start=2021-05-01&end=2021-05-03")).body[0].statistics;
    expect(reviews).toEqual([
      { product_id: b.id, product_name: b.name, reviews: 2, progress: 66.67 },
      { product_id: a.id, product_name: a.name, reviews: 1, progress: 33.33 },
    ]);

    await db.productVisit.createMany({ data: [a.id, a.id, a.id, b.id].map((productId) => ({ productId, channelId: channels.default, createdAt: at("2021-06-01") })) });
    const visits = (await report("type=products-with-most-visits&start=2021-06-01&end=2021-06-01")).body[0].statistics;
    expect(visits).toEqual([
      { visitable_id: a.id, name: a.name, visits: 3, progress: 75 },
      { visitable_id: b.id, name: b.name, visits: 1, progress: 25 },
    ]);

    const term = (t: string, uses: number, hour: number) => ({ term: unique(t), results: 2, uses, channelId: channels.default, locale: "en", createdAt: at("2021-07-01", hour), updatedAt: at("2021-07-01", hour) });
    await db.searchTerm.createMany({ data: [term("often", 40, 1), term("recent", 2, 5), term("middle", 10, 3)] });
    const last = (await report("type=last-search-terms&start=2021-07-01&end=2021-07-01")).body[0].statistics;
    expect(last.map((r: { uses: number }) => r.uses)).toEqual([2, 10, 40]);
    expect(Object.keys(last[0]).sort()).toEqual(["channel_id", "id", "locale", "results", "term", "uses"]);
    const top = (await report("type=top-search-terms&start=2021-07-01&end=2021-07-01")).body[0].statistics;
    expect(top.map((r: { uses: number }) => r.uses)).toEqual([40, 10, 2]);
  });

  it("answers 400 with an invalid-type message for an unknown type, and 422 for bad windows", async () => {
    const bad = await report("type=best-products");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/invalid type/i);
    const gql = await adminGraphql(token, `{ adminProductsReport(type: "best-products") { type } }`);
    expect(gqlStatus(gql)).toBe(400);
    expect(gql.body.errors![0].message).toMatch(/invalid type/i);
    for (const q of ["start=2021-13-01", "end=yesterday", "start=2021-02-10&end=2021-02-01", "channel=nowhere"]) {
      const res = await report(q);
      expect(res.status, q).toBe(422);
    }
  });

  it("needs a valid token but no permission", async () => {
    const narrow = await adminToken({ scope: "custom", permissions: ["customers.view"] });
    expect((await adminCall(narrow, "GET", "/api/admin/reporting/products")).status).toBe(200);
    expect((await adminCall(null, "GET", "/api/admin/reporting/products")).status).toBe(401);
    expect((await adminCall(null, "GET", "/api/admin/reporting/products/export")).status).toBe(401);
  });
});

describe("products report view and export", () => {
  beforeAll(async () => {
    const [a, b, c] = products;
    await makeOrder({ createdAt: at("2021-08-03"), lines: [{ productId: a.id, qty: 2, price: 15 }, { productId: b.id, qty: 1, price: 99.5 }] });
    await makeOrder({ createdAt: at("2021-08-04"), lines: [{ productId: c.id, qty: 5, price: 1 }] });
  });
  const window = "start=2021-08-03&end=2021-08-04";

  it("view answers columns and records for every type but top-search-terms", async () => {
    const res = await adminCall(token, "GET", `/api/admin/reporting/products/view?type=top-selling-products-by-revenue&${window}`);
    expect(res.status).toBe(200);
    const [envelope] = res.body;
    expect(envelope).toMatchObject({ entity: "products", type: "top-selling-products-by-revenue", dateRange: { current: "03 Aug 2021 - 04 Aug 2021" } });
    expect(envelope.statistics.columns).toEqual([
      { key: "id", label: "ID" }, { key: "name", label: "Name" }, { key: "formatted_price", label: "Price" }, { key: "formatted_revenue", label: "Revenue" },
    ]);
    expect(envelope.statistics.records.map((r: { id: number; revenue: number }) => [r.id, r.revenue])).toEqual([[products[1].id, 99.5], [products[0].id, 30], [products[2].id, 5]]);

    const daily = (await adminCall(token, "GET", `/api/admin/reporting/products/view?${window}`)).body[0].statistics;
    expect(daily.records).toEqual([{ label: "2021-08-03", total: 3 }, { label: "2021-08-04", total: 5 }]);
    for (const type of ["total-products-added-to-wishlist", "top-selling-products-by-quantity", "products-with-most-reviews", "products-with-most-visits", "last-search-terms"]) {
      const r = await adminCall(token, "GET", `/api/admin/reporting/products/view?type=${type}&${window}`);
      expect(r.status, type).toBe(200);
      expect(r.body[0].statistics.columns.length, type).toBeGreaterThan(1);
      expect(Array.isArray(r.body[0].statistics.records), type).toBe(true);
    }
    const refused = await adminCall(token, "GET", "/api/admin/reporting/products/view?type=top-search-terms");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/invalid type/i);
    const gql = await adminGraphql(token, `{ adminProductsReportView(type: "top-selling-products-by-quantity", start: "2021-08-03", end: "2021-08-04") { type statistics } }`);
    expect(gql.body.data.adminProductsReportView[0].statistics.records[0]).toMatchObject({ id: products[2].id, total_qty_ordered: 5 });
  });

  it("exports csv by default, with the column labels as header row", async () => {
    const res = await download(`type=top-selling-products-by-quantity&${window}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.csv"$/);
    const lines = res.body.toString("utf8").trim().split(/\r?\n/);
    expect(lines[0]).toBe("ID,Name,Price,Quantity Sold");
    expect(lines[1]).toBe(`${products[2].id},${products[2].name},$${products[2].price.toFixed(2)},5`);
    expect(lines).toHaveLength(4);
  });

  it("exports xlsx that a spreadsheet library reads back", async () => {
    const res = await download(`type=top-selling-products-by-revenue&${window}&format=xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as never);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, "ID", "Name", "Price", "Revenue"]);
    expect(sheet.getRow(2).values).toEqual([undefined, products[1].id, products[1].name, `$${products[1].price.toFixed(2)}`, "$99.50"]);
    expect(sheet.rowCount).toBe(4);
  });

  it("exports a legacy xls workbook", async () => {
    const res = await download(`${window}&format=xls`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.ms-excel");
    expect(res.body.subarray(0, 8).toString("hex")).toBe("d0cf11e0a1b11ae1");
    expect(readXls(res.body)).toEqual([["Day", "Quantities Sold"], ["2021-08-03", 3], ["2021-08-04", 5]]);
  });

  it("keeps text that a spreadsheet would run as a formula as text, in every format", async () => {
    const db = await getDb();
    const day = at("2021-09-01");
    const hostile = ["=1+2", "+3-1", "-4+4", "@SUM(A1)"].map((t) => unique(t));
    await db.searchTerm.createMany({
      data: [...hostile, unique("shoes")].map((term) => ({ term, results: 1, uses: 1, channelId: channels.default, locale: "en", createdAt: day, updatedAt: day })),
    });
    const range = "type=last-search-terms&start=2021-09-01&end=2021-09-01";
    const csv = (await download(range)).body.toString("utf8");
    for (const term of hostile) {
      expect(csv).toContain(`'${term}`);
      expect(csv).not.toMatch(new RegExp(`(^|,)${term.replace(/[+@()]/g, "\\$&")}`, "m"));
    }
    expect(csv).toMatch(/(^|,)shoes\d/m);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(`${range}&format=xlsx`)).body as never);
    const xlsxCells = book.worksheets[0].getSheetValues().flat().filter((v): v is string => typeof v === "string");
    const xlsCells = readXls((await download(`${range}&format=xls`)).body).flat().filter((v): v is string => typeof v === "string");
    for (const cells of [xlsxCells, xlsCells]) {
      for (const term of hostile) expect(cells).toContain(`'${term}`);
      expect(cells.some((c) => /^[=+\-@]/.test(c))).toBe(false);
    }
  });

  it("refuses an unsupported format (422) and top-search-terms (400)", async () => {
    const pdf = await download(`format=pdf`);
    expect(pdf.status).toBe(422);
    expect(JSON.parse(pdf.body.toString()).errors.format).toBeDefined();
    expect((await download(`type=top-search-terms`)).status).toBe(400);
    expect((await download(`type=nope&format=xlsx`)).status).toBe(400);
  });
});

describe("sales and customers reports", () => {
  it("sales: totals, order counts, averages and refunds compared with the previous window", async () => {
    const [a] = products;
    await makeOrder({ createdAt: at("2021-09-02"), lines: [{ productId: a.id, qty: 1, price: 30 }] });
    await makeOrder({ createdAt: at("2021-09-03"), lines: [{ productId: a.id, qty: 2, price: 5 }] });
    await makeOrder({ createdAt: at("2021-09-01"), lines: [{ productId: a.id, qty: 1, price: 20 }] });
    await makeOrder({ createdAt: at("2021-09-03"), status: "canceled", lines: [{ productId: a.id, qty: 9, price: 99 }] });
    const get = (type: string) => adminCall(token, "GET", `/api/admin/reporting/sales?type=${type}&start=2021-09-02&end=2021-09-03`).then((r) => r.body[0]);
    const total = await get("total-sales");
    expect(total).toMatchObject({ entity: "sales", type: "total-sales", dateRange: { previous: "31 Aug 2021 - 01 Sep 2021", current: "02 Sep 2021 - 03 Sep 2021" } });
    expect(total.statistics.sales).toEqual({ previous: 20, current: 40, progress: 100, formatted_previous: "$20.00", formatted_current: "$40.00" });
    expect(total.statistics.over_time.current).toEqual([{ label: "2021-09-02", total: 30 }, { label: "2021-09-03", total: 10 }]);
    expect((await get("total-orders")).statistics.orders).toEqual({ previous: 1, current: 2, progress: 100 });
    expect((await get("average-sales")).statistics.sales).toMatchObject({ previous: 20, current: 20, progress: 0 });
    expect((await get("refunds")).statistics.refunds).toMatchObject({ previous: 0, current: 0, progress: 0 });
    expect((await adminCall(token, "GET", "/api/admin/reporting/sales?type=nope")).status).toBe(400);
  });

  it("customers: sign-ups over time and the best customers by sales and by orders", async () => {
    const db = await getDb();
    const made = async (day: string) => db.customer.create({ data: { firstName: "Rep", lastName: day, email: `${unique("rc")}@example.com`, passwordHash: "x", apiToken: unique("api"), createdAt: at(day) } });
    const big = await made("2021-10-05");
    const small = await made("2021-10-06");
    await made("2021-10-03");
    await makeOrder({ createdAt: at("2021-10-06"), customerId: big.id, lines: [{ productId: products[0].id, qty: 1, price: 100 }] });
    await makeOrder({ createdAt: at("2021-10-06"), customerId: small.id, lines: [{ productId: products[0].id, qty: 1, price: 10 }] });
    await makeOrder({ createdAt: at("2021-10-06"), customerId: small.id, lines: [{ productId: products[0].id, qty: 1, price: 10 }] });
    const get = (type: string) => adminCall(token, "GET", `/api/admin/reporting/customers?type=${type}&start=2021-10-05&end=2021-10-06`).then((r) => r.body[0]);
    expect((await get("total-customers")).statistics.customers).toEqual({ previous: 1, current: 2, progress: 100 });
    const bySales = (await get("customers-with-most-sales")).statistics;
    expect(bySales.map((r: { id: number; total: number; progress: number }) => [r.id, r.total, r.progress])).toEqual([[big.id, 100, 83.33], [small.id, 20, 16.67]]);
    const byOrders = (await get("customers-with-most-orders")).statistics;
    expect(byOrders[0]).toMatchObject({ id: small.id, orders: 2, full_name: "Rep 2021-10-06", progress: 66.67 });
    const gql = await adminGraphql(token, `{ adminCustomersReport(type: "total-customers", start: "2021-10-05", end: "2021-10-06") { entity statistics } }`);
    expect(gql.body.data.adminCustomersReport[0].entity).toBe("customers");
  });
});
