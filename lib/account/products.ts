// Product rows for the records of a customer's account (wishlist, compare list) and the check that a product may
// be listed: read on the typed layer with the catalog's visibility and stock rules (lib/catalog/visibility.ts).
import type { productRow } from "../catalog/products.ts";

export type ProductRowData = ReturnType<typeof productRow>;

export { listableProduct, productRows } from "../catalog/products.ts";
