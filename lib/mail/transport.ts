// The SMTP transport named by SMTP_URL (`smtp://user:pass@host:587` or `smtps://…:465`), built with nodemailer.
// Short timeouts: the dispatcher retries later, so a mail server that hangs costs a slot, never a request.
import nodemailer from "nodemailer";
import type { MailTransport } from "./outbox.ts";

export function smtpTransport(url = process.env.SMTP_URL): MailTransport | null {
  if (!url?.trim()) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") throw new Error("SMTP_URL must start with smtp:// or smtps://.");
  return nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}

/** MAIL_FROM, else a no-reply address at PUBLIC_URL's host. */
export function mailFrom(): string {
  if (process.env.MAIL_FROM?.trim()) return process.env.MAIL_FROM.trim();
  const host = process.env.PUBLIC_URL ? new URL(process.env.PUBLIC_URL).hostname : "localhost";
  return `no-reply@${host}`;
}
