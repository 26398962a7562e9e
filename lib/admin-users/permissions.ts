// The permission keys an admin role or a custom-scoped integration token can hold. One key per area and verb,
// in the dotted form used by route declarations (`catalog.products.view`).
const AREAS = {
  "catalog.products": ["view", "create", "edit", "delete"],
  "catalog.categories": ["view", "create", "edit", "delete"],
  "catalog.attributes": ["view", "create", "edit", "delete"],
  "catalog.inventory": ["view", "edit"],
  customers: ["view", "create", "edit", "delete"],
  "customers.groups": ["view", "create", "edit", "delete"],
  "customers.reviews": ["view", "edit", "delete"],
  "sales.orders": ["view", "create", "edit", "cancel"],
  "sales.invoices": ["view", "create"],
  "sales.shipments": ["view", "create"],
  "sales.refunds": ["view", "create"],
  "sales.returns": ["view", "edit"],
  "sales.return-settings": ["view", "create", "edit", "delete"],
  "marketing.coupons": ["view", "create", "edit", "delete"],
  "marketing.url-redirects": ["view", "create", "edit", "delete"],
  "marketing.newsletter-subscribers": ["view", "edit", "delete"],
  "cms.pages": ["view", "create", "edit", "delete"],
  settings: ["view", "edit"],
  "settings.users": ["view", "create", "edit", "delete"],
  "settings.roles": ["view", "create", "edit", "delete"],
  "settings.integrations": ["view", "create", "edit", "delete"],
  "settings.storefront-keys": ["view", "create", "edit", "delete"],
  "settings.mail": ["view"],
  "settings.jobs": ["view", "edit"],
  "settings.events": ["view"],
  "settings.webhooks": ["view", "create", "edit", "delete"],
  "settings.countries": ["view", "create", "edit", "delete"],
  "settings.config": ["view", "edit"],
  "contact-messages": ["view", "edit"],
  gdpr: ["view", "edit"],
  "eu-withdrawals": ["view", "edit"],
  imports: ["view", "create"],
} as const;

export const PERMISSIONS: readonly string[] = Object.entries(AREAS).flatMap(([area, verbs]) =>
  verbs.map((v) => `${area}.${v}`),
);

const known = new Set(PERMISSIONS);
export const isPermission = (p: string) => known.has(p);

export interface PermissionEntry {
  key: string;
  /** The area's first segment: `catalog`, `sales`, `settings`… */
  group: string;
  area: string;
  verb: string;
  /** e.g. "View catalog products" */
  label: string;
}

/** The catalogue as the Admin API lists it: every key with its group and a label derived from its area and verb. */
export const PERMISSION_CATALOGUE: readonly PermissionEntry[] = Object.entries(AREAS).flatMap(([area, verbs]) =>
  verbs.map((verb) => ({
    key: `${area}.${verb}`,
    group: area.split(".")[0],
    area,
    verb,
    label: `${verb[0].toUpperCase()}${verb.slice(1)} ${area.replace(/[.-]/g, " ")}`,
  })),
);
