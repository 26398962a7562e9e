"use client";
// The product form, for a new product and for an edit: names and descriptions per locale, SKU, status, prices
// with the special price's dates, cost, weight, the channels it is sold in with its stock in each, categories and
// attribute values. What was typed is checked with the Admin API's own rules (lib/admin/catalog/product-input.ts,
// all but the cleaning of the descriptions' HTML, which the server does) before it is sent; the API's field errors
// show under the same fields. An edit sends If-Match, so a product someone else changed meanwhile is a 412 that says
// so instead of overwriting their change.
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useMutation } from "@tanstack/react-query";
import { ProductForms } from "../../../admin/catalog/product-input";
import { PRODUCT_TYPES } from "../../../catalog/product-types";
import { ApiError } from "../../api-error";
import { adminApi, ifMatch, ok } from "../client";
import { ErrorNotice, Field } from "../common";
import { check } from "../form";
import { useNotify } from "../feedback";
import { slugOf, useStoreLocales } from "./taxonomy";
import { categoryPaths, channelName, KEEPS_STOCK, useAttributes, useCategories, useChannels, type Attribute, type Product } from "./product-data";
import { attributeKey, buildBody, draftOf, formErrors, type CreateBody, type Draft, type TranslationDraft } from "./product-draft";

/** Top-level fields, each shown under its own input; others (`translations.en.name`…) by their section. */
const SCALARS = ["type", "parentId", "sku", "status", "visibleIndividually", "new", "featured", "price", "specialPrice", "specialPriceFrom", "specialPriceTo", "cost", "weight"];
const SECTIONS = ["translations", "channels", "categories", "inventories", "attributeValues", "superAttributes"];
const shownAt = (key: string) => SCALARS.includes(key) || SECTIONS.includes(key) || /^(translations|stock|attributes)\./.test(key);

export interface ProductFormProps {
  /** The product edited, with the ETag it was read with; null for a new product. */
  product: Product | null;
  etag: string | null;
  /** A new variant's configurable product. */
  parent?: Product | null;
  /** After a create (with the new id) or a save. */
  onSaved: (id: number, created: boolean) => Promise<unknown> | void;
  /** Told whether the form holds changes not saved yet. */
  onDirty?: (dirty: boolean) => void;
  /** A 412's way out: read the product again (the form starts over from it). */
  onReload?: () => void;
}

