"use client";
// Categories as the tree the storefront shows: every category under its parent in position order, opened and
// closed with buttons or the arrow keys. A category is edited (names, slugs, descriptions per locale, parent,
// position, status) beside the tree, read with its version and saved with If-Match; a subcategory is added under any
// node; a category without subcategories can be deleted after an in-page question.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CategoryForms, DISPLAY_MODES } from "../../../admin/catalog/category-input";
import { ApiError } from "../../api-error";
import { adminApi, ifMatch, ok, versioned, type Schemas } from "../client";
import { can, useSignedIn } from "../api";
import { ErrorNotice, Field, Loading } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { check, errorsFor, type FieldErrors } from "../form";
import { slugOf, useStoreLocales, type StoreLocale } from "./taxonomy";
import "./taxonomy.css";

type Category = Schemas["AdminCategory"];
type Body = Schemas["createAdminCategoryInput"];

const treeKey = ["catalog", "categories", "tree"];
const categoryKey = (id: number) => ["catalog", "categories", id];
const PAGE = "/admin/catalog/categories";

/** Every category, a page of 50 at a time (the list's most), in position order. */
async function allCategories(): Promise<Category[]> {
  const rows: Category[] = [];
  for (let page = 1; ; page++) {
    const answer = await ok(adminApi.GET("/api/admin/catalog/categories", { params: { query: { per_page: 50, page, sort: "position" } } }));
    rows.push(...answer.data);
    if (page >= answer.meta.lastPage) return rows;
  }
}

