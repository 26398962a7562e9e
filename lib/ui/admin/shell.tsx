"use client";
// The panel's frame: query client, the sign-in gate and the navigation between the settings screens.
import { useState, type ReactNode } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../api-error";
import { panelFetch, useSession } from "./api";
import { ErrorNotice, Field, fieldErrors, Loading } from "./common";
import "./admin.css";

function makeClient(): QueryClient {
  // A 401 anywhere means the session ended: asking for the session again brings back the sign-in form.
  const onError = (e: unknown) => {
    if (e instanceof ApiError && e.status === 401) void client.invalidateQueries({ queryKey: ["session"] });
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

const NAV = [
  ["/admin", "Integration tokens"],
  ["/admin/storefront-keys", "Storefront keys"],
  ["/admin/users", "Admin users"],
  ["/admin/roles", "Roles"],
] as const;

function Gate({ children }: { children: ReactNode }) {
  const session = useSession();
  const client = useQueryClient();
  const pathname = usePathname();
  const signOut = useMutation({
    mutationFn: () => panelFetch("session", { method: "DELETE" }),
    onSettled: () => client.resetQueries(),
  });
  if (session.isPending) return <main className="ap-center"><Loading what="the admin panel" /></main>;
  if (session.isError) return <main className="ap-center"><ErrorNotice error={session.error} /></main>;
  if (!session.data.signedIn) return <SignIn />;
  const { admin } = session.data;
  return (
    <div className="ap">
      <header className="ap-top">
        <strong>Store admin</strong>
        <nav>
          {NAV.map(([href, label]) => (
            <Link key={href} href={href} className={pathname === href ? "ap-active" : ""}>{label}</Link>
          ))}
        </nav>
        <span className="ap-me">
          {admin.name} ({admin.roleName}{admin.isOwner ? ", store owner" : ""})
          <button type="button" className="ap-link" onClick={() => signOut.mutate()}>Sign out</button>
        </span>
      </header>
      <main className="ap-main">{children}</main>
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
