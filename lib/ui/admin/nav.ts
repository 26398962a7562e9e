// The panel's screens, grouped as the navigation shows them, each with the permission its list needs (the one the
// Admin API checks on the screen's first call). A screen the signed-in admin's role cannot use is not offered; the
// API refuses it anyway.
export interface Screen {
  href: string;
  label: string;
  /** The permission of the screen's first read; null: every admin. */
  permission: string | null;
}

export interface Section {
  label: string;
  screens: Screen[];
}

export const SECTIONS: readonly Section[] = [
  { label: "Store", screens: [{ href: "/admin", label: "Home", permission: null }] },
  {
    label: "Sales",
    screens: [
      { href: "/admin/orders", label: "Orders", permission: "sales.orders.view" },
      { href: "/admin/returns", label: "Returns", permission: "sales.returns.view" },
    ],
  },
  {
    label: "Catalog",
    screens: [
      { href: "/admin/catalog/products", label: "Products", permission: "catalog.products.view" },
      { href: "/admin/catalog/categories", label: "Categories", permission: "catalog.categories.view" },
      { href: "/admin/catalog/attributes", label: "Attributes", permission: "catalog.attributes.view" },
    ],
  },
  {
    label: "Customers",
    screens: [
      { href: "/admin/customers", label: "Customers", permission: "customers.view" },
      { href: "/admin/customers/privacy", label: "Privacy requests", permission: "gdpr.view" },
    ],
  },
  {
    label: "Content and marketing",
    screens: [
      { href: "/admin/cms", label: "Pages", permission: "cms.pages.view" },
      { href: "/admin/marketing/coupons", label: "Coupons", permission: "marketing.coupons.view" },
      { href: "/admin/marketing/newsletter", label: "Newsletter", permission: "marketing.newsletter-subscribers.view" },
      { href: "/admin/reports", label: "Reports", permission: null },
    ],
  },
  {
    label: "Settings",
    screens: [
      { href: "/admin/settings/tokens", label: "Integration tokens", permission: "settings.integrations.view" },
      { href: "/admin/settings/storefront-keys", label: "Storefront keys", permission: "settings.storefront-keys.view" },
      { href: "/admin/settings/webhooks", label: "Webhooks", permission: "settings.webhooks.view" },
      { href: "/admin/settings/users", label: "Admin users", permission: "settings.users.view" },
      { href: "/admin/settings/roles", label: "Roles", permission: "settings.roles.view" },
      { href: "/admin/settings/mail", label: "Mail", permission: "settings.mail.view" },
      { href: "/admin/settings/methods", label: "Payment and shipping", permission: "settings.view" },
    ],
  },
];

const holds = (permissions: "all" | readonly string[], permission: string | null) =>
  permission === null || permissions === "all" || permissions.includes(permission);

/** The sections and screens the holder of `permissions` is offered (sections left empty are dropped). */
export function screensFor(permissions: "all" | readonly string[]): Section[] {
  return SECTIONS.map((s) => ({ ...s, screens: s.screens.filter((screen) => holds(permissions, screen.permission)) })).filter((s) => s.screens.length > 0);
}

/** The screen a path belongs to: the longest href that is the path or a folder of it (`/admin/orders/12` → Orders). */
export function screenOf(pathname: string): Screen | undefined {
  let best: Screen | undefined;
  for (const s of SECTIONS.flatMap((x) => x.screens)) {
    const inside = pathname === s.href || (s.href !== "/admin" && pathname.startsWith(`${s.href}/`));
    if (inside && (!best || s.href.length > best.href.length)) best = s;
  }
  return best ?? (pathname === "/admin" ? SECTIONS[0].screens[0] : undefined);
}
