// The reporting endpoints of the Admin API. The products report needs a valid integration token and no permission
// (SPEC.md); the sales and customers reports show order totals and customers' names and emails, so they need the
// view permission of what they show.
import { z } from "zod";
import { operation } from "../operations/define.ts";
import { productStatistics, productTable, reportType } from "./products.ts";
import { CUSTOMER_REPORT_TYPES, SALES_REPORT_TYPES, TABLE_TYPES } from "./report-types.ts";
import { ReportParams, reportWindow, type ReportWindow } from "./window.ts";
import { exportFormat, tableFile } from "./export.ts";
import { customerStatistics, salesStatistics, typeOf } from "./sales-customers.ts";

const Envelope = z
  .object({
    entity: z.string(),
    type: z.string(),
    dateRange: z.object({ previous: z.string(), current: z.string() }).meta({ id: "AdminReportDateRange" }),
    /** Shape depends on `type` (SPEC.md "Products report (admin)"). */
    statistics: z.unknown(),
  })
  .meta({ id: "AdminReport" });

/** A report read: the window's parameters in, one envelope out. */
const reportRead = { surface: "admin", kind: "query", input: ReportParams, output: Envelope, list: "all" } as const;

/** The one-element answer every report read gives: the statistics with the windows they cover. */
function envelope(entity: string, type: string, window: ReportWindow, statistics: unknown) {
  return [{ entity, type, dateRange: { previous: window.previous.label, current: window.current.label }, statistics }];
}

const summary = (what: string) =>
  `${what} \`type\` (default total-sold-quantities), \`start\`/\`end\` (YYYY-MM-DD, default the last 30 days), ` +
  "`channel` (a channel code; default all channels). An unknown type answers 400.";

export const adminProductsReport = operation({
  ...reportRead,
  name: "adminProductsReport",
  summary: summary("Products report statistics, with the previous window of equal length for comparison:"),
  access: { admin: null },
  rest: { method: "GET", paths: ["/api/admin/reporting/products"], errors: [400] },
  run: async (ctx, params) => {
    const type = reportType(params.type);
    const window = await reportWindow(ctx, params);
    return envelope("products", type, window, await productStatistics(ctx, type, window));
  },
});

export const adminProductsReportView = operation({
  ...reportRead,
  name: "adminProductsReportView",
  summary: summary("The products report as a table, `statistics: { columns, records }` (every type but top-search-terms):"),
  access: { admin: null },
  rest: { method: "GET", paths: ["/api/admin/reporting/products/view"], errors: [400] },
  run: async (ctx, params) => {
    const type = reportType(params.type, TABLE_TYPES);
    const window = await reportWindow(ctx, params);
    return envelope("products", type, window, await productTable(ctx, type, window));
  },
});

export const exportAdminProductsReport = operation({
  name: "exportAdminProductsReport",
  surface: "admin",
  kind: "query",
  summary: summary("The products report table as a file: `format` csv (default), xls or xlsx (else 422);"),
  access: { admin: null },
  input: ReportParams.extend({ format: z.string().trim().max(10).optional() }),
  output: z.unknown(),
  rest: { method: "GET", paths: ["/api/admin/reporting/products/export"], download: true, errors: [400] },
  graphql: false,
  run: async (ctx, params) => {
    const type = reportType(params.type, TABLE_TYPES);
    const format = exportFormat(params.format);
    const window = await reportWindow(ctx, params);
    const table = await productTable(ctx, type, window);
    const [from, to] = [window.current.days[0], window.current.days.at(-1)];
    return tableFile(table, format, `products-${type}-${from}-${to}`);
  },
});

export const adminSalesReport = operation({
  ...reportRead,
  name: "adminSalesReport",
  summary: `Sales report in the products report's envelope: \`type\` ${SALES_REPORT_TYPES.join(", ")} (default total-sales), \`start\`, \`end\`, \`channel\`.`,
  access: { admin: "sales.orders.view" },
  rest: { method: "GET", paths: ["/api/admin/reporting/sales"], errors: [400] },
  run: async (ctx, params) => {
    const type = typeOf(params.type, SALES_REPORT_TYPES);
    const window = await reportWindow(ctx, params);
    return envelope("sales", type, window, await salesStatistics(ctx, type, window));
  },
});

export const adminCustomersReport = operation({
  ...reportRead,
  name: "adminCustomersReport",
  summary: `Customers report in the products report's envelope: \`type\` ${CUSTOMER_REPORT_TYPES.join(", ")} (default total-customers), \`start\`, \`end\`, \`channel\`.`,
  access: { admin: "customers.view" },
  rest: { method: "GET", paths: ["/api/admin/reporting/customers"], errors: [400] },
  run: async (ctx, params) => {
    const type = typeOf(params.type, CUSTOMER_REPORT_TYPES);
    const window = await reportWindow(ctx, params);
    return envelope("customers", type, window, await customerStatistics(ctx, type, window));
  },
});

export const operations = [adminProductsReport, adminProductsReportView, exportAdminProductsReport, adminSalesReport, adminCustomersReport];
