// Admin users: each has one role; the store owner cannot be disabled or deleted, and only the owner edits the owner.
// No admin acts on an admin who holds more than the calling token could grant (else a password reset is a takeover).
import { z } from "zod";
import { boolParam, email, intParam, recordId } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { newPasswordField } from "../../auth/password-rule.ts";
import { createUser, deleteUser, updateUser } from "./user-service.ts";

export const AdminUserShape = z
  .object({
    id: z.int(),
    name: z.string(),
    email: z.string(),
    roleId: z.int(),
    roleName: z.string(),
    status: z.boolean(),
    isOwner: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminUser", iri: "/api/admin/settings/users" });

const UserInput = z.object({
  name: z.string().trim().min(1, { message: "is required" }).max(100),
  email: email(),
  password: newPasswordField(),
  roleId: recordId(),
  status: boolParam().optional(),
});

export const adminUsers = adminResource({
  path: "settings/users",
  one: "User",
  many: "Users",
  permission: "settings.users",
  model: "adminUser",
  output: AdminUserShape,
  include: () => ({ role: { select: { name: true } } }),
  toOutput: (_ctx, u) => ({ ...u, roleName: u.role.name }),
  filters: z.object({
    email: z.string().trim().max(191).optional().describe("Substring of the email, case-insensitive."),
    roleId: intParam().optional(),
    status: boolParam().optional(),
  }),
  where: (_ctx, f) => ({
    ...(f.email ? { email: { contains: f.email.toLowerCase() } } : {}),
    ...(f.roleId ? { roleId: f.roleId } : {}),
    ...(f.status !== undefined ? { status: f.status } : {}),
  }),
  sort: { fields: { id: (d) => ({ id: d }), name: (d) => ({ name: d }), email: (d) => ({ email: d }), created_at: (d) => ({ createdAt: d }) }, default: "id" },
  create: { input: UserInput, run: createUser },
  update: { input: UserInput.partial(), run: updateUser },
  remove: deleteUser,
});
