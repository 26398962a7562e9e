// Admin users: the database work behind ./users.ts. The store owner cannot be disabled or deleted, and only the
// owner edits the owner; no admin acts on an admin who holds more than the calling token could grant (else a
// password reset is a takeover).
import bcrypt from "bcryptjs";
import type { RequestContext } from "../../context.ts";
import { adminPrincipal } from "../../context.ts";
import { Conflict, Forbidden, Validation } from "../../errors.ts";
import { BCRYPT_COST } from "../../customers/account.ts";
import { assertCanGrant, assertCovers } from "../input.ts";
import { endAdminCredentials } from "../../admin-users/credentials.ts";
import { assertPasswordRule, personalWords } from "../../auth/password-rule.ts";

export interface UserFields {
  name: string;
  email: string;
  password: string;
  roleId: number;
  status?: boolean;
}

/** The role must exist, and the caller may only hand out what it holds itself. */
async function checkRole(ctx: RequestContext, roleId: number) {
  const role = await ctx.db.adminRole.findUnique({ where: { id: roleId } });
  if (!role) throw Validation.field("roleId", `There is no role ${roleId}.`);
  assertCanGrant(ctx, role.permissionType === "all" ? "all" : (role.permissions as string[]));
}

/** The target admin as it stands; the owner rule first, then: the caller could grant all its role holds today. */
async function actOn(ctx: RequestContext, id: number) {
  const target = await ctx.db.adminUser.findUniqueOrThrow({ where: { id }, include: { role: true } });
  if (target.isOwner && !adminPrincipal(ctx).isOwner) throw new Forbidden("Only the store owner can change the owner's account.");
  assertCovers(ctx, target.role, "an admin user");
  return target;
}

async function checkEmail(ctx: RequestContext, address: string, except?: number) {
  const other = await ctx.db.adminUser.findUnique({ where: { email: address }, select: { id: true } });
  if (other && other.id !== except) throw Validation.field("email", "An admin user with this email already exists.");
}

export async function createUser(ctx: RequestContext, input: UserFields): Promise<number> {
  await checkRole(ctx, input.roleId);
  await checkEmail(ctx, input.email);
  await assertPasswordRule("password", input.password, personalWords(input.email, input.name));
  const row = await ctx.db.adminUser.create({
    data: {
      name: input.name,
      email: input.email,
      passwordHash: await bcrypt.hash(input.password, BCRYPT_COST),
      roleId: input.roleId,
      status: input.status ?? true,
      isOwner: false,
    },
  });
  return row.id;
}

export async function updateUser(ctx: RequestContext, id: number, input: Partial<UserFields>): Promise<void> {
  const me = adminPrincipal(ctx);
  const target = await actOn(ctx, id);
  if (target.isOwner && (input.status === false || (input.roleId !== undefined && input.roleId !== target.roleId))) {
    throw new Conflict("The store owner cannot be disabled or given another role.");
  }
  if (id === me.adminId && input.status === false) throw new Conflict("You cannot disable your own account.");
  if (input.roleId !== undefined) await checkRole(ctx, input.roleId);
  if (input.email) await checkEmail(ctx, input.email, id);
  if (input.password) await assertPasswordRule("password", input.password, personalWords(input.email, target.email, input.name ?? target.name));
  const passwordHash = input.password ? await bcrypt.hash(input.password, BCRYPT_COST) : undefined;
  await ctx.db.$transaction(async (tx) => {
    await tx.adminUser.update({
      where: { id },
      data: {
        name: input.name,
        email: input.email,
        roleId: input.roleId,
        status: input.status,
        passwordHash,
        // An admin who chose a new password of their own has done what a one-time password asks for.
        ...(passwordHash && id === me.adminId ? { mustChangePassword: false } : {}),
      },
    });
    // The credential making the change stays when the admin changes their own password.
    if (passwordHash) await endAdminCredentials(tx, id, id === me.adminId ? { sessionId: me.sessionId, tokenId: me.tokenId } : {});
  });
}

export async function deleteUser(ctx: RequestContext, id: number): Promise<void> {
  const me = adminPrincipal(ctx);
  const target = await ctx.db.adminUser.findUniqueOrThrow({ where: { id } });
  if (target.isOwner) throw new Conflict("The store owner cannot be deleted.");
  await actOn(ctx, id);
  if (id === me.adminId) throw new Conflict("You cannot delete your own account.");
  await ctx.db.adminUser.delete({ where: { id } });
}
