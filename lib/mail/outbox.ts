// The mail outbox. A change that causes a mail writes the message in its own transaction (enqueueMail), so the
// mail exists exactly when the change does; the server's dispatcher (./dispatcher.ts) sends it afterwards, so a
// slow or failing mail server never slows or fails the change. Rows are claimed with a compare-and-set on
// `nextAttemptAt` before sending: two instances sharing the database never both send one message, and a claim left
// by a crashed sender expires after CLAIM_MS, so the message is tried again rather than lost.
import type { Db, Tx } from "../db/client.ts";
import type { Sql } from "../db/sql/index.ts";
import { render, type MailData, type MailKind } from "./templates.ts";
import { unsealMail } from "./sealed.ts";

/** How a message leaves: anything with nodemailer's `sendMail` (a real SMTP transport, or a test's). */
export interface MailTransport {
  sendMail(message: { from?: string; to: string; subject: string; text: string; html: string }): Promise<unknown>;
}

export const MAX_ATTEMPTS = 8;
/** A claim outlives any send: nodemailer's connection and socket timeouts (./transport.ts) are far shorter. */
const CLAIM_MS = 5 * 60_000;
const BATCH = 20;
/** Why a sealed message was not sent: its link could only fail. */
const STALE_SECRET = "Not sent: the password reset it carries was used, replaced by a newer one or expired before it could be sent.";

/** Retry n (1-based) waits 30 s × 2^(n-1), capped at 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

/** SMTP_URL decides, at the time a message is written, whether it will be sent at all. */
export const smtpConfigured = () => Boolean(process.env.SMTP_URL?.trim());

// On globalThis: Next.js bundles instrumentation.ts (which starts the dispatcher) and each route with their own copy
// of this module, and a route's enqueue must reach the one dispatcher.
const hook = globalThis as { __commerceMailListener?: (() => void) | null };
/** The dispatcher hears of new messages (./dispatcher.ts); it waits a moment so the writing transaction commits. */
export function listenForMail(listener: (() => void) | null): void {
  hook.__commerceMailListener = listener;
}

/**
 * Where a message is written: the transaction of the change that causes it, Prisma's (the back office, accounts,
 * returns) or the typed layer's (checkout, which counts its statements). A transaction never mixes the two.
 */
export type MailWriter = Tx | Sql;

/** Writes one message to the outbox inside the caller's transaction, in one INSERT (checkout writes one per order). */
export async function enqueueMail(tx: MailWriter, kind: MailKind, to: string, data: MailData, locale: string): Promise<void> {
  const address = to.trim().toLowerCase();
  if (!address) return;
  const mail = render(kind, data, locale);
  const send = smtpConfigured();
  const row = { kind, to: address, ...mail, transport: send ? "smtp" : "none", nextAttemptAt: send ? new Date() : null };
  // Told apart by shape, not `instanceof Kysely`: a Next.js bundle may hold its own copy of the class (see `hook`).
  if ("insertInto" in tx) await tx.insertInto("MailMessage").values(row).execute();
  // createMany: one INSERT without reading the row back, where create would answer it.
  else await tx.mailMessage.createMany({ data: [row] });
  hook.__commerceMailListener?.();
}

export interface DrainResult {
  sent: number;
  failed: number;
}

/** Up to BATCH unsent messages due at `now`, the longest waiting first. */
function dueMail(sql: Sql, now: Date) {
  return sql
    .selectFrom("MailMessage")
    .select(["id", "kind", "to", "subject", "text", "html", "attempts", "nextAttemptAt"])
    .where("transport", "=", "smtp")
    .where("sentAt", "is", null)
    .where("nextAttemptAt", "<=", now)
    .orderBy("nextAttemptAt", "asc")
    .limit(BATCH)
    .execute();
}

/**
 * Claims a message read as due at `seenAt`: a compare-and-set on `nextAttemptAt`, which moves it CLAIM_MS ahead, so
 * of two senders that read the same row only the first to write it gets it. Answers whether this caller did.
 */
