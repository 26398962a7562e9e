// A signed-in admin changes their own password from the panel. This is the only thing the session of an admin
// flagged `mustChangePassword` (the owner of a production seed, whose password was generated and printed once)
// may do; the change clears the flag.
import bcrypt from "bcryptjs";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { Validation } from "../errors.ts";
import { BCRYPT_COST } from "../customers/account.ts";
import type { PanelSession } from "./session.ts";
import { endAdminCredentials } from "../admin-users/credentials.ts";
import { assertPasswordRule, newPasswordField, personalWords } from "../auth/password-rule.ts";

export const PasswordChange = z.object({
  currentPassword: z.string().min(1, { message: "Enter your current password." }).max(200),
  newPassword: newPasswordField(),
});

export async function changeOwnPassword(db: Db, session: PanelSession, input: z.infer<typeof PasswordChange>, now = new Date()): Promise<void> {
  const admin = await db.adminUser.findUniqueOrThrow({ where: { id: session.admin.id } });
  if (!(await bcrypt.compare(input.currentPassword, admin.passwordHash))) {
    throw Validation.field("currentPassword", "The current password is not correct.");
  }
  if (input.currentPassword === input.newPassword) {
    throw Validation.field("newPassword", "Choose a password different from the current one.");
  }
  await assertPasswordRule("newPassword", input.newPassword, personalWords(admin.email, admin.name));
  const passwordHash = await bcrypt.hash(input.newPassword, BCRYPT_COST);
  await db.$transaction(async (tx) => {
    await tx.adminUser.update({ where: { id: admin.id }, data: { passwordHash, mustChangePassword: false } });
    await endAdminCredentials(tx, admin.id, { sessionId: session.sessionId }, now);
  });
}
