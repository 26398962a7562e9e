// Starting points for a role or a custom-scoped token: a named set of permissions a store owner picks instead of
// ticking keys one by one. The panel applies one and the person adjusts it; the API checks each key as usual.
import { PERMISSIONS } from "./permissions.ts";

export interface PermissionPreset {
  id: string;
  label: string;
  /** What a holder can do, in a sentence. */
  description: string;
  permissions: readonly string[];
}

/** Every key of an area and the areas under it: `everyIn("catalog")` → `catalog.products.view`… */
const everyIn = (area: string) => PERMISSIONS.filter((p) => p.startsWith(`${area}.`));

export const PERMISSION_PRESETS: readonly PermissionPreset[] = [
  {
    id: "read-only-orders",
    label: "Read-only orders",
    description: "Sees orders, their invoices, shipments, refunds and returns; changes nothing.",
    permissions: ["sales.orders.view", "sales.invoices.view", "sales.shipments.view", "sales.refunds.view", "sales.returns.view"],
  },
  {
    id: "catalog-manager",
    label: "Catalog manager",
    description: "Everything in the catalog: products, categories, attributes and stock.",
    permissions: everyIn("catalog"),
  },
  {
    id: "support-desk",
    label: "Support desk",
    description: "Looks after customers: their orders, accounts, returns, reviews, messages and privacy requests.",
    permissions: [
      "sales.orders.view", "sales.orders.edit",
      "customers.view", "customers.edit",
      "sales.returns.view", "sales.returns.edit",
      ...everyIn("customers.reviews"),
      ...everyIn("contact-messages"),
      "gdpr.view",
    ],
  },
];
