"use client";
// Write a CMS page: title, address (slug), HTML content and meta fields of one locale, and the channels that show
// it, with a live preview of the content as the shop will show it (cleaned by the API's own cleaner, a moment after
// typing stops, so no script can run in it and the cleaner never ships to the browser). An edit is saved with the version it was read at (If-Match): a page someone else saved
// meanwhile is a 412, said so, never overwritten. A changed address leaves a 301 redirect from the old one, which
// the editor reads back and shows.
import { useEffect, useState } from "react";
import Link from "next/link";
import { useParams, useRouter } from "next/navigation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PageForms } from "../../../cms/page-input";
import { CmsArticle } from "../../storefront/cms-page";
import { ApiError } from "../../api-error";
import { can, useSignedIn } from "../api";
import { adminApi, ifMatch, ok, versioned, type Schemas } from "../client";
import { ErrorNotice, Field, Loading } from "../common";
import { ConfirmButton, useNotify } from "../feedback";
import { check, errorsFor, type FieldErrors } from "../form";
import { pageTitle, type CmsPage } from "./format";
import { pagesKey } from "./list";
import "./cms.css";

type Translation = Schemas["AdminCmsPageTranslation"];
type Redirect = Schemas["AdminUrlRedirect"];

interface Fields {
  pageTitle: string;
  urlKey: string;
  htmlContent: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
}

const BLANK: Fields = { pageTitle: "", urlKey: "", htmlContent: "", metaTitle: "", metaDescription: "", metaKeywords: "" };

const fieldsOf = (t: Translation | undefined): Fields =>
  t ? { pageTitle: t.pageTitle, urlKey: t.urlKey, htmlContent: t.htmlContent, metaTitle: t.metaTitle ?? "", metaDescription: t.metaDescription ?? "", metaKeywords: t.metaKeywords ?? "" } : BLANK;

/** The store's channels, when the role may read settings; else only the ids the page has. */
function useChannels() {
  const session = useSignedIn();
  return useQuery({
    queryKey: ["channels", "all"],
    queryFn: () => ok(adminApi.GET("/api/admin/settings/channels", { params: { query: { per_page: 50 } } })),
    enabled: can(session, "settings.view"),
    staleTime: 300_000,
  });
}

export function EditCmsPage() {
  const { id: raw } = useParams<{ id: string }>();
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const page = useQuery({
    queryKey: [...pagesKey, id],
    queryFn: () => versioned(adminApi.GET("/api/admin/cms/pages/{id}", { params: { path: { id } } })),
    enabled: valid,
  });
  const back = <p className="ap-cms-back"><Link href="/admin/cms">← All pages</Link></p>;
  if (!valid) return <>{back}<h1>Page</h1><p className="ap-error" role="alert">There is no page {raw}.</p></>;
  if (page.isPending) return <>{back}<h1>Page #{id}</h1><Loading what="the page" /></>;
  if (page.isError) return <>{back}<h1>Page #{id}</h1><ErrorNotice error={page.error} /></>;
  return <>{back}<PageEditor page={page.data.value} etag={page.data.etag} onReload={() => void page.refetch()} /></>;
}

