"use client";
// The panel's frame: query client, the sign-in gate, the navigation (only the screens the admin's role can use),
// a skip link, and the live region every action reports in.
import { Suspense, useState, type ReactNode } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../api-error";
import { panelFetch, useSession } from "./api";
import { ErrorNotice, Field, fieldErrors, Loading } from "./common";
import { NoticeProvider } from "./feedback";
import { screenOf, screensFor } from "./nav";
import { PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../auth/password-hint";
import "./admin.css";

function makeClient(): QueryClient {
  // A 401 anywhere means the session ended: asking for the session again brings back the sign-in form. A 403 may
  // mean the admin must now change their password (or lost a permission): the session answer says which.
  const onError = (e: unknown) => {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) void client.invalidateQueries({ queryKey: ["session"] });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: { queries: { retry: (n, e) => !(e instanceof ApiError && e.status > 0) && n < 2, refetchOnWindowFocus: false } },
  });
  return client;
}

export function PanelShell({ children }: { children: ReactNode }) {
  const [client] = useState(makeClient);
  return (
    <QueryClientProvider client={client}>
      <Gate>{children}</Gate>
    </QueryClientProvider>
  );
}

function Gate({ children }: { children: ReactNode }) {
  const session = useSession();
  const client = useQueryClient();
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const signOut = useMutation({
    mutationFn: () => panelFetch("session", { method: "DELETE" }),
    onSettled: () => client.resetQueries(),
  });
  if (session.isPending) return <main className="ap-center"><Loading what="the admin panel" /></main>;
  if (session.isError) return <main className="ap-center"><ErrorNotice error={session.error} /></main>;
  if (!session.data.signedIn) return <SignIn />;
  const { admin, permissions } = session.data;
  if (admin.mustChangePassword) return <ChangePassword email={admin.email} onSignOut={() => signOut.mutate()} />;
  const sections = screensFor(permissions);
  const screen = screenOf(pathname);
  const allowed = !screen || sections.some((s) => s.screens.some((x) => x.href === screen.href));
  return (
    <div className="ap">
      <a className="ap-skip" href="#ap-content">Skip to content</a>
      <header className="ap-top">
        <button type="button" className="ap-menu-button" aria-expanded={menuOpen} aria-controls="ap-nav" onClick={() => setMenuOpen(!menuOpen)}>
          Menu
        </button>
        <strong>Store admin</strong>
        <span className="ap-me">
          <span className="ap-me-name">{admin.name} ({admin.roleName}{admin.isOwner ? ", store owner" : ""})</span>
          <button type="button" className="ap-link" onClick={() => signOut.mutate()}>Sign out</button>
        </span>
      </header>
      <div className="ap-body">
        <nav id="ap-nav" className={menuOpen ? "ap-nav ap-nav-open" : "ap-nav"} aria-label="Admin screens">
          {sections.map((section) => (
            <div key={section.label} className="ap-nav-section">
              <span className="ap-nav-heading">{section.label}</span>
              <ul>
                {section.screens.map(({ href, label }) => (
                  <li key={href}>
                    <Link href={href} aria-current={screen?.href === href ? "page" : undefined} onClick={() => setMenuOpen(false)}>
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <main id="ap-content" className="ap-main" tabIndex={-1}>
          <NoticeProvider>
            {allowed ? (
              <Suspense fallback={<Loading what="the screen" />}>{children}</Suspense>
            ) : (
              <>
                <h1>{screen.label}</h1>
                <p className="ap-error" role="alert">Your role ({admin.roleName}) does not include this screen. Ask the store owner for access.</p>
              </>
            )}
          </NoticeProvider>
        </main>
      </div>
    </div>
  );
}

function SignIn() {
  const client = useQueryClient();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const signIn = useMutation({
    mutationFn: () => panelFetch("session", { method: "POST", body: { email, password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["session"] }),
  });
  return (
    <main className="ap-center">
      <form
        className="ap-card ap-signin"
        onSubmit={(e) => {
          e.preventDefault();
          signIn.mutate();
        }}
      >
        <h1>Sign in to the store admin</h1>
        <Field label="Email" error={fieldErrors(signIn.error, "email")}>
          <input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </Field>
        <Field label="Password" error={fieldErrors(signIn.error, "password")}>
          <input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </Field>
        <ErrorNotice error={signIn.error} />
        <button type="submit" disabled={signIn.isPending}>{signIn.isPending ? "Signing in…" : "Sign in"}</button>
      </form>
    </main>
  );
}

/**
 * Shown instead of the panel while the admin's password is one they were handed (the generated password of a
 * production start): the server refuses every other panel call until it is changed.
 */
function ChangePassword({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  const client = useQueryClient();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [repeated, setRepeated] = useState("");
  const change = useMutation({
    mutationFn: () => panelFetch("session/password", { method: "POST", body: { currentPassword, newPassword } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["session"] }),
  });
  const mismatch = repeated !== "" && repeated !== newPassword;
  return (
    <main className="ap-center">
      <form
        className="ap-card ap-signin"
        onSubmit={(e) => {
          e.preventDefault();
          if (!mismatch) change.mutate();
        }}
      >
        <h1>Choose a new password</h1>
        <p className="ap-muted">
          {email} was given a one-time password. Choose your own before using the store admin.
        </p>
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <Field label="Current password" error={fieldErrors(change.error, "currentPassword")}>
          <input type="password" name="currentPassword" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} required />
        </Field>
        <Field label="New password" hint={PASSWORD_HINT} error={fieldErrors(change.error, "newPassword")}>
          <input type="password" name="newPassword" autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} maxLength={PASSWORD_MAX_LENGTH} value={newPassword} onChange={(e) => setNew(e.target.value)} required />
        </Field>
        <Field label="Repeat the new password" error={mismatch ? ["does not match the new password"] : undefined}>
          <input type="password" name="repeatPassword" autoComplete="new-password" value={repeated} onChange={(e) => setRepeated(e.target.value)} required />
        </Field>
        <ErrorNotice error={change.error} />
        <button type="submit" disabled={change.isPending || mismatch}>{change.isPending ? "Saving…" : "Change password"}</button>
        <button type="button" className="ap-link" onClick={onSignOut}>Sign out</button>
      </form>
    </main>
  );
}
