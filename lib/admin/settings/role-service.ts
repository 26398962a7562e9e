// Admin roles: the database work behind ./roles.ts. A token changes or deletes only roles it could grant in full,
// so nobody widens (or renames away) the role they or a broader admin hold.
import type { RequestContext } from "../../context.ts";
import { Conflict, Validation } from "../../errors.ts";
import { assertCanGrant, assertCovers } from "../input.ts";

export interface RoleFields {
  name: string;
  description?: string | null;
  permissionType: "all" | "custom";
  permissions?: string[];
}

async function checkName(ctx: RequestContext, name: string, except?: number) {
  const other = await ctx.db.adminRole.findUnique({ where: { name }, select: { id: true } });
  if (other && other.id !== except) throw Validation.field("name", `A role named "${name}" already exists.`);
}

function grant(ctx: RequestContext, type: string, permissions: string[]) {
  if (type === "custom" && permissions.length === 0) throw Validation.field("permissions", "A custom role needs at least one permission.");
  assertCanGrant(ctx, type === "all" ? "all" : permissions);
}

export async function createRole(ctx: RequestContext, input: RoleFields): Promise<number> {
  const permissions = input.permissionType === "all" ? [] : (input.permissions ?? []);
  grant(ctx, input.permissionType, permissions);
  await checkName(ctx, input.name);
  const row = await ctx.db.adminRole.create({
    data: { name: input.name, description: input.description ?? null, permissionType: input.permissionType, permissions },
  });
  return row.id;
}

export async function updateRole(ctx: RequestContext, id: number, input: Partial<RoleFields>): Promise<void> {
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
}

/** A role some admin holds stays. */
export async function deleteRole(ctx: RequestContext, id: number): Promise<void> {
  assertCovers(ctx, await ctx.db.adminRole.findUniqueOrThrow({ where: { id } }), "a role");
  const users = await ctx.db.adminUser.count({ where: { roleId: id } });
  if (users) throw new Conflict(`The role is assigned to ${users} admin user(s); give them another role first.`);
  await ctx.db.adminRole.delete({ where: { id } });
}
