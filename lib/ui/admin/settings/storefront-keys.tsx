"use client";
// Storefront keys: create (the key is shown once), set rate limit and IP allowlist, deactivate, rotate.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { can, useSignedIn } from "../api";
import { adminApi, ifMatch, ok, versioned, type Schemas } from "../client";
import { ErrorNotice, Field, fieldErrors, ipInput, ipText, Loading, numberOrNull, SecretOnce, when } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { columnsOf, DataTable } from "../table";
import { ActionsHeader } from "./rows";
import "./settings.css";

type StorefrontKey = Schemas["AdminStorefrontKey"];

const keysKey = ["storefront-keys"];
const column = columnsOf<StorefrontKey>();

export function StorefrontKeys() {
  const session = useSignedIn();
  const client = useQueryClient();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const list = useQuery({
    queryKey: [...keysKey, page],
    queryFn: () => ok(adminApi.GET("/api/admin/settings/storefront-keys", { params: { query: { per_page: 50, page } } })),
  });
  const act = useMutation({
    mutationFn: ({ key, verb }: { key: StorefrontKey; verb: "deactivate" | "rotate" }) => {
      const params = { params: { path: { id: key.id } } };
      return verb === "rotate"
        ? ok(adminApi.POST("/api/admin/settings/storefront-keys/{id}/rotate", params))
        : ok(adminApi.POST("/api/admin/settings/storefront-keys/{id}/deactivate", params));
    },
    onSuccess: (answer, { key, verb }) => {
      if (verb === "rotate" && answer.key) setSecret({ label: `Successor of "${key.name}"`, value: answer.key });
      notify(verb === "rotate" ? `"${key.name}" rotated: its successor is shown once below.` : `"${key.name}" deactivated: shops using it stop working.`);
      return client.invalidateQueries({ queryKey: keysKey });
    },
  });
  const canEdit = can(session, "settings.storefront-keys.edit");
  const columns = [
    column.accessor("name", { header: "Name", cell: ({ row: { original: k } }) => `#${k.id} ${k.name}` }),
    column.accessor("keyPrefix", { header: "Key", cell: ({ getValue }) => <code>{getValue()}…</code> }),
    column.accessor("rateLimit", { header: "Rate limit", cell: ({ getValue }) => (getValue() ? `${getValue()}/min` : "default") }),
    column.accessor("allowedIps", { header: "IP allowlist", cell: ({ getValue }) => ipText(getValue()) }),
    column.accessor("expiresAt", { header: "Expires", cell: ({ getValue }) => when(getValue()) }),
    column.accessor("lastUsedAt", { header: "Last used", cell: ({ getValue }) => when(getValue(), "not yet") }),
    column.accessor("status", { header: "Status", cell: ({ getValue }) => <span className={`ap-badge ${getValue()}`}>{getValue()}</span> }),
    column.display({
      id: "actions",
      header: ActionsHeader,
      cell: ({ row: { original: k } }) =>
        canEdit ? (
          <div className="ap-actions">
            <button type="button" className="ap-secondary" aria-label={`Edit limits of ${k.name}`} onClick={() => setEditing(k.id)}>Edit limits</button>
            {k.status === "active" && (
              <>
                <ConfirmButton
                  label={`Rotate ${k.name}`}
                  question={`Rotate "${k.name}"? It stops working and a successor valid 12 months is issued.`}
                  confirmLabel="Yes, rotate it"
                  danger={false}
                  disabled={act.isPending}
                  onConfirm={() => act.mutate({ key: k, verb: "rotate" })}
                />
                <ConfirmButton
                  label={`Deactivate ${k.name}`}
                  question={`Deactivate "${k.name}"? Shops using it stop working.`}
                  confirmLabel="Yes, deactivate it"
                  disabled={act.isPending}
                  onConfirm={() => act.mutate({ key: k, verb: "deactivate" })}
                />
              </>
            )}
          </div>
        ) : null,
    }),
  ];
  return (
    <>
      <h1>Storefront keys</h1>
      <p className="ap-muted">A storefront key identifies a client application of the Shop API (sent as <code>X-STOREFRONT-KEY</code>). It is public by design; limit its rate and origin addresses.</p>
      {can(session, "settings.storefront-keys.create") && <CreateKey onCreated={(k) => k.key && setSecret({ label: `Key "${k.name}"`, value: k.key })} />}
      {secret && <SecretOnce label={secret.label} secret={secret.value} onDone={() => setSecret(null)} />}
      {editing !== null && <EditKey key={editing} id={editing} onDone={() => setEditing(null)} />}
      <h2>Keys</h2>
      <ErrorNotice error={act.error} />
      <DataTable
        caption="Storefront keys"
        columns={columns}
        rows={list.data?.data}
        rowKey={(k) => k.id}
        meta={list.data?.meta}
        onPage={setPage}
        loading={list.isPending}
        error={list.error}
        empty="No storefront keys yet."
      />
    </>
  );
}

