"use client";
// Attributes: the list (filter by type, sort by code or position, server paged), and one form to create or edit an
// attribute: its names per locale, its flags, and for a select or multiselect its options, added, renamed, put in
// order and removed in the page and written in one save (the API takes the whole wanted list). `code` and `type`
// are fixed once created. An edit sends If-Match; deleting asks in the page first.
import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useParams, useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ATTRIBUTE_TYPES, AttributeCreate, AttributeUpdate, SWATCH_TYPES } from "../../../admin/catalog/attribute-input";
import { ApiError } from "../../api-error";
import { adminApi, ifMatch, ok, versioned, type Schemas } from "../client";
import { can, useSignedIn } from "../api";
import { ErrorNotice, Field, Loading } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { check, errorsFor, type FieldErrors } from "../form";
import { columnsOf, DataTable, listed, useListParams } from "../table";
import { useStoreLocales, type StoreLocale } from "./taxonomy";
import "./taxonomy.css";

type Attribute = Schemas["AdminAttribute"];
type CreateBody = Schemas["createAdminAttributeInput"];

const attributesKey = ["catalog", "attributes"];
const LIST = "/admin/catalog/attributes";
const hasOptions = (type: string) => type === "select" || type === "multiselect";

const column = columnsOf<Attribute>();

export function Attributes() {
  const session = useSignedIn();
  const params = useListParams({ sort: "position" });
  const list = useQuery({
    queryKey: [...attributesKey, "list", params.query],
    queryFn: () => ok(adminApi.GET("/api/admin/catalog/attributes", { params: { query: { per_page: 20, ...params.query } } })),
    placeholderData: (previous) => previous,
  });
  const columns = [
    column.accessor("code", {
      id: "code",
      header: "Code",
      enableSorting: true,
      cell: ({ row: { original: a } }) => <Link href={`${LIST}/${a.id}`}><code>{a.code}</code></Link>,
    }),
    column.accessor("adminName", { header: "Name" }),
    column.accessor("type", { header: "Type" }),
    column.display({
      id: "options",
      header: "Options",
      cell: ({ row: { original: a } }) => (hasOptions(a.type) ? `${a.options.length}: ${a.options.slice(0, 4).map((o) => o.adminName).join(", ")}${a.options.length > 4 ? "…" : ""}` : "—"),
    }),
    column.display({
      id: "flags",
      header: "Used as",
      cell: ({ row: { original: a } }) =>
        [a.isRequired && "required", a.isFilterable === 1 && "filter", a.isConfigurable && "variants", a.isVisibleOnFront && "shown on product page"]
          .filter(Boolean)
          .map((f) => <span key={String(f)} className="ap-chip">{f}</span>),
    }),
    column.accessor("position", { id: "position", header: "Position", enableSorting: true }),
    column.display({
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: a } }) => <Link href={`${LIST}/${a.id}`} className="tx-button-link" aria-label={`Edit attribute ${a.code}`}>Edit</Link>,
    }),
  ];
  return (
    <>
      <div className="tx-heading-row">
        <h1>Attributes</h1>
        {can(session, "catalog.attributes.create") && <Link href={`${LIST}/new`} className="tx-button-link tx-primary">New attribute</Link>}
      </div>
      <p className="ap-muted">What products are described by (colour, size, material…). A select attribute&apos;s options are what a shopper picks from and filters by.</p>
      <div className="ap-filters">
        <Field label="Type">
          <select name="type" value={params.get("type")} onChange={(e) => params.set({ type: e.target.value })}>
            <option value="">Any type</option>
            {ATTRIBUTE_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </Field>
        <Field label="Filter">
          <select name="is_filterable" value={params.get("is_filterable")} onChange={(e) => params.set({ is_filterable: e.target.value })}>
            <option value="">Any</option>
            <option value="1">Used as a filter</option>
            <option value="0">Not a filter</option>
          </select>
        </Field>
      </div>
      <DataTable
        caption="Attributes"
        columns={columns}
        rowKey={(a) => a.id}
        {...listed(list, params)}
        empty={params.get("type") || params.get("is_filterable") ? "No attribute matches these filters." : "No attributes yet."}
      />
    </>
  );
}