export function ProductForm({ product, etag, parent, onSaved, onDirty, onReload }: ProductFormProps) {
  const notify = useNotify();
  const channels = useChannels();
  const categories = useCategories();
  const attributes = useAttributes();
  const locales = useStoreLocales(product?.translations.map((t) => t.locale) ?? []);
  const defaultChannels = parent?.channels ?? channels.data?.map((c) => c.id) ?? [];
  const [draft, setDraft] = useState<Draft>(() => draftOf(product, { channels: defaultChannels, parentId: parent?.id }));
  const touched = useRef(new Set<string>());
  const [files, setFiles] = useState<File[]>([]);
  const [local, setLocal] = useState<Record<string, string[]> | null>(null);
  const sent = useRef<(path: string) => string>((p) => p);
  const isNew = product === null;

  const save = useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      if (!product) {
        const made = await ok(adminApi.POST("/api/admin/catalog/products", { body: body as CreateBody }));
        if (files.length) {
          const form = new FormData();
          for (const f of files) form.append("images", f);
          await ok(adminApi.POST("/api/admin/catalog/products/{id}/images", { params: { path: { id: made.id } }, body: form as never, bodySerializer: (b) => b as FormData }));
        }
        return made.id;
      }
      await ok(adminApi.PATCH("/api/admin/catalog/products/{id}", { params: { path: { id: product.id } }, headers: ifMatch(etag), body: body }));
      return product.id;
    },
    onSuccess: async (id) => {
      notify(isNew ? `Product ${draft.sku} created${files.length ? ` with ${files.length} image${files.length > 1 ? "s" : ""}` : ""}.` : `Product ${draft.sku} saved.`);
      onDirty?.(false);
      await onSaved(id, isNew);
    },
  });

  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    onDirty?.(true);
  };
  const setTranslation = (locale: string, next: Partial<TranslationDraft>) =>
    change({ translations: { ...draft.translations, [locale]: { ...(draft.translations[locale] ?? { name: "", urlKey: "", shortDescription: "", description: "" }), ...next } } });
  const setAttribute = (key: string, value: string | string[]) => {
    touched.current.add(key);
    change({ attributes: { ...draft.attributes, [key]: value } });
  };
  const toggle = (list: number[], id: number, on: boolean) => (on ? [...new Set([...list, id])] : list.filter((x) => x !== id));

  const server = save.error instanceof ApiError ? formErrors(save.error.fields, sent.current) : {};
  const errors = local ?? server;
  const err = (key: string) => errors[key];
  const stale = save.error instanceof ApiError && save.error.status === 412;
  const unplaced = Object.entries(errors).filter(([k]) => !shownAt(k));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const built = buildBody(draft, { isNew, locales: locales.map((l) => l.code), attributes: attributes.data ?? [], touched: touched.current });
    const checked = check(isNew ? ProductForms.create : ProductForms.update, built.body);
    sent.current = built.fieldOf;
    if (checked.errors) {
      setLocal(formErrors(checked.errors, built.fieldOf));
      return;
    }
    setLocal(null);
    save.mutate(built.body);
  };

  const superOptions = (attributes.data ?? []).filter((a) => a.isConfigurable && a.type === "select");
  const shownAttributes = (attributes.data ?? []).filter(
    (a) => !["image", "file"].includes(a.type) && !(draft.type === "configurable" && (isNew ? draft.superAttributes : (product?.superAttributes ?? [])).includes(a.code)),
  );
  const channelIds = [...new Set([...(channels.data?.map((c) => c.id) ?? []), ...draft.channels])];
  const keepsStock = KEEPS_STOCK.has(draft.type);

  return (
    <form className="pr-product-form" aria-label={isNew ? "New product" : `Edit ${product.name}`} onSubmit={submit} noValidate>
      {stale ? (
        <div className="ap-error" role="alert">
          <p>Someone else changed this product since you opened it. Reload it to see their change, then make yours again: nothing was saved.</p>
          {onReload && <button type="button" className="ap-secondary" onClick={onReload}>Reload the product</button>}
        </div>
      ) : (
        <ErrorNotice error={save.error ?? (local ? new Error("Some details are not valid: see the messages under the fields.") : null)} />
      )}

      <Section title="General">
        {isNew && !parent && (
          <Field label="Type" error={err("type")}>
            <select name="type" value={draft.type} onChange={(e) => change({ type: e.target.value })}>
              {PRODUCT_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
            </select>
          </Field>
        )}
        <Field label="SKU" hint="Letters, digits, dot, dash and underscore" error={err("sku")}>
          <input name="sku" value={draft.sku} onChange={(e) => change({ sku: e.target.value })} maxLength={191} required autoComplete="off" />
        </Field>
        <div className="pr-checks">
          <Check label="Enabled (sold in the shop)" name="status" checked={draft.status} onChange={(v) => change({ status: v })} error={err("status")} />
          <Check label="Visible on its own" name="visibleIndividually" checked={draft.visibleIndividually} onChange={(v) => change({ visibleIndividually: v })} />
          <Check label="New" name="new" checked={draft.new} onChange={(v) => change({ new: v })} />
          <Check label="Featured" name="featured" checked={draft.featured} onChange={(v) => change({ featured: v })} />
        </div>
        {isNew && draft.type === "configurable" && (
          <fieldset className="ap-wide pr-choices">
            <legend>Options its variants differ by</legend>
            {superOptions.map((a) => (
              <label key={a.code}>
                <input type="checkbox" checked={draft.superAttributes.includes(a.code)}
                  onChange={(e) => change({ superAttributes: e.target.checked ? [...draft.superAttributes, a.code] : draft.superAttributes.filter((c) => c !== a.code) })} />
                {a.adminName}
              </label>
            ))}
            <Errors list={err("superAttributes")} />
          </fieldset>
        )}
      </Section>

      <Section title="Names and descriptions">
        <Errors list={err("translations")} />
        {locales.map((l) => {
          const t = draft.translations[l.code] ?? { name: "", urlKey: "", shortDescription: "", description: "" };
          const e = (f: string) => err(`translations.${l.code}.${f}`);
          return (
            <fieldset key={l.code} className="ap-wide pr-locale" lang={l.code}>
              <legend>{l.name} ({l.code})</legend>
              <Field label={`Name (${l.code})`} error={e("name") ?? e("locale")}>
                <input name={`name-${l.code}`} value={t.name} onChange={(ev) => setTranslation(l.code, { name: ev.target.value })} maxLength={255} />
              </Field>
              <Field label={`URL key (${l.code})`} hint="Blank: made from the name" error={e("urlKey")}>
                <input name={`urlKey-${l.code}`} value={t.urlKey} placeholder={slugOf(t.name)} onChange={(ev) => setTranslation(l.code, { urlKey: ev.target.value })} maxLength={191} />
              </Field>
              <Field label={`Short description (${l.code})`} error={e("shortDescription")}>
                <textarea name={`shortDescription-${l.code}`} rows={2} value={t.shortDescription} onChange={(ev) => setTranslation(l.code, { shortDescription: ev.target.value })} />
              </Field>
              <Field label={`Description (${l.code})`} hint="HTML; scripts are removed" error={e("description")}>
                <textarea name={`description-${l.code}`} rows={4} value={t.description} onChange={(ev) => setTranslation(l.code, { description: ev.target.value })} />
              </Field>
            </fieldset>
          );
        })}
      </Section>

      <Section title="Prices">
        <Field label="Price" error={err("price")}>
          <input name="price" inputMode="decimal" value={draft.price} onChange={(e) => change({ price: e.target.value })} required />
        </Field>
        <Field label="Special price" hint="Blank: none" error={err("specialPrice")}>
          <input name="specialPrice" inputMode="decimal" value={draft.specialPrice} onChange={(e) => change({ specialPrice: e.target.value })} />
        </Field>
        <Field label="Special price from" hint="Your local time; blank: from now" error={err("specialPriceFrom")}>
          <input name="specialPriceFrom" type="datetime-local" value={draft.specialPriceFrom} onChange={(e) => change({ specialPriceFrom: e.target.value })} />
        </Field>
        <Field label="Special price until" hint="Blank: no end" error={err("specialPriceTo")}>
          <input name="specialPriceTo" type="datetime-local" value={draft.specialPriceTo} onChange={(e) => change({ specialPriceTo: e.target.value })} />
        </Field>
        <Field label="Cost" hint="What it costs the store" error={err("cost")}>
          <input name="cost" inputMode="decimal" value={draft.cost} onChange={(e) => change({ cost: e.target.value })} />
        </Field>
        <Field label="Weight" error={err("weight")}>
          <input name="weight" inputMode="decimal" value={draft.weight} onChange={(e) => change({ weight: e.target.value })} />
        </Field>
      </Section>

      <Section title={keepsStock ? "Channels and stock" : "Channels"}>
        <Errors list={[...(err("channels") ?? []), ...(err("inventories") ?? [])]} />
        {!keepsStock && <p className="ap-muted ap-wide">A {draft.type} product keeps no stock of its own{draft.type === "configurable" ? ": each variant has its stock" : ""}.</p>}
        {channelIds.map((id) => (
          <div key={id} className="pr-channel">
            <Check label={`Sold in ${channelName(channels.data, id)}`} name={`channel-${id}`} checked={draft.channels.includes(id)} onChange={(v) => change({ channels: toggle(draft.channels, id, v) })} />
            {keepsStock && draft.channels.includes(id) && (
              <Field label={`Stock in ${channelName(channels.data, id)}`} error={err(`stock.${id}`)}>
                <input name={`stock-${id}`} inputMode="numeric" value={draft.stock[id] ?? ""} onChange={(e) => change({ stock: { ...draft.stock, [id]: e.target.value } })} />
              </Field>
            )}
          </div>
        ))}
      </Section>

      <Section title="Categories">
        <fieldset className="ap-wide pr-choices pr-category-list">
          <legend className="ap-sr-only">Categories</legend>
          {categories.isError ? <ErrorNotice error={categories.error} /> : categoryPaths(categories.data ?? []).map((c) => (
            <label key={c.id}>
              <input type="checkbox" checked={draft.categories.includes(c.id)} onChange={(e) => change({ categories: toggle(draft.categories, c.id, e.target.checked) })} />
              {c.label}
            </label>
          ))}
        </fieldset>
        <Errors list={err("categories")} />
      </Section>

      <Section title="Attributes">
        <Errors list={err("attributeValues")} />
        {shownAttributes.map((a) =>
          (a.valuePerLocale ? locales.map((l) => l.code) : [null]).map((locale) => {
            const key = attributeKey(a.code, locale);
            return <AttributeInput key={key} attribute={a} locale={locale} value={draft.attributes[key]} onChange={(v) => setAttribute(key, v)} error={err(`attributes.${key}`)} />;
          }),
        )}
      </Section>

      {isNew && (
        <Section title="Images">
          <Field label="Images" hint="PNG, JPEG, GIF or WebP, up to 5 MB each; uploaded once the product is created">
            <input name="images" type="file" multiple accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => setFiles([...(e.target.files ?? [])])} />
          </Field>
        </Section>
      )}

      {unplaced.length > 0 && (
        <ul className="ap-error">
          {unplaced.map(([k, messages]) => messages.map((m) => <li key={`${k}${m}`}>{k}: {m}</li>))}
        </ul>
      )}
      <div className="ap-actions pr-form-actions">
        <button type="submit" disabled={save.isPending}>{save.isPending ? "Saving…" : isNew ? "Create product" : "Save product"}</button>
      </div>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="ap-card pr-product-section" aria-label={title}>
      <h2>{title}</h2>
      <div className="ap-form">{children}</div>
    </section>
  );
}

