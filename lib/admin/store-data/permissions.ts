// The permission catalogue, read-only: every key a role or a custom-scoped token can hold, with its group and label.
import { z } from "zod";
import { operation } from "../../operations/define.ts";
import { PERMISSION_CATALOGUE } from "../../admin-users/permissions.ts";
import { ADMIN_LIST } from "../resource.ts";

export const AdminPermission = z
  .object({ key: z.string(), group: z.string(), area: z.string(), verb: z.string(), label: z.string() })
  .meta({ id: "AdminPermission" });

export const listPermissions = operation({
  name: "adminPermissions",
  surface: "admin",
  kind: "query",
  summary: "The permission catalogue: each key with its group and label; filter by `group`.",
  access: { admin: "settings.roles.view" },
  input: z.object({ group: z.string().trim().max(60).optional() }),
  output: AdminPermission,
  list: ADMIN_LIST,
  rest: { method: "GET", paths: ["/api/admin/settings/permissions"] },
  run: (_ctx, { group }, paging) => {
    const rows = group ? PERMISSION_CATALOGUE.filter((p) => p.group === group) : PERMISSION_CATALOGUE;
    return Promise.resolve({ total: rows.length, items: rows.slice(paging.offset, paging.offset + paging.limit) });
  },
});
