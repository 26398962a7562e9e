-- Issue 28: password reset mails were stored with their live link, readable by anyone who reads the outbox. New
-- mails are stored sealed (lib/mail/sealed.ts). This removes the token from the ones already stored, in the text and
-- the HTML part (the token runs from `reset-password?token=` to the `&` of the email parameter), stops those not
-- yet sent (their link is gone), and ends every outstanding reset, since its token may have been read.
UPDATE "MailMessage"
SET "text" = substr("text", 1, instr("text", 'reset-password?token=') + 20) || 'redacted'
  || substr("text", instr("text", 'reset-password?token=') + 20 + instr(substr("text", instr("text", 'reset-password?token=') + 21), '&'))
WHERE "kind" = 'password_reset'
  AND instr("text", 'reset-password?token=') > 0
  AND instr(substr("text", instr("text", 'reset-password?token=') + 21), '&') > 0;

UPDATE "MailMessage"
SET "html" = substr("html", 1, instr("html", 'reset-password?token=') + 20) || 'redacted'
  || substr("html", instr("html", 'reset-password?token=') + 20 + instr(substr("html", instr("html", 'reset-password?token=') + 21), '&'))
WHERE "kind" = 'password_reset'
  AND instr("html", 'reset-password?token=') > 0
  AND instr(substr("html", instr("html", 'reset-password?token=') + 21), '&') > 0;

UPDATE "MailMessage"
SET "nextAttemptAt" = NULL, "lastError" = 'Not sent: its password reset link was removed from the outbox (issue 28).'
WHERE "kind" = 'password_reset' AND "sentAt" IS NULL AND "nextAttemptAt" IS NOT NULL;

DELETE FROM "PasswordReset";