async function claim(sql: Sql, id: number, seenAt: Date, attempts: number, now: Date): Promise<boolean> {
  const claimed = await sql
    .updateTable("MailMessage")
    .set({ attempts, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where("id", "=", id)
    .where("sentAt", "is", null)
    .where("nextAttemptAt", "=", seenAt)
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

type Outcome = { sentAt?: Date; nextAttemptAt: Date | null; lastError: string | null };

async function record(sql: Sql, id: number, outcome: Outcome): Promise<void> {
  await sql.updateTable("MailMessage").set(outcome).where("id", "=", id).execute();
}

/**
 * The mail that tells a customer their data was erased (lib/gdpr/erase.ts) is the last record of their address:
 * once it is sent (or given up), its address and body go too. Known by its kind and by no customer holding the
 * address any more.
 */
async function forgetErasedAddress(sql: Sql, m: { id: number; kind: string; to: string }): Promise<void> {
  if (m.kind !== "gdpr_completed") return;
  const holder = await sql.selectFrom("Customer").select("id").where("email", "=", m.to).executeTakeFirst();
  if (holder) return;
  await sql.updateTable("MailMessage").set({ to: `erased-mail-${m.id}@erased.invalid`, text: "", html: "" }).where("id", "=", m.id).execute();
}

/** Sends every message due at `now` that this caller manages to claim. */
export async function drainOutbox(sql: Sql, transport: MailTransport, now = new Date(), from = process.env.MAIL_FROM): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0 };
  for (;;) {
    const due = await dueMail(sql, now);
    if (due.length === 0) return result;
    let claimedAny = false;
    for (const m of due) {
      const attempts = m.attempts + 1;
      // nextAttemptAt is set: the message was read as due by it.
      if (!(await claim(sql, m.id, m.nextAttemptAt!, attempts, now))) continue; // another sender has it
      claimedAny = true;
      try {
        // The secret a sealed message carries exists only in what is handed to the transport (./sealed.ts).
        const body = await unsealMail(sql, m, now);
        if (!body) {
          await record(sql, m.id, { nextAttemptAt: null, lastError: STALE_SECRET });
          result.failed++;
          continue;
        }
        await transport.sendMail({ from, to: m.to, subject: m.subject, ...body });
        await record(sql, m.id, { sentAt: new Date(), nextAttemptAt: null, lastError: null });
        await forgetErasedAddress(sql, m);
        result.sent++;
      } catch (e) {
        const giveUp = attempts >= MAX_ATTEMPTS;
        await record(sql, m.id, {
          lastError: String((e as Error)?.message ?? e).slice(0, 1000),
          nextAttemptAt: giveUp ? null : new Date(now.getTime() + backoffMs(attempts)),
        });
        if (giveUp) await forgetErasedAddress(sql, m);
        result.failed++;
      }
    }
    if (!claimedAny) return result;
  }
}

export interface MailListFilter {
  to?: string;
  offset?: number;
  limit?: number;
}

/** The outbox, newest first (the operator's `mail list` and the admin panel). */
export async function listMail(db: Db, filter: MailListFilter = {}) {
  const where = filter.to ? { to: filter.to.trim().toLowerCase() } : {};
  const [items, total] = await Promise.all([
    db.mailMessage.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: filter.offset ?? 0, take: filter.limit ?? 50 }),
    db.mailMessage.count({ where }),
  ]);
  return { items, total };
}

/** Where a message stands, in one word: sent, queued (waiting or retrying), failed (given up) or unsent (no SMTP_URL). */
export function mailStatus(m: { transport: string; sentAt: Date | null; nextAttemptAt: Date | null }): "sent" | "queued" | "failed" | "unsent" {
  if (m.sentAt) return "sent";
  if (m.transport === "none") return "unsent";
  return m.nextAttemptAt ? "queued" : "failed";
}
