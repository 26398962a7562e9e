"use client";
// The Integration menu: issue tokens (for oneself or, as store owner, for a sub-admin), see them, revoke and
// regenerate them. A secret appears once, in the answer that made it.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { can, useSignedIn } from "../api";
import { adminApi, ok, type Schemas } from "../client";
import { ErrorNotice, Field, fieldErrors, ipInput, ipText, numberOrNull, SecretOnce, when } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { columnsOf, DataTable } from "../table";
import { PermissionPicker } from "./permission-picker";
import { ActionsHeader } from "./rows";
import "./settings.css";

type Token = Schemas["AdminIntegrationToken"];

const tokensKey = ["integration-tokens"];
const column = columnsOf<Token>();

export function IntegrationTokens() {
  const session = useSignedIn();
  const client = useQueryClient();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const list = useQuery({
    queryKey: [...tokensKey, page],
    queryFn: () => ok(adminApi.GET("/api/admin/settings/integrations", { params: { query: { per_page: 50, page } } })),
  });
  const act = useMutation({
    mutationFn: ({ token, verb }: { token: Token; verb: "revoke" | "regenerate" }) => {
      const params = { params: { path: { id: token.id } } };
      return verb === "revoke"
        ? ok(adminApi.POST("/api/admin/settings/integrations/{id}/revoke", params))
        : ok(adminApi.POST("/api/admin/settings/integrations/{id}/regenerate", params));
    },
    onSuccess: (answer, { token, verb }) => {
      if (verb === "regenerate" && answer.token) setSecret({ label: `New secret of "${answer.name}"`, value: answer.token });
      notify(verb === "revoke" ? `Token "${token.name}" revoked: calls with it are refused.` : `Token "${token.name}" has a new secret; the old one no longer works.`);
      return client.invalidateQueries({ queryKey: tokensKey });
    },
  });
  const canEdit = can(session, "settings.integrations.edit");
  const columns = [
    column.accessor("name", { header: "Name", cell: ({ row: { original: t } }) => `#${t.id} ${t.name}` }),
    column.accessor("adminEmail", { header: "Admin" }),
    column.accessor("scope", { header: "Scope", cell: ({ row: { original: t } }) => (t.scope === "custom" ? `custom (${t.permissions.length})` : t.scope) }),
    column.display({
      id: "limits",
      header: "Limits",
      cell: ({ row: { original: t } }) => <>{ipText(t.allowedIps)}<br /><span className="ap-muted">{t.rateLimit ? `${t.rateLimit}/min` : "default rate"}</span></>,
    }),
    column.accessor("expiresAt", { header: "Expires", cell: ({ getValue }) => when(getValue()) }),
    column.accessor("lastUsedAt", { header: "Last used", cell: ({ getValue }) => when(getValue(), "not yet") }),
    column.accessor("status", { header: "Status", cell: ({ getValue }) => <span className={`ap-badge ${getValue()}`}>{getValue()}</span> }),
    column.display({
      id: "actions",
      header: ActionsHeader,
      cell: ({ row: { original: t } }) =>
        canEdit && t.status !== "revoked" ? (
          <div className="ap-actions">
            <ConfirmButton
              label={`Regenerate ${t.name}`}
              question={`Replace the secret of "${t.name}"? The current one stops working at once.`}
              confirmLabel="Yes, regenerate it"
              danger={false}
              disabled={act.isPending}
              onConfirm={() => act.mutate({ token: t, verb: "regenerate" })}
            />
            <ConfirmButton
              label={`Revoke ${t.name}`}
              question={`Revoke "${t.name}"? Calls with it will be refused.`}
              confirmLabel="Yes, revoke it"
              disabled={act.isPending}
              onConfirm={() => act.mutate({ token: t, verb: "revoke" })}
            />
          </div>
        ) : null,
    }),
  ];
  return (
    <>
      <h1>Integration tokens</h1>
      <p className="ap-muted">Tokens authenticate the Admin API as <code>Authorization: Bearer &lt;id&gt;|&lt;secret&gt;</code>. A token can never do more than its admin&apos;s role allows.</p>
      {can(session, "settings.integrations.create") && <IssueToken onIssued={(t) => t.token && setSecret({ label: `Token "${t.name}"`, value: t.token })} />}
      {secret && <SecretOnce label={secret.label} secret={secret.value} onDone={() => setSecret(null)} />}
      <h2>Issued tokens</h2>
      <ErrorNotice error={act.error} />
      <DataTable
        caption="Integration tokens"
        columns={columns}
        rows={list.data?.data}
        rowKey={(t) => t.id}
        meta={list.data?.meta}
        onPage={setPage}
        loading={list.isPending}
        error={list.error}
        empty="No integration tokens yet. Issue one above."
      />
    </>
  );
}

const EXPIRY = [["30", "30 days"], ["90", "90 days"], ["365", "1 year"], ["never", "Never"], ["custom", "Custom…"]] as const;

function IssueToken({ onIssued }: { onIssued: (t: Token) => void }) {
  const session = useSignedIn();
  const client = useQueryClient();
  const notify = useNotify();
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
    queryFn: () => ok(adminApi.GET("/api/admin/settings/users", { params: { query: { per_page: 50 } } })),
    enabled: session.admin.isOwner && can(session, "settings.users.view"),
  });
  const issue = useMutation({
    mutationFn: () =>
      ok(
        adminApi.POST("/api/admin/settings/integrations", {
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
      ),
    onSuccess: (token) => {
      onIssued(token);
      notify(`Token "${token.name}" issued. Copy its secret now.`);
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
      <fieldset className="ap-wide ap-st-plain">
        <legend className="ap-label">Scope</legend>
        <div className="ap-radios">
          {([["custom", "Custom permissions"], ["role", "Same as the admin's role"], ["all", "All access"]] as const).map(([v, l]) => (
            <label key={v}><input type="radio" name="scope" value={v} checked={scope === v} onChange={() => setScope(v)} />{l}</label>
          ))}
        </div>
        {err("scope")?.map((m) => <p key={m} className="ap-field-error">{m}</p>)}
      </fieldset>
      {scope === "custom" && (
        <div className="ap-wide">
          <PermissionPicker value={permissions} onChange={setPermissions} />
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
