"use client";
// Webhooks: subscribe a URL to event types (the signing secret is shown once), switch a subscription off and on,
// rotate its secret, delete it, and look at its recent deliveries with every try, replaying one by hand.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../api-error";
import { can, useSignedIn } from "../api";
import { adminApi, ok, type Schemas } from "../client";
import { ErrorNotice, Field, fieldErrors, SecretOnce, when } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { columnsOf, DataTable } from "../table";
import { ActionsHeader } from "./rows";
import { EVENT_TYPE_NAMES, EVENT_TYPES } from "../../../events/types";
import "./settings.css";

type Webhook = Schemas["AdminWebhook"];
type Delivery = Schemas["AdminWebhookDelivery"];
type Verb = "on" | "off" | "rotate" | "delete";

const hooksKey = ["webhooks"];
const deliveriesKey = (id: number) => ["webhooks", id, "deliveries"];
const hookColumn = columnsOf<Webhook>();
const deliveryColumn = columnsOf<Delivery>();

/** `order.placed` → `order`: the event types by the record they are about. */
const GROUPS = EVENT_TYPE_NAMES.reduce((groups, t) => {
  const entity = t.slice(0, t.indexOf("."));
  groups.set(entity, [...(groups.get(entity) ?? []), t]);
  return groups;
}, new Map<string, string[]>());

/** Every message of a field, and of its items (`types.0`). */
const errorsOf = (e: unknown, field: string): string[] | undefined => {
  if (!(e instanceof ApiError)) return undefined;
  const found = Object.entries(e.fields).filter(([k]) => k === field || k.startsWith(`${field}.`)).flatMap(([, m]) => m);
  return found.length ? found : undefined;
};

const DONE: Record<Verb, (url: string) => string> = {
  on: (url) => `Deliveries to ${url} switched on: it goes on from the event where it stopped.`,
  off: (url) => `Deliveries to ${url} switched off.`,
  rotate: (url) => `The signing secret of ${url} was replaced: the new one is shown once below.`,
  delete: (url) => `The subscription of ${url} was deleted.`,
};

export function Webhooks() {
  const session = useSignedIn();
  const client = useQueryClient();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const list = useQuery({
    queryKey: [...hooksKey, "list", page],
    queryFn: () => ok(adminApi.GET("/api/admin/settings/webhooks", { params: { query: { per_page: 50, page } } })),
  });
  const act = useMutation({
    mutationFn: async ({ hook, verb }: { hook: Webhook; verb: Verb }): Promise<Webhook | null> => {
      const params = { params: { path: { id: hook.id } } };
      if (verb === "rotate") return ok(adminApi.POST("/api/admin/settings/webhooks/{id}/rotate-secret", params));
      if (verb === "delete") return ok(adminApi.DELETE("/api/admin/settings/webhooks/{id}", params)).then(() => null);
      return ok(adminApi.PATCH("/api/admin/settings/webhooks/{id}", { ...params, body: { active: verb === "on" } }));
    },
    onSuccess: (answer, { hook, verb }) => {
      if (verb === "rotate" && answer?.secret) setSecret({ label: `New signing secret of ${hook.url}`, value: answer.secret });
      if (verb === "delete" && shown === hook.id) setShown(null);
      notify(DONE[verb](hook.url));
      return client.invalidateQueries({ queryKey: hooksKey });
    },
  });
  const canEdit = can(session, "settings.webhooks.edit");
  const canDelete = can(session, "settings.webhooks.delete");
  const open = list.data?.data.find((h) => h.id === shown);
  const columns = [
    hookColumn.accessor("url", {
      header: "URL",
      cell: ({ row: { original: h } }) => (
        <span className="ap-break">
          #{h.id} <code>{h.url}</code>
          {h.description && <><br /><span className="ap-muted">{h.description}</span></>}
        </span>
      ),
    }),
    hookColumn.accessor("types", { header: "Event types", cell: ({ getValue }) => getValue().map((t) => <code key={t} className="ap-chip">{t}</code>) }),
    hookColumn.accessor("active", {
      header: "Status",
      cell: ({ row: { original: h } }) => (
        <>
          <span className={`ap-badge ${h.active ? "active" : "inactive"}`}>{h.active ? "active" : "off"}</span>
          {h.failures > 0 && <><br /><span className="ap-field-error">{h.failures} failed {h.failures === 1 ? "try" : "tries"} in a row</span></>}
          {!h.active && h.disabledAt && <><br /><span className="ap-muted">Switched off {when(h.disabledAt)}</span></>}
          {!h.active && h.disabledReason && <><br /><span className="ap-muted">{h.disabledReason}</span></>}
        </>
      ),
    }),
    hookColumn.accessor("retryAt", { header: "Next retry", cell: ({ row: { original: h } }) => (h.active && h.retryAt ? when(h.retryAt) : "—") }),
    hookColumn.display({
      id: "actions",
      header: ActionsHeader,
      cell: ({ row: { original: h } }) => (
        <div className="ap-actions">
          <button type="button" className="ap-secondary" aria-expanded={shown === h.id} aria-label={`${shown === h.id ? "Hide deliveries" : "Deliveries"} of webhook #${h.id}`} onClick={() => setShown(shown === h.id ? null : h.id)}>
            {shown === h.id ? "Hide deliveries" : "Deliveries"}
          </button>
          {canEdit && (
            <>
              <button type="button" className="ap-secondary" disabled={act.isPending} aria-label={`${h.active ? "Switch off" : "Switch on"} webhook #${h.id}`} onClick={() => act.mutate({ hook: h, verb: h.active ? "off" : "on" })}>
                {h.active ? "Switch off" : "Switch on"}
              </button>
              <ConfirmButton
                label={`Rotate secret of #${h.id}`}
                question={`Replace the signing secret of ${h.url}? Deliveries are signed with the new one at once.`}
                confirmLabel="Yes, rotate it"
                danger={false}
                disabled={act.isPending}
                onConfirm={() => act.mutate({ hook: h, verb: "rotate" })}
              />
            </>
          )}
          {canDelete && (
            <ConfirmButton
              label={`Delete webhook #${h.id}`}
              question={`Delete the subscription of ${h.url}? Its deliveries are deleted with it.`}
              confirmLabel="Yes, delete it"
              disabled={act.isPending}
              onConfirm={() => act.mutate({ hook: h, verb: "delete" })}
            />
          )}
        </div>
      ),
    }),
  ];
  return (
    <>
      <h1>Webhooks</h1>
      <div className="ap-muted">
        <p>
          A webhook subscription sends the store&apos;s events (an order placed, a product changed…) to a URL as they happen.
          Every delivery is signed per <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> (<code>webhook-id</code>,{" "}
          <code>webhook-timestamp</code>, <code>webhook-signature</code>) with the subscription&apos;s secret (<code>whsec_…</code>),
          which is shown only once, when it is made or rotated.
        </p>
        <p>
          Events are sent one at a time, in the order they happened; an answer other than 2xx is retried with growing waits
          for more than a day. A subscription still failing then is switched off (the store owners are mailed); switched on
          again, it goes on from the event where it stopped. The URL must reach the public internet: private and loopback
          addresses are refused unless the operator allows them (<code>OUTBOUND_ALLOWED_NETWORKS</code>).
        </p>
      </div>
      {can(session, "settings.webhooks.create") && <CreateWebhook onCreated={(h) => h.secret && setSecret({ label: `Signing secret of ${h.url}`, value: h.secret })} />}
      {secret && <SecretOnce label={secret.label} secret={secret.value} onDone={() => setSecret(null)} />}
      <h2>Subscriptions</h2>
      <ErrorNotice error={act.error} />
      <DataTable
        caption="Webhook subscriptions"
        columns={columns}
        rows={list.data?.data}
        rowKey={(h) => h.id}
        meta={list.data?.meta}
        onPage={setPage}
        loading={list.isPending}
        error={list.error}
        empty="No webhook subscriptions yet."
      />
      {open && <Deliveries hook={open} canReplay={canEdit} onClose={() => setShown(null)} />}
    </>
  );
}

