"use client";
// Storefront keys: create (the key is shown once), set rate limit and IP allowlist, deactivate, rotate.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { panelFetch, type ListPage } from "./api";
import { Empty, ErrorNotice, Field, fieldErrors, ipInput, ipText, Loading, numberOrNull, SecretOnce, when } from "./common";

interface StorefrontKey {
  id: number; name: string; keyPrefix: string; status: string; rateLimit: number | null; allowedIps: string[];
  expiresAt: string | null; rotatedFromId: number | null; lastUsedAt: string | null; key: string | null;
}

const keysKey = ["storefront-keys"];

export function StorefrontKeys() {
  const client = useQueryClient();
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const list = useQuery({ queryKey: keysKey, queryFn: () => panelFetch<ListPage<StorefrontKey>>("settings/storefront-keys?per_page=50") });
  const act = useMutation({
    mutationFn: ({ id, verb }: { id: number; verb: "deactivate" | "rotate" }) => panelFetch<StorefrontKey>(`settings/storefront-keys/${id}/${verb}`, { method: "POST" }),
    onSuccess: (key, { verb }) => {
      if (verb === "rotate" && key.key) setSecret({ label: `Successor of "${key.name}"`, value: key.key });
      return client.invalidateQueries({ queryKey: keysKey });
    },
  });
  return (
    <>
      <h1>Storefront keys</h1>
      <p className="ap-muted">A storefront key identifies a client application of the Shop API (sent as <code>X-STOREFRONT-KEY</code>). It is public by design; limit its rate and origin addresses.</p>
      <CreateKey onCreated={(k) => setSecret({ label: `Key "${k.name}"`, value: k.key! })} />
      {secret && <SecretOnce label={secret.label} secret={secret.value} onDone={() => setSecret(null)} />}
      <h2>Keys</h2>
      <ErrorNotice error={act.error} />
      {list.isPending ? <Loading what="keys" /> : list.isError ? <ErrorNotice error={list.error} /> : list.data.data.length === 0 ? (
        <Empty>No storefront keys yet.</Empty>
      ) : (
        <table className="ap-table">
          <thead><tr><th>Name</th><th>Key</th><th>Rate limit</th><th>IP allowlist</th><th>Expires</th><th>Last used</th><th>Status</th><th /></tr></thead>
          <tbody>
            {list.data.data.map((k) =>
              editing === k.id ? (
                <EditKey key={k.id} storefrontKey={k} onDone={() => setEditing(null)} />
              ) : (
                <tr key={k.id}>
                  <td>#{k.id} {k.name}</td>
                  <td><code>{k.keyPrefix}…</code></td>
                  <td>{k.rateLimit ? `${k.rateLimit}/min` : "default"}</td>
                  <td>{ipText(k.allowedIps)}</td>
                  <td>{when(k.expiresAt)}</td>
                  <td>{when(k.lastUsedAt, "not yet")}</td>
                  <td><span className={`ap-badge ${k.status}`}>{k.status}</span></td>
                  <td className="ap-actions">
                    <button type="button" className="ap-secondary" onClick={() => setEditing(k.id)}>Edit limits</button>
                    {k.status === "active" && (
                      <>
                        <button type="button" className="ap-secondary" disabled={act.isPending} onClick={() => confirm(`Rotate "${k.name}"? It stops working and a successor valid 12 months is issued.`) && act.mutate({ id: k.id, verb: "rotate" })}>Rotate</button>
                        <button type="button" className="ap-danger" disabled={act.isPending} onClick={() => confirm(`Deactivate "${k.name}"? Shops using it stop working.`) && act.mutate({ id: k.id, verb: "deactivate" })}>Deactivate</button>
                      </>
                    )}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
    </>
  );
}

function CreateKey({ onCreated }: { onCreated: (k: StorefrontKey) => void }) {
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [rate, setRate] = useState("");
  const [ips, setIps] = useState("");
  const create = useMutation({
    mutationFn: () => panelFetch<StorefrontKey>("settings/storefront-keys", { method: "POST", body: { name, rateLimit: numberOrNull(rate), allowedIps: ipInput(ips) } }),
    onSuccess: (k) => {
      onCreated(k);
      setName("");
      return client.invalidateQueries({ queryKey: keysKey });
    },
  });
  return (
    <form className="ap-card ap-form" aria-label="Create a storefront key" onSubmit={(e) => { e.preventDefault(); create.mutate(); }}>
      <Field label="Key name" error={fieldErrors(create.error, "name")}>
        <input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Mobile app" required />
      </Field>
      <Field label="Rate limit (requests per minute)" hint="Blank: the store default." error={fieldErrors(create.error, "rateLimit")}>
        <input type="number" min={1} value={rate} onChange={(e) => setRate(e.target.value)} />
      </Field>
      <Field label="IP allowlist" hint="Comma-separated; blank allows any." error={fieldErrors(create.error, "allowedIps")}>
        <input value={ips} onChange={(e) => setIps(e.target.value)} />
      </Field>
      <div className="ap-wide ap-actions">
        <button type="submit" disabled={create.isPending}>{create.isPending ? "Creating…" : "Create key"}</button>
        <ErrorNotice error={create.error} />
      </div>
    </form>
  );
}

function EditKey({ storefrontKey: k, onDone }: { storefrontKey: StorefrontKey; onDone: () => void }) {
  const client = useQueryClient();
  const [rate, setRate] = useState(k.rateLimit ? String(k.rateLimit) : "");
  const [ips, setIps] = useState(k.allowedIps.join(", "));
  const save = useMutation({
    mutationFn: () => panelFetch(`settings/storefront-keys/${k.id}`, { method: "PATCH", body: { rateLimit: numberOrNull(rate), allowedIps: ipInput(ips) } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keysKey });
      onDone();
    },
  });
  return (
    <tr>
      <td>#{k.id} {k.name}</td>
      <td><code>{k.keyPrefix}…</code></td>
      <td><input type="number" min={1} value={rate} onChange={(e) => setRate(e.target.value)} aria-label="Rate limit" placeholder="default" size={6} /></td>
      <td><input value={ips} onChange={(e) => setIps(e.target.value)} aria-label="IP allowlist" placeholder="any address" /></td>
      <td colSpan={3}><ErrorNotice error={save.error} /></td>
      <td className="ap-actions">
        <button type="button" onClick={() => save.mutate()} disabled={save.isPending}>Save</button>
        <button type="button" className="ap-secondary" onClick={onDone}>Cancel</button>
      </td>
    </tr>
  );
}
