// Admin roles: a role grants all permissions or a custom list of them; an admin user has one role, and the
// role bounds every integration token of that user. A token changes or deletes only roles it could grant in full,
// so nobody widens (or renames away) the role they or a broader admin hold.
import { z } from "zod";
import type { RequestContext } from "../../context.ts";
import { Conflict, Validation } from "../../errors.ts";
import { isPermission, PERMISSIONS } from "../../admin-users/permissions.ts";
import { adminResource } from "../resource.ts";
import { assertCanGrant, assertCovers, nullableText } from "../input.ts";

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

async function checkName(ctx: RequestContext, name: string, except?: number) {
  const other = await ctx.db.adminRole.findUnique({ where: { name }, select: { id: true } });
  if (other && other.id !== except) throw Validation.field("name", `A role named "${name}" already exists.`);
}

function grant(ctx: RequestContext, type: string, permissions: string[]) {
  if (type === "custom" && permissions.length === 0) throw Validation.field("permissions", "A custom role needs at least one permission.");
  assertCanGrant(ctx, type === "all" ? "all" : permissions);
}

export const roles = adminResource({
  path: "settings/roles",
  one: "Role",
  many: "Roles",
  permission: "settings.roles",
  model: "adminRole",
  output: AdminRole,
  include: () => ({ _count: { select: { admins: true } } }),
  toOutput: (_ctx, r) => ({ ...r, permissions: r.permissionType === "all" ? [] : r.permissions, adminsCount: r._count.admins }),
  filters: z.object({ name: z.string().trim().max(100).optional(), permissionType: z.enum(["all", "custom"]).optional() }),
  where: (_ctx, f) => ({ ...(f.name ? { name: { contains: f.name } } : {}), ...(f.permissionType ? { permissionType: f.permissionType } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), name: (d) => ({ name: d }) }, default: "id" },
  create: {
    input: RoleInput,
    run: async (ctx, input) => {
      const permissions = input.permissionType === "all" ? [] : (input.permissions ?? []);
      grant(ctx, input.permissionType, permissions);
      await checkName(ctx, input.name);
      const row = await ctx.db.adminRole.create({
        data: { name: input.name, description: input.description ?? null, permissionType: input.permissionType, permissions },
      });
      return row.id;
    },
  },
  update: {
    input: RoleInput.partial(),
    run: async (ctx, id, input) => {
      const current = await ctx.db.adminRole.findUniqueOrThrow({ where: { id } });
      assertCovers(ctx, current, "a role");
      const type = input.permissionType ?? current.permissionType;
      const permissions = type === "all" ? [] : (input.permissions ?? (current.permissions as string[]));
      if (input.permissionType !== undefined || input.permissions !== undefined) grant(ctx, type, permissions);
      if (input.name) await checkName(ctx, input.name, id);
      await ctx.db.adminRole.update({
        where: { id },
        data: { name: input.name, description: input.description, permissionType: type, permissions },
      });
    },
  },
  remove: async (ctx, id) => {
    assertCovers(ctx, await ctx.db.adminRole.findUniqueOrThrow({ where: { id } }), "a role");
    const users = await ctx.db.adminUser.count({ where: { roleId: id } });
    if (users) throw new Conflict(`The role is assigned to ${users} admin user(s); give them another role first.`);
    await ctx.db.adminRole.delete({ where: { id } });
  },
});