function CreateWebhook({ onCreated }: { onCreated: (h: Webhook) => void }) {
  const client = useQueryClient();
  const notify = useNotify();
  const [url, setUrl] = useState("");
  const [types, setTypes] = useState<string[]>([]);
  const [description, setDescription] = useState("");
  const create = useMutation({
    mutationFn: () => ok(adminApi.POST("/api/admin/settings/webhooks", { body: { url, types, ...(description.trim() ? { description } : {}) } })),
    onSuccess: (h) => {
      onCreated(h);
      notify(`${h.url} subscribed. Copy its signing secret now.`);
      setUrl("");
      setTypes([]);
      setDescription("");
      return client.invalidateQueries({ queryKey: hooksKey });
    },
  });
  return (
    <form className="ap-card ap-form" aria-label="Subscribe a URL" onSubmit={(e) => { e.preventDefault(); create.mutate(); }}>
      <Field label="URL" hint="Where the events are POSTed; https keeps them private on the way." error={fieldErrors(create.error, "url")}>
        <input name="url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://erp.example.com/hooks/store" required />
      </Field>
      <Field label="Description" hint="Optional: who receives it, and why." error={fieldErrors(create.error, "description")}>
        <input name="description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
      </Field>
      <div className="ap-wide">
        <TypePicker value={types} onChange={setTypes} />
        {errorsOf(create.error, "types")?.map((m) => <p key={m} className="ap-field-error">{m}</p>)}
      </div>
      <div className="ap-wide ap-actions">
        <button type="submit" disabled={create.isPending || types.length === 0}>{create.isPending ? "Subscribing…" : "Subscribe"}</button>
        {types.length === 0 && <span className="ap-muted">Choose at least one event type.</span>}
        <ErrorNotice error={create.error} />
      </div>
    </form>
  );
}

/**
 * The event types as checkboxes by record: a type, all of a record's (`order.*`, which takes in types added later) or
 * everything (`*`). The value is the list of patterns the API takes.
 */
