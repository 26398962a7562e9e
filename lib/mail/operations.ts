// The outbox over the Admin API (read only): what the store has mailed, or would have mailed without SMTP_URL.
import { z } from "zod";
import { adminResource } from "../admin/resource.ts";
import { MAIL_KINDS } from "./templates.ts";
import { mailStatus } from "./outbox.ts";

export const AdminMailMessage = z
  .object({
    id: z.int(),
    kind: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    locale: z.string(),
    /** smtp: sent or to be sent through SMTP_URL; none: written while no SMTP_URL was set, never sent. */
    transport: z.string(),
    /** sent | queued (waiting or retrying) | failed (given up after the last attempt) | unsent (transport none) */
    status: z.string(),
    attempts: z.int(),
    nextAttemptAt: z.string().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: "AdminMailMessage", iri: "/api/admin/settings/mail-messages" });

export const mailMessages = adminResource({
  path: "settings/mail-messages",
  one: "MailMessage",
  many: "MailMessages",
  permission: "settings.mail",
  model: "mailMessage",
  output: AdminMailMessage,
  toOutput: (_ctx, m) => ({ ...m, status: mailStatus(m) }),
  filters: z.object({
    to: z.string().trim().toLowerCase().max(320).optional(),
    kind: z.enum(MAIL_KINDS, { message: `must be one of ${MAIL_KINDS.join(", ")}` }).optional(),
  }),
  where: (_ctx, f) => ({ ...(f.to ? { to: f.to } : {}), ...(f.kind ? { kind: f.kind } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), created_at: (d) => ({ createdAt: d }) }, default: "-id" },
});

export const operations = mailMessages.operations;
