// Issue 28 item 10: the panel's forms start from the safe choice. A new integration token's scope starts at custom
// permissions (none chosen), not "All access"; a new admin user has no preselected role, and the API refuses a
// missing one with 422; the new-password fields carry the password rule's hint.
import { describe, expect, it } from "vitest";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { IntegrationTokens } from "../../lib/ui/admin/settings/tokens.tsx";
import { AdminUsers } from "../../lib/ui/admin/settings/users.tsx";
import { PASSWORD_HINT } from "../../lib/auth/password-hint.ts";
import { adminToken, asAdmin } from "../support/admin.ts";
import { count, expectFieldNamed } from "../support/gate-helpers.ts";
import { unique } from "../support/client.ts";
import { VIAS } from "../support/invoke.ts";

const page = <T>(data: T[]) => ({ data, meta: { currentPage: 1, perPage: 50, lastPage: 1, total: data.length } });

/** A page of the panel rendered as a signed-in store owner would first see it, its lists already loaded. */
function render(node: ReactNode): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const owner = { id: 1, name: "Admin", email: "admin@example.com", isOwner: true, roleName: "Administrator", mustChangePassword: false };
  client.setQueryData(["session"], { signedIn: true, admin: owner, csrfToken: "x", permissions: "all", allPermissions: ["settings.users.view"] });
  client.setQueryData(["roles"], page([{ id: 1, name: "Administrator" }, { id: 2, name: "Catalog manager" }]));
  client.setQueryData(["admin-users"], page([{ ...owner, roleId: 1, status: true }]));
  client.setQueryData(["integration-tokens"], page([]));
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, node));
}

const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

describe("panel defaults", () => {
  it("a new integration token starts at custom permissions, the narrowest scope; All access is never preselected", () => {
    const html = render(createElement(IntegrationTokens));
    const radios = [...html.matchAll(/<input [^>]*name="scope"[^>]*>/g)].map(([tag]) => ({ value: /value="(\w+)"/.exec(tag)![1], checked: tag.includes(' checked=""') }));
    expect(radios.map((r) => r.value)).toEqual(["custom", "role", "all"]);
    expect(radios.filter((r) => r.checked).map((r) => r.value)).toEqual(["custom"]);
  });

  it("a new admin user's role must be chosen; the password field shows the rule", () => {
    const html = render(createElement(AdminUsers));
    const form = html.slice(html.indexOf('aria-label="Add an admin user"'));
    const select = /<select name="roleId"[^>]*>(.*?)<\/select>/.exec(form);
    expect(select, form).not.toBeNull();
    expect(select![0]).toMatch(/ required=""/);
    // The placeholder is the selected option and cannot be submitted; no real role is selected.
    expect(select![1]).toMatch(/<option value="" disabled="" selected="">Choose a role…<\/option>/);
    expect(select![1].match(/selected=""/g)).toHaveLength(1);
    expect(form).toContain(escaped(PASSWORD_HINT));
    const password = /<input [^>]*name="password"[^>]*>/.exec(form)![0];
    expect(password).toMatch(/type="password"/);
    expect(password).toMatch(/minLength="12"/);
  });
});

describe.each(VIAS)("creating an admin user without a role over %s", (via) => {
  it("is refused naming roleId, and creates nobody", async () => {
    const token = await adminToken();
    const email = `${unique("norole")}@example.com`;
    const res = await asAdmin(via, token, "createAdminUser", { name: "No Role", email, password: "Quiet-Harbor-Lamp-42" });
    // REST answers 422 on the field; GraphQL refuses the document itself (its input type marks roleId required).
    expect(res.status, JSON.stringify(res.raw)).toBe(via === "rest" ? 422 : 400);
    expectFieldNamed(res, "roleId");
    expect(await count("adminUser", { email })).toBe(0);
  });
});
