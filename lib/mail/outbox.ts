// The mail outbox. A change that causes a mail writes the message in its own transaction (enqueueMail), so the
// mail exists exactly when the change does; the job queue sends it afterwards (./jobs.ts), so a slow or failing
// mail server never slows or fails the change. `nextAttemptAt` says when a message is due: the relay hands each due
// message to the queue as one `mail.send` job (keyed by the message, so never twice at once), which retries it with
// backoff and, after MAX_ATTEMPTS, leaves it failed.
import type { Db, Tx } from "../db/client.ts";
import type { Sql } from "../db/sql/index.ts";
import { later } from "../db/sql/pipeline.ts";
import { render, type MailData, type MailKind } from "./templates.ts";
import { unsealMail } from "./sealed.ts";

/** How a message leaves: anything with nodemailer's `sendMail` (a real SMTP transport, or a test's). */
export interface MailTransport {
  sendMail(message: { from?: string; to: string; subject: string; text: string; html: string }): Promise<unknown>;
}

export const MAX_ATTEMPTS = 8;
/** Why a sealed message was not sent: its link could only fail. */
const STALE_SECRET = "Not sent: the password reset it carries was used, replaced by a newer one or expired before it could be sent.";

/** Retry n (1-based) waits 30 s × 2^(n-1), capped at 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}

/** SMTP_URL decides, at the time a message is written, whether it will be sent at all. */
export const smtpConfigured = () => Boolean(process.env.SMTP_URL?.trim());

// On globalThis: Next.js bundles instrumentation.ts (which starts the job workers) and each route with their own copy
// of this module, and a route's enqueue must reach the one listener.
const hook = globalThis as { __commerceMailListener?: (() => void) | null };
/** The job workers hear of new messages (./jobs.ts); they wait a moment so the writing transaction commits. */
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
  if ("insertInto" in tx) await later(tx, tx.insertInto("MailMessage").values(row));
  // createMany: one INSERT without reading the row back, where create would answer it.
  else await tx.mailMessage.createMany({ data: [row] });
  // Mail that will never be sent (no SMTP_URL) needs no relay.
  if (send) hook.__commerceMailListener?.();
}

/** The unsent messages due at `now`, the longest waiting first: each is handed to the queue (./jobs.ts). */
export async function dueMail(sql: Sql, now: Date, limit = 500): Promise<number[]> {
  const rows = await sql
    .selectFrom("MailMessage")
    .select("id")
    .where("transport", "=", "smtp")
    .where("sentAt", "is", null)
    .where("nextAttemptAt", "<=", now)
    .orderBy("nextAttemptAt", "asc")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

type Outcome = { attempts?: number; sentAt?: Date; nextAttemptAt: Date | null; lastError: string | null };

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

export interface SendTry {
  /** 1 on the first try of this job. */
  attempt: number;
  /** The last try: a failure now gives the message up. */
  final: boolean;
  now: Date;
  /** When the next try comes if this one fails. */
  retryAt: Date;
}

/**
 * Sends one message: the queue's `mail.send` job. Idempotent: a message sent already, or gone, is left alone. A
 * failure is written on the message (its error, and when it is tried again or that it was given up) and thrown, so
 * the queue retries it.
 */
export async function sendMessage(sql: Sql, transport: MailTransport, id: number, t: SendTry, from = process.env.MAIL_FROM): Promise<"sent" | "stale" | "done"> {
  const m = await sql.selectFrom("MailMessage").select(["id", "kind", "to", "subject", "text", "html", "attempts", "sentAt", "transport"]).where("id", "=", id).executeTakeFirst();
  if (!m || m.sentAt || m.transport !== "smtp") return "done";
  const attempts = m.attempts + 1;
  // The secret a sealed message carries exists only in what is handed to the transport (./sealed.ts).
  const body = await unsealMail(sql, m, t.now);
  if (!body) {
    await record(sql, id, { attempts, nextAttemptAt: null, lastError: STALE_SECRET });
    return "stale";
  }
  try {
    await transport.sendMail({ from, to: m.to, subject: m.subject, ...body });
  } catch (e) {
    await record(sql, id, { attempts, lastError: String((e as Error)?.message ?? e).slice(0, 1000), nextAttemptAt: t.final ? null : t.retryAt });
    if (t.final) await forgetErasedAddress(sql, m);
    throw e;
  }
  await record(sql, id, { attempts, sentAt: new Date(), nextAttemptAt: null, lastError: null });
  await forgetErasedAddress(sql, m);
  return "sent";
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