/** `/admin/catalog/attributes/new`. */
export function NewAttribute() {
  const router = useRouter();
  const notify = useNotify();
  const client = useQueryClient();
  const locales = useStoreLocales([]);
  const create = useMutation({
    mutationFn: (body: CreateBody) => ok(adminApi.POST("/api/admin/catalog/attributes", { body })),
    onSuccess: (a) => {
      notify(`Attribute "${a.code}" created.`);
      void client.invalidateQueries({ queryKey: attributesKey });
      router.push(`${LIST}/${a.id}`);
    },
  });
  return (
    <>
      <p><Link href={LIST}>← Attributes</Link></p>
      <h1>New attribute</h1>
      <AttributeForm locales={locales} initial={draftOf(undefined)} mutation={create} />
    </>
  );
}

/** `/admin/catalog/attributes/[id]`. */
export function EditAttribute() {
  const id = Number(useParams<{ id: string }>().id);
  const session = useSignedIn();
  const router = useRouter();
  const notify = useNotify();
  const client = useQueryClient();
  const one = useQuery({ queryKey: [...attributesKey, id], queryFn: () => versioned(adminApi.GET("/api/admin/catalog/attributes/{id}", { params: { path: { id } } })) });
  const locales = useStoreLocales(one.data?.value.translations.map((t) => t.locale) ?? []);
  const save = useMutation({
    mutationFn: (body: CreateBody) => {
      const { code: _code, type: _type, ...changes } = body;
      return ok(adminApi.PATCH("/api/admin/catalog/attributes/{id}", { params: { path: { id }, header: ifMatch(one.data?.etag) }, body: changes }));
    },
    onSuccess: (a) => {
      notify(`Attribute "${a.code}" saved.`);
      return client.invalidateQueries({ queryKey: attributesKey });
    },
  });
  const remove = useMutation({
    mutationFn: () => ok(adminApi.DELETE("/api/admin/catalog/attributes/{id}", { params: { path: { id }, header: ifMatch(one.data?.etag) } })),
    onSuccess: () => {
      notify(`Attribute "${one.data?.value.code}" deleted.`);
      client.removeQueries({ queryKey: [...attributesKey, id] });
      void client.invalidateQueries({ queryKey: attributesKey });
      router.push(LIST);
    },
  });
  if (one.isPending) return <Loading what="the attribute" />;
  if (one.isError) return <ErrorNotice error={one.error} />;
  const a = one.data.value;
  return (
    <>
      <p><Link href={LIST}>← Attributes</Link></p>
      <h1>Attribute <code>{a.code}</code></h1>
      <AttributeForm key={one.data.etag ?? a.updatedAt} attribute={a} locales={locales} initial={draftOf(a)} mutation={save} readOnly={!can(session, "catalog.attributes.edit")} />
      {save.error instanceof ApiError && save.error.status === 412 && (
        <button type="button" className="ap-secondary tx-reload" onClick={() => void one.refetch().then(() => save.reset())}>
          Load the latest version
        </button>
      )}
      {can(session, "catalog.attributes.delete") && (
        <div className="ap-actions tx-delete">
          <ConfirmButton
            label="Delete attribute"
            question={`Delete the attribute "${a.code}"${a.options.length ? ` and its ${a.options.length} options` : ""}? An attribute products use stays.`}
            confirmLabel="Yes, delete it"
            disabled={remove.isPending}
            onConfirm={() => remove.mutate()}
          />
          <ErrorNotice error={remove.error} />
        </div>
      )}
    </>
  );
}

interface OptionDraft {
  /** The option's record; none for one added in this edit. */
  id?: number;
  /** A key that stays with the option while it moves. */
  key: string;
  adminName: string;
  swatchValue: string;
  labels: Record<string, string>;
}

