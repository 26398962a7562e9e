"use client";
// The Integration menu: issue tokens (for oneself or, as store owner, for a sub-admin), see them, revoke and
// regenerate them. A secret appears once, in the answer that made it.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { can, panelFetch, useSignedIn, type ListPage } from "./api";
import { Empty, ErrorNotice, Field, fieldErrors, ipInput, ipText, Loading, numberOrNull, PermissionPicker, SecretOnce, when } from "./common";

interface Token {
  id: number; name: string; adminId: number; adminEmail: string; scope: "all" | "custom" | "role"; permissions: string[];
  allowedIps: string[]; rateLimit: number | null; expiresAt: string | null; lastUsedAt: string | null; status: string; token: string | null;
}
interface AdminUser { id: number; name: string; email: string; roleName: string }

const tokensKey = ["integration-tokens"];

export function IntegrationTokens() {
  const session = useSignedIn();
  const client = useQueryClient();
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const list = useQuery({ queryKey: tokensKey, queryFn: () => panelFetch<ListPage<Token>>("settings/integrations?per_page=50") });
  const act = useMutation({
    mutationFn: ({ id, verb }: { id: number; verb: "revoke" | "regenerate" }) => panelFetch<Token>(`settings/integrations/${id}/${verb}`, { method: "POST" }),
    onSuccess: (token, { verb }) => {
      if (verb === "regenerate" && token.token) setSecret({ label: `New secret of "${token.name}"`, value: token.token });
      return client.invalidateQueries({ queryKey: tokensKey });
    },
  });
  return (
    <>
      <h1>Integration tokens</h1>
      <p className="ap-muted">Tokens authenticate the Admin API as <code>Authorization: Bearer &lt;id&gt;|&lt;secret&gt;</code>. A token can never do more than its admin&apos;s role allows.</p>
      {can(session, "settings.integrations.create") && <IssueToken onIssued={(t) => setSecret({ label: `Token "${t.name}"`, value: t.token! })} />}
      {secret && <SecretOnce label={secret.label} secret={secret.value} onDone={() => setSecret(null)} />}
      <h2>Issued tokens</h2>
      <ErrorNotice error={act.error} />
      {list.isPending ? <Loading what="tokens" /> : list.isError ? <ErrorNotice error={list.error} /> : list.data.data.length === 0 ? (
        <Empty>No integration tokens yet. Issue one above.</Empty>
      ) : (
        <table className="ap-table">
          <thead><tr><th>Name</th><th>Admin</th><th>Scope</th><th>Limits</th><th>Expires</th><th>Last used</th><th>Status</th><th /></tr></thead>
          <tbody>
            {list.data.data.map((t) => (
              <tr key={t.id} data-testid={`token-${t.id}`}>
                <td>#{t.id} {t.name}</td>
                <td>{t.adminEmail}</td>
                <td>{t.scope === "custom" ? `custom (${t.permissions.length})` : t.scope}</td>
                <td>{ipText(t.allowedIps)}<br /><span className="ap-muted">{t.rateLimit ? `${t.rateLimit}/min` : "default rate"}</span></td>
                <td>{when(t.expiresAt)}</td>
                <td>{when(t.lastUsedAt, "not yet")}</td>
                <td><span className={`ap-badge ${t.status}`}>{t.status}</span></td>
                <td className="ap-actions">
                  {t.status !== "revoked" && (
                    <>
                      <button type="button" className="ap-secondary" disabled={act.isPending} onClick={() => confirm(`Replace the secret of "${t.name}"? The current one stops working at once.`) && act.mutate({ id: t.id, verb: "regenerate" })}>Regenerate</button>
                      <button type="button" className="ap-danger" disabled={act.isPending} onClick={() => confirm(`Revoke "${t.name}"? Calls with it will be refused.`) && act.mutate({ id: t.id, verb: "revoke" })}>Revoke</button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

const EXPIRY = [["30", "30 days"], ["90", "90 days"], ["365", "1 year"], ["never", "Never"], ["custom", "Custom…"]] as const;

function IssueToken({ onIssued }: { onIssued: (t: Token) => void }) {
  const session = useSignedIn();
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [adminId, setAdminId] = useState(String(session.admin.id));
  // The narrowest scope first: a token that can do everything should be a choice, not what a hurried form leaves.
  const [scope, setScope] = useState<Token["scope"]>("custom");
  const [permissions, setPermissions] = useState<string[]>([]);
  const [expiry, setExpiry] = useState("365");
  const [days, setDays] = useState("");
  const [ips, setIps] = useState("");
  const [rate, setRate] = useState("");
  const admins = useQuery({
    queryKey: ["admin-users"],
    queryFn: () => panelFetch<ListPage<AdminUser>>("settings/users?per_page=50"),
    enabled: session.admin.isOwner && can(session, "settings.users.view"),
  });
  const issue = useMutation({
    mutationFn: () =>
      panelFetch<Token>("settings/integrations", {
        method: "POST",
        body: {
          name,
          adminId: Number(adminId),
          scope,
          ...(scope === "custom" ? { permissions } : {}),
          expiresInDays: expiry === "never" ? null : expiry === "custom" ? numberOrNull(days) : Number(expiry),
          allowedIps: ipInput(ips),
          rateLimit: numberOrNull(rate),
        },
      }),
    onSuccess: (token) => {
      onIssued(token);
      setName("");
      setScope("custom");
      setPermissions([]);
      return client.invalidateQueries({ queryKey: tokensKey });
    },
  });
  const err = (f: string) => fieldErrors(issue.error, f);
  return (
    <form className="ap-card ap-form" onSubmit={(e) => { e.preventDefault(); issue.mutate(); }} aria-label="Issue a token">
      <Field label="Token name" error={err("name")}>
        <input name="tokenName" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. ERP sync" required />
      </Field>
      {session.admin.isOwner && (
        <Field label="For admin" error={err("adminId")} hint="As store owner you can issue tokens for sub-admins.">
          <select name="adminId" value={adminId} onChange={(e) => setAdminId(e.target.value)}>
            {(admins.data?.data ?? [session.admin]).map((a) => (
              <option key={a.id} value={a.id}>{a.name} ({a.email})</option>
            ))}
          </select>
        </Field>
      )}
      <Field label="Expires" error={err("expiresInDays")}>
        <select name="expiry" value={expiry} onChange={(e) => setExpiry(e.target.value)}>
          {EXPIRY.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
        </select>
        {expiry === "custom" && <input type="number" min={1} placeholder="days" value={days} onChange={(e) => setDays(e.target.value)} aria-label="Lifetime in days" />}
      </Field>
      <Field label="IP allowlist" hint="Addresses or CIDR ranges, comma-separated; blank allows any." error={err("allowedIps")}>
        <input name="allowedIps" value={ips} onChange={(e) => setIps(e.target.value)} placeholder="203.0.113.0/24" />
      </Field>
      <Field label="Rate cap (requests per minute)" hint="Blank: no cap of its own." error={err("rateLimit")}>
        <input name="rateLimit" type="number" min={1} value={rate} onChange={(e) => setRate(e.target.value)} />
      </Field>
      <div className="ap-wide">
        <span className="ap-label">Scope</span>
        <div className="ap-radios" role="radiogroup">
          {([["custom", "Custom permissions"], ["role", "Same as the admin's role"], ["all", "All access"]] as const).map(([v, l]) => (
            <label key={v}><input type="radio" name="scope" value={v} checked={scope === v} onChange={() => setScope(v)} />{l}</label>
          ))}
        </div>
        {err("scope")?.map((m) => <p key={m} className="ap-field-error">{m}</p>)}
      </div>
      {scope === "custom" && (
        <div className="ap-wide">
          <PermissionPicker all={session.allPermissions} value={permissions} onChange={setPermissions} limitTo={session.permissions} />
          {err("permissions")?.map((m) => <p key={m} className="ap-field-error">{m}</p>)}
        </div>
      )}
      <div className="ap-wide ap-actions">
        <button type="submit" disabled={issue.isPending}>{issue.isPending ? "Issuing…" : "Issue token"}</button>
        <ErrorNotice error={issue.error} />
      </div>
    </form>
  );
}
