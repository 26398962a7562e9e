"use client";
// Permissions in the shop's words: by group and area ("Orders: view, create, edit, cancel"), a whole area at once,
// and presets to start from (lib/admin-users/presets.ts). Roles and custom-scoped tokens choose with it; a person
// can grant only what their own role holds, so the rest is shown but cannot be ticked.
import { useEffect, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { can, useSignedIn } from "../api";
import { adminApi, ok, type Schemas } from "../client";
import { ErrorNotice, Loading } from "../common";
import { useNotify } from "../feedback";
import { PERMISSION_CATALOGUE } from "../../../admin-users/permissions";
import { PERMISSION_PRESETS, type PermissionPreset } from "../../../admin-users/presets";

type Permission = Schemas["AdminPermission"];

const GROUP_NAMES: Record<string, string> = {
  sales: "Sales", catalog: "Catalog", customers: "Customers", marketing: "Marketing", cms: "Content", settings: "Settings",
  "contact-messages": "Contact messages", gdpr: "Privacy", "eu-withdrawals": "EU withdrawals", imports: "Imports",
};

const AREA_NAMES: Record<string, string> = {
  "sales.orders": "Orders", "sales.invoices": "Invoices", "sales.shipments": "Shipments", "sales.refunds": "Refunds", "sales.returns": "Returns",
  "sales.return-settings": "Return reasons and rules", "catalog.products": "Products", "catalog.categories": "Categories",
  "catalog.attributes": "Attributes", "catalog.inventory": "Stock", customers: "Customers", "customers.groups": "Customer groups",
  "customers.reviews": "Reviews", "marketing.coupons": "Coupons", "marketing.url-redirects": "URL redirects",
  "marketing.newsletter-subscribers": "Newsletter subscribers", "cms.pages": "Pages", settings: "Store setup (channels, payment, shipping)",
  "settings.users": "Admin users", "settings.roles": "Roles", "settings.integrations": "Integration tokens", "settings.storefront-keys": "Storefront keys",
  "settings.mail": "Mail", "settings.jobs": "Background jobs", "settings.events": "Event log", "settings.webhooks": "Webhooks",
  "settings.countries": "Countries", "settings.config": "Configuration values", "contact-messages": "Contact messages",
  gdpr: "Privacy requests (GDPR)", "eu-withdrawals": "EU withdrawal notices", imports: "Imports",
};

/** An area the names above do not know yet reads as its last segment: `sales.return-settings` → "Return settings". */
const nameOf = (names: Record<string, string>, key: string) => {
  if (names[key]) return names[key];
  const last = key.slice(key.lastIndexOf(".") + 1).replace(/-/g, " ");
  return last[0].toUpperCase() + last.slice(1);
};

/** Keys in words, area by area: "Orders: view, edit; Customers: view". */
export function inWords(keys: readonly string[]): string {
  const areas = new Map<string, string[]>();
  for (const key of keys) {
    const area = key.slice(0, key.lastIndexOf("."));
    areas.set(area, [...(areas.get(area) ?? []), key.slice(area.length + 1)]);
  }
  return [...areas].map(([area, verbs]) => `${nameOf(AREA_NAMES, area)}: ${verbs.join(", ")}`).join("; ");
}

async function wholeCatalogue(): Promise<Permission[]> {
  const page = (n: number) => ok(adminApi.GET("/api/admin/settings/permissions", { params: { query: { per_page: 50, page: n } } }));
  const first = await page(1);
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.meta.lastPage - 1) }, (_, i) => page(i + 2)));
  return [first, ...rest].flatMap((p) => p.data);
}

/**
 * The permission catalogue, as the Admin API lists it. Reading it takes `settings.roles.view`; an admin who may
 * issue tokens without it gets the same list from the module the API serves it from.
 */
