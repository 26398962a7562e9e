"use client";
// Forgotten password: ask for a link by email, then choose a new password on the page the mailed link opens
// (/account/reset-password?token=…&email=…). The link works once; using it signs the account out everywhere.
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { ApiError } from "../api-error";
import { useShop } from "./client";
import { ErrorMessage } from "./ui";

export function ForgotPasswordPage() {
  const shop = useShop();
  const [email, setEmail] = useState("");
  const request = useMutation({
    mutationFn: () => shop.call<{ message: string }>("customers/forgot-password", { method: "POST", body: { email }, bearer: "none" }),
  });
  return (
    <form className="sf-panel" style={{ maxWidth: 460 }} aria-label="Forgot password" onSubmit={(e) => { e.preventDefault(); request.mutate(); }}>
      <h1>Forgot your password?</h1>
      <p className="sf-muted">Enter the email of your account and we will mail you a link to choose a new password.</p>
      <label className="sf-field"><span>Email</span><input name="forgot-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required /></label>
      <ErrorMessage error={request.error} />
      {request.isSuccess && <p className="sf-ok" role="status">{request.data.message}</p>}
      <button type="submit" className="sf-button" disabled={request.isPending}>{request.isPending ? "Sending…" : "Send the link"}</button>
      <p><Link href="/account">Back to sign in</Link></p>
    </form>
  );
}

export function ResetPasswordPage() {
  const shop = useShop();
  const params = useSearchParams();
  const token = params.get("token") ?? "";
  const email = params.get("email") ?? "";
  const [password, setPassword] = useState("");
  const [passwordConfirmation, setConfirmation] = useState("");
  const reset = useMutation({
    mutationFn: () => shop.call<{ message: string }>("customers/reset-password", { method: "PUT", body: { token, email, password, passwordConfirmation }, bearer: "none" }),
    onSuccess: () => shop.setCustomerToken(null),
  });
  const fieldError = (name: string) => (reset.error instanceof ApiError ? reset.error.fields[name] : undefined)?.map((m) => <span key={m} className="sf-field-error">{m}</span>);
  if (!token || !email) {
    return (
      <div className="sf-panel" style={{ maxWidth: 460 }}>
        <h1>Reset your password</h1>
        <p className="sf-error" role="alert">This link is incomplete. Open the link from the mail again, or ask for a new one.</p>
        <p><Link href="/account/forgot-password">Ask for a new link</Link></p>
      </div>
    );
  }
  if (reset.isSuccess) {
    return (
      <div className="sf-panel" style={{ maxWidth: 460 }}>
        <h1>Password changed</h1>
        <p className="sf-ok" role="status">{reset.data.message}</p>
        <p><Link href="/account">Sign in</Link></p>
      </div>
    );
  }
  return (
    <form className="sf-panel" style={{ maxWidth: 460 }} aria-label="Reset password" onSubmit={(e) => { e.preventDefault(); reset.mutate(); }}>
      <h1>Choose a new password</h1>
      <p className="sf-muted">For {email}. Use 12 or more characters with upper and lower case letters, digits and a symbol.</p>
      <label className="sf-field"><span>New password</span><input name="reset-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />{fieldError("password")}</label>
      <label className="sf-field"><span>Repeat the password</span><input name="reset-password-confirmation" type="password" autoComplete="new-password" value={passwordConfirmation} onChange={(e) => setConfirmation(e.target.value)} required />{fieldError("passwordConfirmation")}</label>
      <ErrorMessage error={reset.error} />
      {reset.error instanceof ApiError && reset.error.status === 400 && <p><Link href="/account/forgot-password">Ask for a new link</Link></p>}
      <button type="submit" className="sf-button" disabled={reset.isPending}>{reset.isPending ? "Saving…" : "Set the new password"}</button>
    </form>
  );
}
