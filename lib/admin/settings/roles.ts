// Admin roles: a role grants all permissions or a custom list of them; an admin user has one role, and the
// role bounds every integration token of that user. A token changes or deletes only roles it could grant in full,
// so nobody widens (or renames away) the role they or a broader admin hold.
import { z } from "zod";
import { isPermission, PERMISSIONS } from "../../admin-users/permissions.ts";
import { adminResource } from "../resource.ts";
import { nullableText } from "../input.ts";
import { createRole, deleteRole, updateRole } from "./role-service.ts";

export const AdminRole = z
  .object({
    id: z.int(),
    name: z.string(),
    description: z.string().nullable(),
    /** all | custom */
    permissionType: z.string(),
    permissions: z.array(z.string()),
    adminsCount: z.int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminRole", iri: "/api/admin/settings/roles" });

const permissionList = z
  .array(z.string().max(100))
  .max(PERMISSIONS.length)
  .superRefine((list, c) => {
    const unknown = list.filter((p) => !isPermission(p));
    if (unknown.length) c.addIssue({ code: "custom", message: `Unknown permissions: ${unknown.join(", ")}.` });
  });

const RoleInput = z.object({
  name: z.string().trim().min(1, { message: "is required" }).max(100),
  description: nullableText(500),
  permissionType: z.enum(["all", "custom"], { message: "must be all or custom" }),
  permissions: permissionList.optional(),
});

export const roles = adminResource({
  path: "settings/roles",
  one: "Role",
  many: "Roles",
  permission: "settings.roles",
  model: "adminRole",
  output: AdminRole,
  include: () => ({ _count: { select: { admins: true } } }),
  toOutput: (_ctx, r) => ({ ...r, permissions: r.permissionType === "all" ? [] : r.permissions, adminsCount: r._count.admins }),
  filters: z.object({ name: z.string().trim().max(100).optional().describe("Substring of the role name."), permissionType: z.enum(["all", "custom"]).optional() }),
  where: (_ctx, f) => ({ ...(f.name ? { name: { contains: f.name } } : {}), ...(f.permissionType ? { permissionType: f.permissionType } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), name: (d) => ({ name: d }) }, default: "id" },
  create: { input: RoleInput, run: createRole },
  update: { input: RoleInput.partial(), run: updateRole },
  remove: deleteRole,
});