/** The categories under each parent (`null`: the roots), in the order the storefront shows them. */
function childrenByParent(rows: Category[]): Map<number | null, Category[]> {
  const map = new Map<number | null, Category[]>();
  for (const c of rows) map.set(c.parentId, [...(map.get(c.parentId) ?? []), c]);
  for (const list of map.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  return map;
}

/** The tree in reading order with each category's depth: the parent picker's options. */
function flatten(children: Map<number | null, Category[]>, parent: number | null = null, depth = 0): { c: Category; depth: number }[] {
  return (children.get(parent) ?? []).flatMap((c) => [{ c, depth }, ...flatten(children, c.id, depth + 1)]);
}

/** `id` and every category below it. */
function subtreeOf(children: Map<number | null, Category[]>, id: number): Set<number> {
  const ids = new Set([id]);
  for (const child of children.get(id) ?? []) for (const x of subtreeOf(children, child.id)) ids.add(x);
  return ids;
}

export function Categories() {
  const session = useSignedIn();
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const client = useQueryClient();
  const notify = useNotify();
  const tree = useQuery({ queryKey: treeKey, queryFn: allCategories });
  const rows = useMemo(() => tree.data ?? [], [tree.data]);
  const children = useMemo(() => childrenByParent(rows), [rows]);
  const locales = useStoreLocales([...new Set(rows.flatMap((c) => c.translations.map((t) => t.locale)))]);
  const editing = Number(params.get("edit")) || null;
  const addingUnder = Number(params.get("add_under")) || null;
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [seeded, setSeeded] = useState(false);

  // The roots start open, and so does the way down to the category in the address.
  useEffect(() => {
    if (!tree.data || seeded) return;
    const open = new Set((children.get(null) ?? []).map((c) => c.id));
    const byId = new Map(rows.map((c) => [c.id, c]));
    for (let c = byId.get(editing ?? addingUnder ?? 0); c?.parentId; c = byId.get(c.parentId)) open.add(c.parentId);
    if (addingUnder) open.add(addingUnder);
    setExpanded(open);
    setSeeded(true);
  }, [tree.data, seeded, children, rows, editing, addingUnder]);

  const show = (next: { edit?: number; add_under?: number }) => {
    const q = new URLSearchParams(Object.entries(next).map(([k, v]) => [k, String(v)]));
    router.replace(q.size ? `${pathname}?${q}` : pathname, { scroll: false });
  };
  const toggle = (id: number, open?: boolean) =>
    setExpanded((was) => {
      const next = new Set(was);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const move = useMutation({
    mutationFn: async ({ c, by }: { c: Category; by: -1 | 1 }) => {
      const siblings = [...(children.get(c.parentId) ?? [])];
      const from = siblings.findIndex((s) => s.id === c.id);
      siblings.splice(from, 1);
      siblings.splice(from + by, 0, c);
      // Positions count from 1 in the order shown; only the categories whose number changes are written.
      for (const [i, s] of siblings.entries()) {
        if (s.position === i + 1) continue;
        const { etag } = await versioned(adminApi.GET("/api/admin/catalog/categories/{id}", { params: { path: { id: s.id } } }));
        await ok(adminApi.PATCH("/api/admin/catalog/categories/{id}", { params: { path: { id: s.id }, header: ifMatch(etag) }, body: { position: i + 1 } }));
      }
    },
    onSuccess: (_, { c, by }) => notify(`"${c.name}" moved ${by < 0 ? "up" : "down"}.`),
    onSettled: () => client.invalidateQueries({ queryKey: ["catalog", "categories"] }),
  });

  /** Up and down walk the visible names; right opens a node (or enters it), left closes it (or goes to its parent). */
  const onTreeKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const names = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>("a.tx-name")];
    const at = names.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    const id = Number(names[at].dataset.id);
    const node = rows.find((c) => c.id === id);
    const hasKids = (children.get(id) ?? []).length > 0;
    const focusId = (target: number | null | undefined) => names.find((n) => Number(n.dataset.id) === target)?.focus();
    if (e.key === "ArrowDown") names[at + 1]?.focus();
    else if (e.key === "ArrowUp") names[at - 1]?.focus();
    else if (e.key === "Home") names[0]?.focus();
    else if (e.key === "End") names[names.length - 1]?.focus();
    else if (e.key === "ArrowRight" && hasKids) {
      if (expanded.has(id)) names[at + 1]?.focus();
      else toggle(id, true);
    } else if (e.key === "ArrowLeft") {
      if (hasKids && expanded.has(id)) toggle(id, false);
      else focusId(node?.parentId);
    } else return;
    e.preventDefault();
  };

  const selected = editing ?? addingUnder;
  const canEdit = can(session, "catalog.categories.edit");
  const canCreate = can(session, "catalog.categories.create");

  const node = (c: Category) => {
    const kids = children.get(c.id) ?? [];
    const open = expanded.has(c.id);
    const siblings = children.get(c.parentId) ?? [];
    const index = siblings.findIndex((s) => s.id === c.id);
    return (
      <li key={c.id} data-testid={`category-${c.id}`}>
        <div className={selected === c.id ? "tx-node tx-selected" : "tx-node"}>
          {kids.length ? (
            <button type="button" className="tx-toggle" aria-expanded={open} aria-label={`Subcategories of ${c.name}`} onClick={() => toggle(c.id)}>
              <span aria-hidden="true">{open ? "▾" : "▸"}</span>
            </button>
          ) : (
            <span className="tx-toggle" aria-hidden="true" />
          )}
          <Link className="tx-name" data-id={c.id} href={`${PAGE}?edit=${c.id}`} scroll={false} aria-current={editing === c.id ? "true" : undefined}>
            {c.name}
          </Link>
          {c.status === 0 && <span className="ap-badge inactive">inactive</span>}
          <span className="ap-muted tx-meta">
            {c.productsCount} {c.productsCount === 1 ? "product" : "products"}
          </span>
          <span className="tx-node-actions">
            {canCreate && (
              <Link className="tx-action" href={`${PAGE}?add_under=${c.id}`} scroll={false} aria-label={`Add subcategory under ${c.name}`}>
                Add subcategory
              </Link>
            )}
            {canEdit && siblings.length > 1 && (
              <>
                <button type="button" className="ap-secondary tx-small" disabled={index === 0 || move.isPending} aria-label={`Move ${c.name} up`} onClick={() => move.mutate({ c, by: -1 })}>
                  ↑
                </button>
                <button type="button" className="ap-secondary tx-small" disabled={index === siblings.length - 1 || move.isPending} aria-label={`Move ${c.name} down`} onClick={() => move.mutate({ c, by: 1 })}>
                  ↓
                </button>
              </>
            )}
          </span>
        </div>
        {kids.length > 0 && open && <ul className="tx-branch">{kids.map(node)}</ul>}
      </li>
    );
  };

  return (
    <>
      <h1>Categories</h1>
      <p className="ap-muted">
        The storefront&apos;s category tree. Choose a category to edit it; &ldquo;Add subcategory&rdquo; adds one under it. In the tree, the arrow keys
        move between categories and open or close them.
      </p>
      <ErrorNotice error={move.error} />
      {tree.isPending ? (
        <Loading what="categories" />
      ) : tree.isError ? (
        <ErrorNotice error={tree.error} />
      ) : (
        <div className="tx-layout">
          <nav aria-label="Category tree" className="tx-tree-wrap">
            <ul className="tx-tree" onKeyDown={onTreeKey}>
              {(children.get(null) ?? []).map(node)}
            </ul>
          </nav>
          <section className="tx-editor" aria-label="Category editor">
            {editing ? (
              <EditCategory
                key={editing}
                id={editing}
                rows={rows}
                tree={children}
                locales={locales}
                onDeleted={(c) => {
                  notify(`Category "${c.name}" deleted.`);
                  show({});
                }}
              />
            ) : addingUnder ? (
              <AddCategory
                key={addingUnder}
                parent={rows.find((c) => c.id === addingUnder)}
                rows={rows}
                tree={children}
                locales={locales}
                onAdded={(c, parent) => {
                  notify(`Category "${c.name}" added under "${parent?.name ?? "the top"}".`);
                  if (parent) toggle(parent.id, true);
                  show({ edit: c.id });
                }}
              />
            ) : (
              <p className="ap-muted">Choose a category in the tree to edit it, or &ldquo;Add subcategory&rdquo; to add one under it.</p>
            )}
          </section>
        </div>
      )}
    </>
  );
}

interface Text {
  name: string;
  slug: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  /** The slug follows the name until someone types one. */
  slugTyped: boolean;
}

interface Draft {
  parentId: number | null;
  position: string;
  status: number;
  displayMode: string;
  texts: Record<string, Text>;
}

const blank: Text = { name: "", slug: "", description: "", metaTitle: "", metaDescription: "", slugTyped: false };

function draftOf(c: Category | undefined, parentId: number | null, position: number): Draft {
  const texts: Record<string, Text> = {};
  for (const t of c?.translations ?? []) {
    texts[t.locale] = { name: t.name, slug: t.slug, description: t.description ?? "", metaTitle: t.metaTitle ?? "", metaDescription: t.metaDescription ?? "", slugTyped: true };
  }
  return { parentId: c ? c.parentId : parentId, position: String(c ? c.position : position), status: c ? c.status : 1, displayMode: c?.displayMode ?? "", texts };
}

/** The body the API takes, with the index of each locale's translation in it (the key of its field errors). */
function bodyOf(draft: Draft, locales: StoreLocale[], kept: string[]): { body: Body; index: Map<string, number> } {
  const translations = locales
    .map((l) => ({ locale: l.code, t: draft.texts[l.code] ?? blank }))
    .filter(({ locale, t }) => kept.includes(locale) || t.name.trim() || t.slug.trim() || t.description.trim())
    .map(({ locale, t }) => ({
      locale,
      name: t.name,
      slug: t.slug,
      description: t.description || null,
      metaTitle: t.metaTitle || null,
      metaDescription: t.metaDescription || null,
    }));
  return {
    body: {
      parentId: draft.parentId,
      position: draft.position.trim() === "" ? undefined : (Number(draft.position)),
      status: draft.status,
      displayMode: (draft.displayMode || null) as Body["displayMode"],
      translations,
    },
    index: new Map(translations.map((t, i) => [t.locale, i])),
  };
}

function EditCategory({ id, rows, tree, locales, onDeleted }: { id: number; rows: Category[]; tree: Map<number | null, Category[]>; locales: StoreLocale[]; onDeleted: (c: Category) => void }) {
  const session = useSignedIn();
  const client = useQueryClient();
  const notify = useNotify();
  const one = useQuery({ queryKey: categoryKey(id), queryFn: () => versioned(adminApi.GET("/api/admin/catalog/categories/{id}", { params: { path: { id } } })) });
  const remove = useMutation({
    mutationFn: (c: Category) => ok(adminApi.DELETE("/api/admin/catalog/categories/{id}", { params: { path: { id: c.id }, header: ifMatch(one.data?.etag) } })),
    onSuccess: (_, c) => {
      onDeleted(c);
      client.removeQueries({ queryKey: categoryKey(c.id) });
      return client.invalidateQueries({ queryKey: treeKey });
    },
  });
  const save = useMutation({
    mutationFn: (body: Body) => ok(adminApi.PATCH("/api/admin/catalog/categories/{id}", { params: { path: { id }, header: ifMatch(one.data?.etag) }, body })),
    onSuccess: (c) => {
      notify(`Category "${c.name}" saved.`);
      return client.invalidateQueries({ queryKey: ["catalog", "categories"] });
    },
  });
  if (one.isPending) return <Loading what="the category" />;
  if (one.isError) return <ErrorNotice error={one.error} />;
  const c = one.data.value;
  const kids = tree.get(c.id)?.length ?? c.childrenCount;
  return (
    <>
      <CategoryForm
        key={one.data.etag ?? c.updatedAt}
        title={`Edit “${c.name}”`}
        category={c}
        rows={rows}
        tree={tree}
        locales={locales}
        initial={draftOf(c, c.parentId, c.position)}
        schema={CategoryForms.update}
        mutation={save}
        submitLabel="Save category"
        readOnly={!can(session, "catalog.categories.edit")}
      />
      {save.error instanceof ApiError && save.error.status === 412 && (
        <button type="button" className="ap-secondary tx-reload" onClick={() => void one.refetch().then(() => save.reset())}>
          Load the latest version
        </button>
      )}
      {can(session, "catalog.categories.delete") && (
        <div className="ap-actions tx-delete">
          {kids > 0 ? (
            <span className="ap-muted">A category with subcategories cannot be deleted; move or delete its {kids} subcategories first.</span>
          ) : (
            <ConfirmButton
              label="Delete category"
              question={`Delete "${c.name}"? ${c.productsCount ? `Its ${c.productsCount} products stay in the store, outside this category.` : "It holds no products."}`}
              confirmLabel="Yes, delete it"
              disabled={remove.isPending}
              onConfirm={() => remove.mutate(c)}
            />
          )}
          <ErrorNotice error={remove.error} />
        </div>
      )}
    </>
  );
}

function AddCategory({ parent, rows, tree, locales, onAdded }: { parent: Category | undefined; rows: Category[]; tree: Map<number | null, Category[]>; locales: StoreLocale[]; onAdded: (c: Category, parent: Category | undefined) => void }) {
  const client = useQueryClient();
  const siblings = tree.get(parent?.id ?? null) ?? [];
  const add = useMutation({
    mutationFn: (body: Body) => ok(adminApi.POST("/api/admin/catalog/categories", { body })),
    onSuccess: (c) => {
      onAdded(c, parent);
      return client.invalidateQueries({ queryKey: treeKey });
    },
  });
  if (!parent) return <ErrorNotice error={new Error("There is no such category to add under.")} />;
  return (
    <CategoryForm
      title={`New subcategory of “${parent.name}”`}
      rows={rows}
      tree={tree}
      locales={locales}
      initial={draftOf(undefined, parent.id, Math.max(0, ...siblings.map((s) => s.position)) + 1)}
      schema={CategoryForms.create}
      mutation={add}
      submitLabel="Add category"
    />
  );
}

interface FormProps {
  title: string;
  category?: Category;
  rows: Category[];
  tree: Map<number | null, Category[]>;
  locales: StoreLocale[];
  initial: Draft;
  schema: typeof CategoryForms.create | typeof CategoryForms.update;
  mutation: { mutate: (body: Body) => void; isPending: boolean; error: unknown };
  submitLabel: string;
  readOnly?: boolean;
}

function CategoryForm({ title, category, rows, tree, locales, initial, schema, mutation, submitLabel, readOnly }: FormProps) {
  const [draft, setDraft] = useState(initial);
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const kept = category?.translations.map((t) => t.locale) ?? [];
  const { body, index } = bodyOf(draft, locales, kept);
  const err = (field: string) => errorsFor(field, local, mutation.error);
  const tErr = (locale: string, field: string) => (index.has(locale) ? err(`translations.${index.get(locale)}.${field}`) : undefined);
  const below = category ? subtreeOf(tree, category.id) : new Set<number>();
  const parents = flatten(tree).filter(({ c }) => !below.has(c.id));
  const setText = (locale: string, change: Partial<Text>) =>
    setDraft((d) => {
      const t = { ...(d.texts[locale] ?? blank), ...change };
      if (change.name !== undefined && !t.slugTyped) t.slug = slugOf(change.name);
      return { ...d, texts: { ...d.texts, [locale]: t } };
    });
  return (
    <form
      className="ap-card tx-form"
      aria-labelledby="tx-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        const checked = check(schema, body);
        setLocal(checked.errors);
        if (!checked.errors) mutation.mutate(body);
      }}
    >
      <h2 id="tx-form-title" ref={heading} tabIndex={-1}>{title}</h2>
      {category && <p className="ap-muted">#{category.id} · {category.productsCount} products · {category.childrenCount} subcategories</p>}
      <fieldset disabled={readOnly} className="tx-fieldset">
        <div className="ap-form">
          <Field label="Parent" error={err("parentId")}>
            <select name="parentId" value={draft.parentId ?? ""} onChange={(e) => setDraft({ ...draft, parentId: e.target.value ? Number(e.target.value) : null })}>
              <option value="">None (a top-level category)</option>
              {parents.map(({ c, depth }) => (
                <option key={c.id} value={c.id}>{`${"\u2014 ".repeat(depth)}${c.name}`}</option>
              ))}
            </select>
          </Field>
          <Field label="Position" hint="Lower comes first among its siblings." error={err("position")}>
            <input name="position" type="number" min={0} value={draft.position} onChange={(e) => setDraft({ ...draft, position: e.target.value })} />
          </Field>
          <Field label="Status" error={err("status")}>
            <select name="status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: Number(e.target.value) })}>
              <option value={1}>Active: shown in the storefront</option>
              <option value={0}>Inactive: hidden</option>
            </select>
          </Field>
          <Field label="Display" error={err("displayMode")}>
            <select name="displayMode" value={draft.displayMode} onChange={(e) => setDraft({ ...draft, displayMode: e.target.value })}>
              <option value="">The theme&apos;s default</option>
              {DISPLAY_MODES.map((m) => (
                <option key={m} value={m}>{m.replaceAll("_", " ")}</option>
              ))}
            </select>
          </Field>
        </div>
        {locales.map((l, i) => {
          const t = draft.texts[l.code] ?? blank;
          return (
            <fieldset key={l.code} className="tx-locale">
              <legend>
                {l.name} ({l.code}){i === 0 ? "" : ", optional"}
              </legend>
              <div className="ap-form">
                <Field label={`Name (${l.code})`} error={tErr(l.code, "name")}>
                  <input name={`name-${l.code}`} value={t.name} onChange={(e) => setText(l.code, { name: e.target.value })} maxLength={255} />
                </Field>
                <Field label={`Slug (${l.code})`} hint={`The category's part of its address: ${rows.find((r) => r.id === draft.parentId)?.translations.find((x) => x.locale === l.code)?.urlPath || ""}/${t.slug || "…"}`} error={tErr(l.code, "slug")}>
                  <input name={`slug-${l.code}`} value={t.slug} onChange={(e) => setText(l.code, { slug: e.target.value, slugTyped: true })} maxLength={191} />
                </Field>
                <div className="ap-wide">
                  <Field label={`Description (${l.code})`} hint="HTML is allowed; scripts and unsafe attributes are removed." error={tErr(l.code, "description")}>
                    <textarea name={`description-${l.code}`} rows={3} value={t.description} onChange={(e) => setText(l.code, { description: e.target.value })} />
                  </Field>
                </div>
                <Field label={`Meta title (${l.code})`} error={tErr(l.code, "metaTitle")}>
                  <input name={`metaTitle-${l.code}`} value={t.metaTitle} onChange={(e) => setText(l.code, { metaTitle: e.target.value })} maxLength={255} />
                </Field>
                <Field label={`Meta description (${l.code})`} error={tErr(l.code, "metaDescription")}>
                  <input name={`metaDescription-${l.code}`} value={t.metaDescription} onChange={(e) => setText(l.code, { metaDescription: e.target.value })} maxLength={1000} />
                </Field>
              </div>
            </fieldset>
          );
        })}
        {err("translations")?.map((m) => <p key={m} className="ap-field-error">{m}</p>)}
      </fieldset>
      {!readOnly && (
        <div className="ap-actions">
          <button type="submit" disabled={mutation.isPending}>{mutation.isPending ? "Saving…" : submitLabel}</button>
          <ErrorNotice error={mutation.error} />
        </div>
      )}
    </form>
  );
}
