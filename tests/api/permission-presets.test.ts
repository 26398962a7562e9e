// The panel's permission presets (issue 35 item 5) name only permissions the API knows, so applying one never
// makes a role or a token the API refuses; each preset holds what its name promises.
import { describe, expect, it } from "vitest";
import { PERMISSION_PRESETS } from "../../lib/admin-users/presets.ts";
import { isPermission, PERMISSIONS } from "../../lib/admin-users/permissions.ts";

const preset = (id: string) => PERMISSION_PRESETS.find((p) => p.id === id)!.permissions;

describe("permission presets", () => {
  it.each(PERMISSION_PRESETS.map((p) => [p.label, p] as const))("%s names known permissions only, each once", (_label, p) => {
    expect(p.permissions.length).toBeGreaterThan(0);
    expect(p.permissions.filter((key) => !isPermission(key))).toEqual([]);
    expect(new Set(p.permissions).size).toBe(p.permissions.length);
  });

  it("read-only orders views the sales records and changes nothing", () => {
    expect([...preset("read-only-orders")].sort()).toEqual(["sales.invoices.view", "sales.orders.view", "sales.refunds.view", "sales.returns.view", "sales.shipments.view"]);
  });

  it("catalog manager holds every catalog permission", () => {
    expect([...preset("catalog-manager")].sort()).toEqual(PERMISSIONS.filter((p) => p.startsWith("catalog.")).sort());
    expect(preset("catalog-manager")).toContain("catalog.products.delete");
  });

  it("support desk looks after customers without touching the catalog or the settings", () => {
    const keys = preset("support-desk");
    expect(keys).toEqual(expect.arrayContaining(["sales.orders.edit", "customers.edit", "sales.returns.edit", "customers.reviews.view", "contact-messages.edit", "gdpr.view"]));
    expect(keys.filter((k) => /^(catalog|settings)\./.test(k) || k === "gdpr.edit" || k === "sales.orders.cancel")).toEqual([]);
  });
});
