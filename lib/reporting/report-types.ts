// The report types each reporting endpoint knows, in a module of their own (no server code): the operations check
// `type` against them and the admin panel offers them in its pickers.
export const PRODUCT_REPORT_TYPES = [
  "total-sold-quantities",
  "total-products-added-to-wishlist",
  "top-selling-products-by-revenue",
  "top-selling-products-by-quantity",
  "products-with-most-reviews",
  "products-with-most-visits",
  "last-search-terms",
  "top-search-terms",
] as const;
export type ProductReportType = (typeof PRODUCT_REPORT_TYPES)[number];

/** Types with a table form (`/view`, `/export`). */
export const TABLE_TYPES = PRODUCT_REPORT_TYPES.filter((t) => t !== "top-search-terms");

export const SALES_REPORT_TYPES = ["total-sales", "total-orders", "average-sales", "refunds"] as const;
export const CUSTOMER_REPORT_TYPES = ["total-customers", "customers-with-most-sales", "customers-with-most-orders"] as const;