function TypePicker({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const everything = value.includes("*");
  const toggle = (pattern: string) => {
    if (value.includes(pattern)) return onChange(value.filter((p) => p !== pattern));
    if (pattern === "*") return onChange(["*"]);
    // A record's wildcard stands for its types: they need not be listed too.
    if (pattern.endsWith(".*")) return onChange([...value.filter((p) => !p.startsWith(pattern.slice(0, -1))), pattern]);
    onChange([...value, pattern]);
  };
  return (
    <fieldset className="ap-permissions">
      <legend>Event types: {value.length ? value.join(", ") : "none chosen"}</legend>
      <div className="ap-perm-group">
        <label><input type="checkbox" checked={everything} onChange={() => toggle("*")} /><span>Every event (<code>*</code>)</span></label>
      </div>
      {[...GROUPS].map(([entity, names]) => {
        const all = everything || value.includes(`${entity}.*`);
        return (
          <div key={entity} className="ap-perm-group">
            <span className="ap-perm-area">{entity}</span>
            <label>
              <input type="checkbox" checked={all} disabled={everything} onChange={() => toggle(`${entity}.*`)} />
              <span>all (<code>{entity}.*</code>)</span>
            </label>
            {names.map((t) => (
              <label key={t} title={EVENT_TYPES[t as keyof typeof EVENT_TYPES].summary}>
                <input type="checkbox" checked={all || value.includes(t)} disabled={all} onChange={() => toggle(t)} />
                {t.slice(entity.length + 1)}
              </label>
            ))}
          </div>
        );
      })}
    </fieldset>
  );
}

function Deliveries({ hook, canReplay, onClose }: { hook: Webhook; canReplay: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const notify = useNotify();
  const deliveries = useQuery({
    queryKey: deliveriesKey(hook.id),
    queryFn: () => ok(adminApi.GET("/api/admin/settings/webhooks/{id}/deliveries", { params: { path: { id: hook.id }, query: { per_page: 20 } } })),
    refetchInterval: 10_000,
  });
  const replay = useMutation({
    mutationFn: (d: Delivery) => ok(adminApi.POST("/api/admin/settings/webhooks/{id}/deliveries/{deliveryId}/replay", { params: { path: { id: hook.id, deliveryId: d.id } } })),
    onSuccess: (answer, d) => {
      notify(`Event #${d.eventId} sent again: ${answer.status}.`);
      return Promise.all([client.invalidateQueries({ queryKey: deliveriesKey(hook.id) }), client.invalidateQueries({ queryKey: [...hooksKey, "list"] })]);
    },
  });
  const columns = [
    deliveryColumn.accessor("eventType", {
      header: "Event",
      cell: ({ row: { original: d } }) => <><code>{d.eventType}</code><br /><span className="ap-muted">event #{d.eventId}, {when(d.createdAt)}</span></>,
    }),
    deliveryColumn.accessor("status", {
      header: "Status",
      cell: ({ row: { original: d } }) => <><span className={`ap-badge ${d.status}`}>{d.status}</span>{d.deliveredAt && <><br /><span className="ap-muted">{when(d.deliveredAt)}</span></>}</>,
    }),
    deliveryColumn.accessor("tries", {
      header: "Tries (latest first)",
      cell: ({ getValue }) => (
        <ol className="ap-tries">
          {getValue().map((t, i) => (
            <li key={i}>
              <strong>{t.statusCode !== null ? `HTTP ${t.statusCode}` : "no answer"}</strong> in {t.durationMs} ms, {when(t.createdAt)}
              {t.manual && <> <span className="ap-badge">replay</span></>}
              {t.error && <span className="ap-field-error"> {t.error}</span>}
              {t.response && <pre>{t.response.slice(0, 300)}{t.response.length > 300 ? "…" : ""}</pre>}
            </li>
          ))}
        </ol>
      ),
    }),
    deliveryColumn.display({
      id: "actions",
      header: ActionsHeader,
      cell: ({ row: { original: d } }) =>
        canReplay ? (
          <button type="button" className="ap-secondary" disabled={replay.isPending} aria-label={`Replay event #${d.eventId} (${d.eventType})`} onClick={() => replay.mutate(d)}>
            {replay.isPending && replay.variables?.id === d.id ? "Replaying…" : "Replay"}
          </button>
        ) : null,
    }),
  ];
  return (
    <section aria-labelledby="ap-deliveries-title" data-testid="deliveries">
      <h2 id="ap-deliveries-title">Deliveries to <code>{hook.url}</code></h2>
      <div className="ap-actions">
        <button type="button" className="ap-secondary" disabled={deliveries.isFetching} onClick={() => void deliveries.refetch()}>Refresh</button>
        <button type="button" className="ap-link" onClick={onClose}>Close</button>
        <span className="ap-muted">The latest 20, the newest first.</span>
      </div>
      <ErrorNotice error={replay.error} />
      <DataTable
        caption={`Deliveries to ${hook.url}`}
        columns={columns}
        rows={deliveries.data?.data}
        rowKey={(d) => d.id}
        loading={deliveries.isPending}
        error={deliveries.error}
        empty="No deliveries yet: the next event of its types is sent within seconds."
      />
    </section>
  );
}
