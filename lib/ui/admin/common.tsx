"use client";
// Small pieces the panel's screens share: fields, notices, the show-once secret box.
import { useState, type ReactNode } from "react";
import { ApiError } from "../api-error";

export function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string[]; children: ReactNode }) {
  return (
    <label className="ap-field">
      <span className="ap-label">{label}</span>
      {children}
      {hint && <span className="ap-hint">{hint}</span>}
      {error?.map((e) => <span key={e} className="ap-field-error">{e}</span>)}
    </label>
  );
}

export const fieldErrors = (e: unknown, field: string): string[] | undefined =>
  e instanceof ApiError ? e.fields[field] : undefined;

export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  return <p className="ap-error" role="alert">{error instanceof Error ? error.message : "Something went wrong."}</p>;
}

export function Loading({ what }: { what: string }) {
  return <p className="ap-muted" role="status">Loading {what}…</p>;
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="ap-empty">{children}</p>;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Plain-HTTP pages have no clipboard API; the text stays selected for a manual copy.
    return false;
  }
}

/** A secret the server shows once: displayed until the person confirms they have it. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<"" | "yes" | "no">("");
  return (
    <div className="ap-secret" role="region" aria-label={label}>
      <strong>{label}</strong>
      <p>Copy it now: it is shown only once and cannot be displayed again.</p>
      <div className="ap-secret-row">
        <input readOnly value={secret} data-testid="secret" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={() => void copyText(secret).then((ok) => setCopied(ok ? "yes" : "no"))}>Copy</button>
      </div>
      {copied === "yes" && <p className="ap-ok">Copied to the clipboard.</p>}
      {copied === "no" && <p className="ap-muted">Copying is blocked here; select the text and copy it by hand.</p>}
      <button type="button" className="ap-link" onClick={onDone}>I have stored it, hide it</button>
    </div>
  );
}

export const when = (iso: string | null, never = "never") => (iso ? new Date(iso).toLocaleString() : never);

export const ipText = (ips: string[]) => (ips.length ? ips.join(", ") : "any address");

/** "10.0.0.0/8, 192.168.1.4" → list; blank → null (any address). */
export const ipInput = (text: string) => {
  const list = text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
  return list.length ? list : null;
};

export const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));