function PageEditor({ page, etag, onReload }: { page: CmsPage; etag: string | null; onReload: () => void }) {
  const session = useSignedIn();
  const client = useQueryClient();
  const notify = useNotify();
  const router = useRouter();
  const [locale, setLocale] = useState(page.translations[0]?.locale ?? "");
  const [fields, setFields] = useState<Fields>(() => fieldsOf(page.translations.find((t) => t.locale === locale)));
  const [channels, setChannels] = useState<number[]>(page.channels);
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const [moved, setMoved] = useState<string | null>(null);
  // A page read again (after a save or a reload) refills the form from what the store now has.
  useEffect(() => {
    setFields(fieldsOf(page.translations.find((t) => t.locale === locale)));
    setChannels(page.channels);
  }, [page, locale]);
  const save = useMutation({
    mutationFn: (body: Schemas["updateAdminCmsPageBody"]) =>
      versioned(adminApi.PUT("/api/admin/cms/pages/{id}", { params: { path: { id: page.id }, header: ifMatch(etag) }, body })),
    onSuccess: async (answer, body) => {
      const before = page.translations.find((t) => t.locale === body.locale)?.urlKey;
      client.setQueryData([...pagesKey, page.id], answer);
      void client.invalidateQueries({ queryKey: pagesKey });
      const after = body.translation.urlKey;
      if (before && before !== after) {
        const text = await redirectNotice(session, before, after, body.locale);
        setMoved(text);
        notify(`Page “${body.translation.pageTitle}” saved. ${text}`);
      } else {
        setMoved(null);
        notify(`Page “${body.translation.pageTitle}” saved (${body.locale}).`);
      }
    },
  });
  const remove = useMutation({
    mutationFn: () => ok(adminApi.DELETE("/api/admin/cms/pages/{id}", { params: { path: { id: page.id }, header: ifMatch(etag) } })),
    onSuccess: () => {
      notify(`Page “${pageTitle(page)}” deleted. Redirects from its earlier addresses stay.`);
      void client.invalidateQueries({ queryKey: pagesKey });
      router.push("/admin/cms");
    },
  });
  const submit = () => {
    const value = { id: page.id, locale, channels, translation: fields };
    const checked = check(PageForms.update, value);
    setLocal(checked.errors);
    if (!checked.value) return;
    const { translation: t } = checked.value;
    save.mutate({
      locale,
      channels,
      // The form's own text goes out; the API cleans the HTML just as the preview shows it.
      translation: { ...t, htmlContent: fields.htmlContent, metaTitle: t.metaTitle ?? null, metaDescription: t.metaDescription ?? null, metaKeywords: t.metaKeywords ?? null },
    });
  };
  const stale = save.error instanceof ApiError && save.error.status === 412;
  const canEdit = can(session, "cms.pages.edit");
  return (
    <>
      <h1>{pageTitle(page)}</h1>
      <p className="ap-muted">Page #{page.id} · shown at <a href={`/page/${page.translations.find((t) => t.locale === locale)?.urlKey ?? ""}`}>/page/{page.translations.find((t) => t.locale === locale)?.urlKey}</a></p>
      {moved && <p className="ap-ok ap-cms-moved" data-testid="redirect-notice">{moved}</p>}
      <form
        className="ap-cms-editor"
        aria-label={`Edit the page ${pageTitle(page)}`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="ap-form">
          <Field label="Locale" hint="Each locale has its own title, address and content.">
            <select name="locale" value={locale} onChange={(e) => { setLocale(e.target.value); setLocal(null); save.reset(); }}>
              {page.translations.map((t) => <option key={t.locale} value={t.locale}>{t.locale}</option>)}
            </select>
          </Field>
          <ChannelPicker value={channels} onChange={setChannels} error={errorsFor("channels", local, save.error)} />
        </div>
        <PageFields fields={fields} onChange={setFields} errorOf={(f) => errorsFor(`translation.${f}`, local, save.error)} disabled={!canEdit} />
        {stale && (
          <div className="ap-error" role="alert">
            Someone else saved this page after you opened it, so your changes were not saved over theirs.{" "}
            <button type="button" className="ap-secondary" onClick={() => { save.reset(); onReload(); }}>Load their version</button>
          </div>
        )}
        <div className="ap-actions ap-cms-actions">
          {canEdit && <button type="submit" disabled={save.isPending}>{save.isPending ? "Saving…" : "Save page"}</button>}
          {can(session, "cms.pages.delete") && (
            <ConfirmButton label="Delete page" question={`Delete the page “${pageTitle(page)}” in every locale? Its address stops working.`} confirmLabel="Yes, delete" disabled={remove.isPending} onConfirm={() => remove.mutate()} />
          )}
          {!stale && <ErrorNotice error={save.error} />}
          <ErrorNotice error={remove.error} />
        </div>
      </form>
      <Preview fields={fields} />
    </>
  );
}

/** What the slug change left behind, as the store recorded it (GET /api/admin/marketing/url-redirects). */
async function redirectNotice(session: ReturnType<typeof useSignedIn>, before: string, after: string, locale: string): Promise<string> {
  const from = `/page/${before}`;
  if (!can(session, "marketing.url-redirects.view")) return `Old address ${from} now redirects to /page/${after}.`;
  try {
    const found = await ok(adminApi.GET("/api/admin/marketing/url-redirects", { params: { query: { from_path: from, per_page: 50 } } }));
    const hit: Redirect | undefined = found.data.find((r) => r.locale === locale) ?? found.data[0];
    return hit ? `Old address ${hit.fromPath} now redirects (${hit.statusCode}) to ${hit.toPath}.` : `No redirect was recorded for ${from}.`;
  } catch (e) {
    return `The redirect from ${from} could not be read back: ${e instanceof Error ? e.message : "unknown error"}.`;
  }
}

export function NewCmsPage() {
  const client = useQueryClient();
  const notify = useNotify();
  const router = useRouter();
  const channelsList = useChannels();
  const [fields, setFields] = useState<Fields>(BLANK);
  // A new page shows in every channel unless the admin narrows it (null: not narrowed yet).
  const [chosen, setChannels] = useState<number[] | null>(null);
  const channels = chosen ?? channelsList.data?.data.map((c) => c.id) ?? [];
  const [local, setLocal] = useState<FieldErrors | null>(null);
  const create = useMutation({
    mutationFn: (body: Schemas["createAdminCmsPageInput"]) => ok(adminApi.POST("/api/admin/cms/pages", { body })),
    onSuccess: (made) => {
      notify(`Page “${pageTitle(made)}” created at /page/${made.translations[0]?.urlKey ?? ""}.`);
      void client.invalidateQueries({ queryKey: pagesKey });
      router.replace(`/admin/cms/${made.id}`);
    },
  });
  const submit = () => {
    const checked = check(PageForms.create, { ...fields, channels });
    setLocal(checked.errors);
    if (!checked.value) return;
    const v = checked.value;
    create.mutate({ ...v, htmlContent: fields.htmlContent, metaTitle: v.metaTitle ?? null, metaDescription: v.metaDescription ?? null, metaKeywords: v.metaKeywords ?? null });
  };
  return (
    <>
      <p className="ap-cms-back"><Link href="/admin/cms">← All pages</Link></p>
      <h1>New page</h1>
      <p className="ap-muted">The text is written to every locale of the store; edit each locale afterwards.</p>
      <form className="ap-cms-editor" aria-label="New page" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <div className="ap-form">
          <ChannelPicker value={channels} onChange={setChannels} error={errorsFor("channels", local, create.error)} />
        </div>
        <PageFields fields={fields} onChange={setFields} errorOf={(f) => errorsFor(f, local, create.error)} />
        <div className="ap-actions ap-cms-actions">
          <button type="submit" disabled={create.isPending}>{create.isPending ? "Creating…" : "Create page"}</button>
          <ErrorNotice error={create.error} />
        </div>
      </form>
      <Preview fields={fields} />
    </>
  );
}

function ChannelPicker({ value, onChange, error }: { value: number[]; onChange: (v: number[]) => void; error?: string[] }) {
  const allowed = can(useSignedIn(), "settings.view");
  const channels = useChannels();
  const known = channels.data?.data ?? value.map((id) => ({ id, name: `Channel #${id}` }));
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((x) => x !== id) : [...value, id].sort((a, b) => a - b));
  return (
    <fieldset className="ap-cms-channels">
      <legend>Channels that show it</legend>
      {known.map((c) => (
        <label key={c.id}>
          <input type="checkbox" checked={value.includes(c.id)} onChange={() => toggle(c.id)} disabled={!channels.data} /> {c.name}
        </label>
      ))}
      {!allowed && <span className="ap-hint">Changing them needs the settings permission.</span>}
      <ErrorNotice error={channels.error} />
      {error?.map((e) => <span key={e} className="ap-field-error">{e}</span>)}
    </fieldset>
  );
}