function useCatalogue() {
  const session = useSignedIn();
  const readable = can(session, "settings.roles.view");
  const listed = useQuery({ queryKey: ["permissions"], queryFn: wholeCatalogue, enabled: readable, staleTime: Infinity });
  return readable ? listed : { data: PERMISSION_CATALOGUE as Permission[], isPending: false, error: null };
}

/** group → area → its permissions, in the catalogue's order. */
function grouped(catalogue: Permission[]) {
  const groups = new Map<string, Map<string, Permission[]>>();
  for (const p of catalogue) {
    const areas = groups.get(p.group) ?? groups.set(p.group, new Map()).get(p.group)!;
    areas.set(p.area, [...(areas.get(p.area) ?? []), p]);
  }
  return groups;
}

export function PermissionPicker({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const session = useSignedIn();
  const notify = useNotify();
  const catalogue = useCatalogue();
  const allowed = (key: string) => can(session, key);
  const chosen = new Set(value);
  const apply = (preset: PermissionPreset) => {
    const granted = preset.permissions.filter(allowed);
    onChange(granted);
    const left = preset.permissions.length - granted.length;
    notify(`${preset.label}: ${granted.length} permissions chosen${left ? `, ${left} left out because your role does not hold them` : ""}.`);
  };
  const setArea = (keys: string[], on: boolean) => {
    const next = new Set(value);
    for (const k of keys) if (on) next.add(k); else next.delete(k);
    onChange([...next]);
  };
  if (catalogue.isPending) return <Loading what="permissions" />;
  if (catalogue.error || !catalogue.data) return <ErrorNotice error={catalogue.error} />;
  return (
    <fieldset className="ap-st-permissions">
      <legend className="ap-label">Permissions ({value.length} chosen)</legend>
      <div className="ap-st-presets" role="group" aria-label="Presets">
        <span className="ap-muted">Start from a preset:</span>
        {PERMISSION_PRESETS.map((p) => (
          <button key={p.id} type="button" className="ap-secondary" title={p.description} onClick={() => apply(p)}>{p.label}</button>
        ))}
        {value.length > 0 && <button type="button" className="ap-link" onClick={() => onChange([])}>Clear all</button>}
      </div>
      <div className="ap-st-groups">
        {[...grouped(catalogue.data)].map(([group, areas]) => (
          <fieldset key={group} className="ap-st-group">
            <legend>{nameOf(GROUP_NAMES, group)}</legend>
            {[...areas].map(([area, perms]) => (
              <Area key={area} name={nameOf(AREA_NAMES, area)} perms={perms} chosen={chosen} allowed={allowed} onArea={setArea} onToggle={(k) => setArea([k], !chosen.has(k))} />
            ))}
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}

interface AreaProps {
  name: string;
  perms: Permission[];
  chosen: Set<string>;
  allowed: (key: string) => boolean;
  onArea: (keys: string[], on: boolean) => void;
  onToggle: (key: string) => void;
}

function Area({ name, perms, chosen, allowed, onArea, onToggle }: AreaProps) {
  const grantable = perms.filter((p) => allowed(p.key)).map((p) => p.key);
  const held = grantable.filter((k) => chosen.has(k)).length;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = held > 0 && held < grantable.length;
  }, [held, grantable.length]);
  return (
    <div className="ap-st-area">
      <label className="ap-st-area-name">
        <input ref={all} type="checkbox" checked={grantable.length > 0 && held === grantable.length} disabled={grantable.length === 0} onChange={(e) => onArea(grantable, e.target.checked)} />
        <span className="ap-sr-only">All of </span>{name}:
      </label>
      <span className="ap-st-verbs">
        {perms.map((p) => (
          <label key={p.key} title={p.label} className={allowed(p.key) ? undefined : "ap-muted"}>
            <input type="checkbox" checked={chosen.has(p.key)} disabled={!allowed(p.key)} onChange={() => onToggle(p.key)} />
            <span className="ap-sr-only">{name}: </span>{p.verb}
          </label>
        ))}
      </span>
    </div>
  );
}
