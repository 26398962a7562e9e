// A mail that carries a live secret (the password reset link, a guest's link to their order) is written to the outbox
// sealed: where the secret goes, the stored text holds only a reference to the reset or order it belongs to, and the
// secret is made at send time. The mail job draws a fresh token, stores its SHA-256 and puts the token into the
// message it hands to the transport; the outbox row keeps the sealed text. So no one reading the outbox (the Admin
// API's settings.mail.view, `mail list`, the database) ever sees a usable token, before or after delivery.
import type { Db } from "../db/client.ts";
import type { Sql } from "../db/sql/index.ts";
import { randomSecret, sha256 } from "../auth/secrets.ts";
import { issueOrderToken, ORDER_SEAL } from "../orders/guest-access.ts";

const SEAL_PREFIX = "sealed-reset-";
/** URL-safe (URLSearchParams leaves it as is), so it sits in the link as the token would. */
const SEAL = /sealed-reset-(\d{1,10})(?!\d)/g;

/** What a reset mail's link carries in the outbox instead of the token: the id of its PasswordReset row. */
export function sealedResetToken(resetId: number): string {
  return `${SEAL_PREFIX}${resetId}`;
}

export interface SealedMail {
  kind: string;
  to: string;
  text: string;
  html: string;
}

/** Where resets are kept: the typed layer (the dispatcher, lib/mail/outbox.ts) or Prisma (tests reading a mail's link). */
type ResetStore = Sql | Pick<Db, "passwordReset">;

/** Gives the reset `resetId` of `email`, if it is still live at `now`, the token hashed `tokenHash`: whether it did. */
async function issue(db: ResetStore, resetId: number, email: string, tokenHash: string, now: Date): Promise<boolean> {
  // Told apart by shape, not `instanceof Kysely`: a Next.js bundle may hold its own copy of the class.
  if (!("updateTable" in db)) {
    return (await db.passwordReset.updateMany({ where: { id: resetId, email, expiresAt: { gt: now } }, data: { tokenHash } })).count > 0;
  }
  const issued = await db
    .updateTable("PasswordReset")
    .set({ tokenHash })
    .where("id", "=", resetId)
    .where("email", "=", email)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  return issued.numUpdatedRows > 0n;
}

/**
 * The text and HTML to send for an outbox message, its secret filled in; null when the secret can no longer be
 * issued (the reset was used, replaced by a newer one or expired before the mail left: its link could only fail).
 * Each call issues a new token and ends the previous one, so a retried send leaves only the last mail's link working.
 */
export async function unsealMail(db: ResetStore, m: SealedMail, now = new Date()): Promise<{ text: string; html: string } | null> {
  if (m.kind !== "password_reset") return unsealOrderLinks(db, m, now);
  // The link comes after every paragraph, so the last reference is the link's even if a name imitates one. The
  // reset must also be for the message's own recipient: a reference can only ever mail a token to its owner.
  const seals = [...m.text.matchAll(SEAL)];
  const last = seals.at(-1);
  if (!last) return null;
  const token = randomSecret(32);
  if (!(await issue(db, Number(last[1]), m.to, sha256(token), now))) return null;
  const seal = new RegExp(`${last[0]}(?!\\d)`, "g");
  return { text: m.text.replace(seal, token), html: m.html.replace(seal, token) };
}

/**
 * An order mail's guest link: a token for each sealed order, issued only if the message goes to that order's own
 * address (a name that imitates a seal gets its writer nothing but their own order). One the store can no longer
 * issue (the order was erased or joined an account) becomes a link that shows nothing.
 */
async function unsealOrderLinks(db: ResetStore, m: SealedMail, now: Date): Promise<{ text: string; html: string }> {
  const ids = new Set([...m.text.matchAll(ORDER_SEAL)].map((s) => Number(s[1])));
  let { text, html } = m;
  if (!("updateTable" in db)) return { text, html };
  for (const id of ids) {
    const token = (await issueOrderToken(db, id, m.to, now)) ?? "unavailable";
    const seal = new RegExp(`sealed-order-${id}(?!\\d)`, "g");
    text = text.replace(seal, token);
    html = html.replace(seal, token);
  }
  return { text, html };
}