function PageFields({ fields, onChange, errorOf, disabled }: { fields: Fields; onChange: (f: Fields) => void; errorOf: (field: keyof Fields) => string[] | undefined; disabled?: boolean }) {
  const set = (k: keyof Fields) => (e: { target: { value: string } }) => onChange({ ...fields, [k]: e.target.value });
  return (
    <fieldset className="ap-form ap-cms-fields" disabled={disabled}>
      <legend className="ap-sr-only">Page text</legend>
      <Field label="Title" error={errorOf("pageTitle")}>
        <input name="pageTitle" value={fields.pageTitle} onChange={set("pageTitle")} maxLength={255} required />
      </Field>
      <Field label="Address (slug)" hint="Lowercase letters, digits and hyphens: /page/<slug>. Changing it leaves a redirect from the old one." error={errorOf("urlKey")}>
        <input name="urlKey" value={fields.urlKey} onChange={set("urlKey")} maxLength={191} required pattern="[a-z0-9]+(-[a-z0-9]+)*" />
      </Field>
      <div className="ap-wide">
        <Field label="Content (HTML)" hint="Scripts, styles, frames and event attributes are removed when saved; the preview shows what stays." error={errorOf("htmlContent")}>
          <textarea name="htmlContent" rows={12} value={fields.htmlContent} onChange={set("htmlContent")} className="ap-cms-html" />
        </Field>
      </div>
      <Field label="Meta title" error={errorOf("metaTitle")}>
        <input name="metaTitle" value={fields.metaTitle} onChange={set("metaTitle")} maxLength={255} />
      </Field>
      <Field label="Meta keywords" error={errorOf("metaKeywords")}>
        <input name="metaKeywords" value={fields.metaKeywords} onChange={set("metaKeywords")} maxLength={1000} />
      </Field>
      <div className="ap-wide">
        <Field label="Meta description" error={errorOf("metaDescription")}>
          <textarea name="metaDescription" rows={2} value={fields.metaDescription} onChange={set("metaDescription")} maxLength={1000} />
        </Field>
      </div>
    </fieldset>
  );
}

