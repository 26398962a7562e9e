// What a new password ends: whoever held the old one loses what it opened, the admin's panel sessions and
// integration tokens, except the credential making the change (an admin who changes their own password stays
// signed in where they did it).
import type { Db } from "../db/client.ts";

/** The credential that made the change and stays: a panel session or an integration token. */
export interface KeptCredential {
  sessionId?: number;
  tokenId?: number;
}

export async function endAdminCredentials(
  db: Pick<Db, "adminSession" | "integrationToken">,
  adminId: number,
  keep: KeptCredential = {},
  now = new Date(),
): Promise<void> {
  await db.adminSession.deleteMany({ where: { adminId, ...(keep.sessionId ? { id: { not: keep.sessionId } } : {}) } });
  await db.integrationToken.updateMany({
    where: { adminId, revokedAt: null, ...(keep.tokenId ? { id: { not: keep.tokenId } } : {}) },
    data: { revokedAt: now },
  });
}