function Check({ label, name, checked, onChange, error }: { label: string; name: string; checked: boolean; onChange: (v: boolean) => void; error?: string[] }) {
  return (
    <label className="pr-check">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
      <Errors list={error} />
    </label>
  );
}

function Errors({ list }: { list: string[] | undefined }) {
  return list?.length ? <>{list.map((m) => <span key={m} className="ap-field-error ap-wide">{m}</span>)}</> : null;
}

function AttributeInput({ attribute: a, locale, value, onChange, error }: { attribute: Attribute; locale: string | null; value: string | string[] | undefined; onChange: (v: string | string[]) => void; error?: string[] }) {
  const label = locale ? `${a.adminName} (${locale})` : a.adminName;
  const one = Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
  const name = `attr-${attributeKey(a.code, locale)}`;
  let input: ReactNode;
  if (a.type === "select" || a.type === "boolean") {
    input = (
      <select name={name} value={one} onChange={(e) => onChange(e.target.value)}>
        <option value="">—</option>
        {a.type === "boolean" ? (
          <>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </>
        ) : (
          a.options.map((o) => <option key={o.id} value={String(o.id)}>{o.adminName}</option>)
        )}
      </select>
    );
  } else if (a.type === "multiselect") {
    const chosen = [value ?? []].flat();
    input = (
      <select name={name} multiple value={chosen} onChange={(e) => onChange([...e.target.selectedOptions].map((o) => o.value))}>
        {a.options.map((o) => <option key={o.id} value={String(o.id)}>{o.adminName}</option>)}
      </select>
    );
  } else if (a.type === "textarea") {
    input = <textarea name={name} rows={3} value={one} onChange={(e) => onChange(e.target.value)} />;
  } else {
    input = <input name={name} type={a.type === "date" ? "date" : "text"} inputMode={a.type === "price" ? "decimal" : undefined} value={one} onChange={(e) => onChange(e.target.value)} />;
  }
  return (
    <Field label={label} hint={a.isRequired ? "Required" : undefined} error={error}>
      {input}
    </Field>
  );
}