/** `value` once it has stopped changing for `ms` (the first value at once). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The content cleaned by the API as a save would clean it, in the shop's own article: what a shopper will see. Only
 * the API's answer is ever shown, never the typed HTML; while a newer text is being cleaned the last answer stays.
 */
function Preview({ fields }: { fields: Fields }) {
  const typed = useSettled(fields.htmlContent, 300);
  const cleaned = useQuery({
    queryKey: ["cms-preview", typed],
    queryFn: () => ok(adminApi.POST("/api/admin/cms/pages/preview", { body: { htmlContent: typed } })),
    enabled: typed.trim() !== "",
    placeholderData: (previous) => previous,
    staleTime: Infinity,
    retry: false,
  });
  const html = typed.trim() ? cleaned.data?.htmlContent : "";
  return (
    <section className="ap-cms-preview" aria-labelledby="ap-cms-preview-title">
      <h2 id="ap-cms-preview-title">Preview</h2>
      <div className="ap-cms-preview-frame" data-testid="cms-preview">
        {cleaned.isError ? <ErrorNotice error={cleaned.error} />
          : html === undefined ? <Loading what="the preview" />
          : html ? <CmsArticle title={fields.pageTitle || "Untitled page"} html={html} />
          : <p className="ap-muted">Nothing to show yet: the content is empty once cleaned.</p>}
      </div>
    </section>
  );
}