function CreateKey({ onCreated }: { onCreated: (k: StorefrontKey) => void }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [name, setName] = useState("");
  const [rate, setRate] = useState("");
  const [ips, setIps] = useState("");
  const create = useMutation({
    mutationFn: () => ok(adminApi.POST("/api/admin/settings/storefront-keys", { body: { name, rateLimit: numberOrNull(rate), allowedIps: ipInput(ips) } })),
    onSuccess: (k) => {
      onCreated(k);
      notify(`Key "${k.name}" created. Copy it now.`);
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

/** The limits of a key as they are now, saved only if nobody changed them meanwhile. */
function EditKey({ id, onDone }: { id: number; onDone: () => void }) {
  const read = useQuery({
    queryKey: [...keysKey, "one", id],
    queryFn: () => versioned(adminApi.GET("/api/admin/settings/storefront-keys/{id}", { params: { path: { id } } })),
    staleTime: 0,
    gcTime: 0,
  });
  if (read.isPending) return <Loading what="the key" />;
  if (read.isError) return <ErrorNotice error={read.error} />;
  return <KeyLimits storefrontKey={read.data.value} etag={read.data.etag} onDone={onDone} />;
}

function KeyLimits({ storefrontKey: k, etag, onDone }: { storefrontKey: StorefrontKey; etag: string | null; onDone: () => void }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [rate, setRate] = useState(k.rateLimit ? String(k.rateLimit) : "");
  const [ips, setIps] = useState(k.allowedIps.join(", "));
  const save = useMutation({
    mutationFn: () =>
      ok(adminApi.PATCH("/api/admin/settings/storefront-keys/{id}", { params: { path: { id: k.id }, header: ifMatch(etag) }, body: { rateLimit: numberOrNull(rate), allowedIps: ipInput(ips) } })),
    onSuccess: async () => {
      notify(`Limits of "${k.name}" saved.`);
      await client.invalidateQueries({ queryKey: keysKey });
      onDone();
    },
  });
  return (
    <form className="ap-card ap-form" aria-label={`Limits of ${k.name}`} onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
      <p className="ap-wide"><strong>Limits of #{k.id} {k.name}</strong> <code>{k.keyPrefix}…</code></p>
      <Field label="Rate limit (requests per minute)" hint="Blank: the store default." error={fieldErrors(save.error, "rateLimit")}>
        <input type="number" min={1} value={rate} onChange={(e) => setRate(e.target.value)} placeholder="default" />
      </Field>
      <Field label="IP allowlist" hint="Comma-separated; blank allows any." error={fieldErrors(save.error, "allowedIps")}>
        <input value={ips} onChange={(e) => setIps(e.target.value)} placeholder="any address" />
      </Field>
      <div className="ap-wide ap-actions">
        <button type="submit" disabled={save.isPending}>{save.isPending ? "Saving…" : "Save limits"}</button>
        <button type="button" className="ap-secondary" onClick={onDone}>Cancel</button>
        <ErrorNotice error={save.error} />
      </div>
    </form>
  );
}