interface Draft {
  code: string;
  type: string;
  adminName: string;
  position: string;
  isRequired: boolean;
  isUnique: boolean;
  isConfigurable: boolean;
  isFilterable: boolean;
  isVisibleOnFront: boolean;
  valuePerLocale: boolean;
  valuePerChannel: boolean;
  swatchType: string;
  names: Record<string, string>;
  options: OptionDraft[];
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

function draftOf(a: Attribute | undefined): Draft {
  return {
    code: a?.code ?? "",
    type: a?.type ?? "text",
    adminName: a?.adminName ?? "",
    position: String(a?.position ?? 0),
    isRequired: a?.isRequired ?? false,
    isUnique: a?.isUnique ?? false,
    isConfigurable: a?.isConfigurable ?? false,
    isFilterable: a?.isFilterable === 1,
    isVisibleOnFront: a?.isVisibleOnFront ?? false,
    valuePerLocale: a?.valuePerLocale ?? false,
    valuePerChannel: a?.valuePerChannel ?? false,
    swatchType: a?.swatchType ?? "",
    names: Object.fromEntries((a?.translations ?? []).map((t) => [t.locale, t.name])),
    options: (a?.options ?? []).map((o) => ({
      id: o.id,
      key: `option-${o.id}`,
      adminName: o.adminName,
      swatchValue: o.swatchValue ?? "",
      labels: Object.fromEntries(o.translations.map((t) => [t.locale, t.label])),
    })),
  };
}

/** The body the API takes; the options in the order shown, `sortOrder` their place. */
function bodyOf(d: Draft, locales: StoreLocale[]): CreateBody {
  const filled = (map: Record<string, string>) => locales.filter((l) => (map[l.code] ?? "").trim() !== "");
  return {
    code: d.code,
    type: d.type as CreateBody["type"],
    adminName: d.adminName,
    position: d.position.trim() === "" ? undefined : Number(d.position),
    isRequired: d.isRequired,
    isUnique: d.isUnique,
    isConfigurable: d.isConfigurable,
    isFilterable: d.isFilterable ? 1 : 0,
    isVisibleOnFront: d.isVisibleOnFront,
    valuePerLocale: d.valuePerLocale,
    valuePerChannel: d.valuePerChannel,
    swatchType: (d.swatchType || null) as CreateBody["swatchType"],
    translations: filled(d.names).map((l) => ({ locale: l.code, name: d.names[l.code] })),
    ...(hasOptions(d.type)
      ? {
          options: d.options.map((o, i) => ({
            ...(o.id ? { id: o.id } : {}),
            adminName: o.adminName,
            sortOrder: i,
            swatchValue: o.swatchValue || null,
            translations: filled(o.labels).map((l) => ({ locale: l.code, label: o.labels[l.code] })),
          })),
        }
      : {}),
  };
}

const FLAGS: { key: "isRequired" | "isUnique" | "isFilterable" | "isConfigurable" | "isVisibleOnFront" | "valuePerLocale" | "valuePerChannel"; label: string }[] = [
  { key: "isRequired", label: "Required on every product" },
  { key: "isUnique", label: "Unique: no two products share a value" },
  { key: "isFilterable", label: "Shoppers can filter by it" },
  { key: "isConfigurable", label: "Makes variants (select only)" },
  { key: "isVisibleOnFront", label: "Shown on the product page" },
  { key: "valuePerLocale", label: "A value per locale" },
  { key: "valuePerChannel", label: "A value per channel" },
];

interface FormProps {
  attribute?: Attribute;
  locales: StoreLocale[];
  initial: Draft;
  mutation: { mutate: (body: CreateBody) => void; isPending: boolean; error: unknown };
  readOnly?: boolean;
}

function AttributeForm({ attribute, locales, initial, mutation, readOnly }: FormProps) {
  const [draft, setDraft] = useState(initial);
  const [removed, setRemoved] = useState<OptionDraft[]>([]);
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!focusKey) return;
    list.current?.querySelector<HTMLElement>(`[data-key="${focusKey}"] input`)?.focus();
    setFocusKey(null);
  }, [focusKey]);
  const body = bodyOf(draft, locales);
  const err = (field: string) => errorsFor(field, local, mutation.error);
  const nameIndex = new Map(body.translations?.map((t, i) => [t.locale, i]));
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const setOption = (key: string, change: Partial<OptionDraft>) => set({ options: draft.options.map((o) => (o.key === key ? { ...o, ...change } : o)) });
  const moveOption = (i: number, by: -1 | 1) => {
    const options = [...draft.options];
    const [o] = options.splice(i, 1);
    options.splice(i + by, 0, o);
    set({ options });
    setFocusKey(null);
  };
  const optionsShown = hasOptions(draft.type);
  return (
    <form
      className="ap-card tx-form"
      aria-label={attribute ? `Edit attribute ${attribute.code}` : "New attribute"}
      onSubmit={(e) => {
        e.preventDefault();
        const checked = attribute ? check(AttributeUpdate, (({ code: _c, type: _t, ...rest }) => rest)(body)) : check(AttributeCreate, body);
        setLocal(checked.errors);
        if (!checked.errors) mutation.mutate(body);
      }}
    >
      <fieldset disabled={readOnly} className="tx-fieldset">
        <div className="ap-form">
          <Field label="Code" hint={attribute ? "Fixed once created." : "Lowercase letters, digits and underscores, starting with a letter; fixed once created."} error={err("code")}>
            <input name="code" value={draft.code} readOnly={!!attribute} onChange={(e) => set({ code: e.target.value })} maxLength={191} />
          </Field>
          <Field label="Type" hint={attribute ? "Fixed once created." : undefined} error={err("type")}>
            <select name="type" value={draft.type} disabled={!!attribute} onChange={(e) => set({ type: e.target.value })}>
              {ATTRIBUTE_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
            </select>
          </Field>
          <Field label="Admin name" hint="How the back office names it." error={err("adminName")}>
            <input name="adminName" value={draft.adminName} onChange={(e) => set({ adminName: e.target.value })} maxLength={255} />
          </Field>
          <Field label="Position" hint="Lower comes first." error={err("position")}>
            <input name="position" type="number" min={0} value={draft.position} onChange={(e) => set({ position: e.target.value })} />
          </Field>
          {locales.map((l) => (
            <Field key={l.code} label={`Name shown to shoppers (${l.name})`} error={nameIndex.has(l.code) ? err(`translations.${nameIndex.get(l.code)}.name`) : undefined}>
              <input name={`name-${l.code}`} value={draft.names[l.code] ?? ""} onChange={(e) => set({ names: { ...draft.names, [l.code]: e.target.value } })} maxLength={255} />
            </Field>
          ))}
          {optionsShown && (
            <Field label="Swatch" hint="How the storefront shows the options." error={err("swatchType")}>
              <select name="swatchType" value={draft.swatchType} onChange={(e) => set({ swatchType: e.target.value })}>
                <option value="">None (a plain list)</option>
                {SWATCH_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
              </select>
            </Field>
          )}
        </div>
        <fieldset className="tx-flags">
          <legend>How it is used</legend>
          {FLAGS.filter((f) => f.key !== "isConfigurable" || draft.type === "select").map((f) => (
            <label key={f.key}>
              <input type="checkbox" name={f.key} checked={draft[f.key]} onChange={(e) => set({ [f.key]: e.target.checked })} />
              {f.label}
            </label>
          ))}
        </fieldset>
        {[...FLAGS.map((f) => f.key), "translations"].flatMap((k) => err(k) ?? []).map((m) => <p key={m} className="ap-field-error">{m}</p>)}
        {optionsShown && (
          <section aria-labelledby="tx-options-title">
            <h2 id="tx-options-title">Options ({draft.options.length})</h2>
            <p className="ap-muted">In the order shoppers see them. Changes are written when you save the attribute.</p>
            {err("options")?.map((m) => <p key={m} className="ap-field-error">{m}</p>)}
            <ol className="tx-options" ref={list}>
              {draft.options.map((o, i) => {
                const labelIndex = new Map(locales.filter((l) => (o.labels[l.code] ?? "").trim() !== "").map((l, j) => [l.code, j]));
                const name = o.adminName || `option ${i + 1}`;
                return (
                  <li key={o.key} className="tx-option" data-key={o.key} data-testid={`option-${i}`}>
                    <span className="tx-option-order" aria-hidden="true">{i + 1}.</span>
                    <div className="tx-option-fields">
                      <Field label={`Option ${i + 1} name`} error={err(`options.${i}.adminName`)}>
                        <input name={`option-${i}-adminName`} value={o.adminName} onChange={(e) => setOption(o.key, { adminName: e.target.value })} maxLength={255} />
                      </Field>
                      {locales.map((l) => (
                        <Field key={l.code} label={`Label (${l.code})`} error={labelIndex.has(l.code) ? err(`options.${i}.translations.${labelIndex.get(l.code)}.label`) : undefined}>
                          <input name={`option-${i}-label-${l.code}`} value={o.labels[l.code] ?? ""} onChange={(e) => setOption(o.key, { labels: { ...o.labels, [l.code]: e.target.value } })} maxLength={255} />
                        </Field>
                      ))}
                      {draft.swatchType && draft.swatchType !== "dropdown" && (
                        <Field label="Swatch value" hint={draft.swatchType === "color" ? "A colour, e.g. #1d4ed8" : undefined} error={err(`options.${i}.swatchValue`)}>
                          <input name={`option-${i}-swatch`} value={o.swatchValue} onChange={(e) => setOption(o.key, { swatchValue: e.target.value })} maxLength={255} />
                        </Field>
                      )}
                    </div>
                    <div className="tx-option-actions">
                      <button type="button" className="ap-secondary tx-small" disabled={i === 0} aria-label={`Move ${name} up`} onClick={() => moveOption(i, -1)}>↑</button>
                      <button type="button" className="ap-secondary tx-small" disabled={i === draft.options.length - 1} aria-label={`Move ${name} down`} onClick={() => moveOption(i, 1)}>↓</button>
                      <button
                        type="button"
                        className="ap-danger tx-small"
                        aria-label={`Remove ${name}`}
                        onClick={() => {
                          set({ options: draft.options.filter((x) => x.key !== o.key) });
                          if (o.id) setRemoved([...removed, o]);
                        }}
                      >
                        Remove
                      </button>
                    </div>
                  </li>
                );
              })}
            </ol>
            {removed.length > 0 && (
              <p className="ap-muted" role="status">
                Removed when you save (unless a product uses it):{" "}
                {removed.map((o) => (
                  <span key={o.key} className="ap-chip">
                    {o.adminName}{" "}
                    <button
                      type="button"
                      className="ap-link"
                      aria-label={`Keep ${o.adminName}`}
                      onClick={() => {
                        setRemoved(removed.filter((x) => x.key !== o.key));
                        set({ options: [...draft.options, o] });
                      }}
                    >
                      keep
                    </button>
                  </span>
                ))}
              </p>
            )}
            <button
              type="button"
              className="ap-secondary"
              onClick={() => {
                const key = newKey();
                set({ options: [...draft.options, { key, adminName: "", swatchValue: "", labels: {} }] });
                setFocusKey(key);
              }}
            >
              Add option
            </button>
          </section>
        )}
      </fieldset>
      {!readOnly && (
        <div className="ap-actions">
          <button type="submit" disabled={mutation.isPending}>{mutation.isPending ? "Saving…" : attribute ? "Save attribute" : "Create attribute"}</button>
          <ErrorNotice error={mutation.error} />
        </div>
      )}
    </form>
  );
}
