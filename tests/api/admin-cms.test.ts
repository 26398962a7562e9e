// SPEC.md "CMS page (admin)" and "CMS page update", on REST and GraphQL.
import { beforeAll, describe, expect, it } from "vitest";
import { call, getDb, graphql, storefrontKey, unique } from "../support/client.ts";
import { adminCall, adminGraphql, adminToken, gqlStatus, asAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";

let token: string;
let channelIds: { default: number; b2b: number };
beforeAll(async () => {
  token = await adminToken();
  const db = await getDb();
  const channels = await db.channel.findMany({ where: { code: { in: ["default", "b2b"] } } });
  channelIds = { default: channels.find((c) => c.code === "default")!.id, b2b: channels.find((c) => c.code === "b2b")!.id };
});

const slug = () => unique("page").toLowerCase();

/** A fresh page through the API, in every locale, on the b2b channel (the shop suites list the default one). */
async function newPage(overrides: Record<string, unknown> = {}) {
  const res = await adminCall(token, "POST", "/api/admin/cms/pages", {
    url_key: slug(), page_title: "Shipping", html_content: "<p>We ship fast.</p>", meta_title: "Shipping", channels: [channelIds.b2b], ...overrides,
  });
  if (res.status !== 201) throw new Error(`page create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const snapshot = async (id: number) => {
  const db = await getDb();
  const page = await db.cmsPage.findUniqueOrThrow({ where: { id }, include: { translations: { orderBy: { locale: "asc" } }, channels: { orderBy: { channelId: "asc" } } } });
  return { translations: page.translations, channels: page.channels.map((c) => c.channelId) };
};

const PAGE_FIELDS = "id _id layout channels createdAt updatedAt translations { totalCount edges { node { locale urlKey pageTitle htmlContent metaTitle } } }";

describe("CMS page create", () => {
  it.each(VIAS)("applies top-level translated fields to every locale (%s)", async (transport) => {
    const url = slug();
    const create = "createAdminCmsPage";
    const res = await asAdmin(transport, token, create, { urlKey: url, pageTitle: "Returns", htmlContent: "<p>30 days</p>", channels: [channelIds.b2b] });
    expect(res.status, JSON.stringify(res.raw)).toBe(201);
    const id = res.data.id;
    const locales = (await (await getDb()).locale.findMany()).map((l) => l.code).sort();
    const stored = await snapshot(id);
    expect(stored.translations.map((t) => t.locale)).toEqual(locales);
    expect(stored.translations.every((t) => t.urlKey === url && t.pageTitle === "Returns" && t.htmlContent === "<p>30 days</p>")).toBe(true);
    expect(stored.channels).toEqual([channelIds.b2b]);
    if (transport === "rest") {
      expect(res.data.en).toEqual({ url_key: url, page_title: "Returns", html_content: "<p>30 days</p>", meta_title: null, meta_description: null, meta_keywords: null });
      expect(res.data.fr.url_key).toBe(url);
    } else {
      // As sent, before invoke reads it the REST way: the IRI as `id`, translations as a connection.
      const sent = res.raw.data.createAdminCmsPage.adminCmsPage;
      expect(sent.id).toBe(`/api/admin/cms/pages/${id}`);
      expect(sent.translations.totalCount).toBe(locales.length);
    }
  });

  it.each(VIAS)("refuses bad input with 422 and writes nothing (%s)", async (transport) => {
    const taken = (await newPage()).en.url_key;
    const create = "createAdminCmsPage";
    const good = { pageTitle: "T", htmlContent: "<p>x</p>", channels: [channelIds.b2b] };
    const cases: [string, Record<string, unknown>, string][] = [
      ["duplicate url_key", { ...good, urlKey: taken }, "urlKey"],
      ["bad slug", { ...good, urlKey: "Not A Slug" }, "urlKey"],
      ["missing title", { ...good, urlKey: slug(), pageTitle: "" }, "pageTitle"],
      ["only a script", { ...good, urlKey: slug(), htmlContent: "<script>alert(1)</script>" }, "htmlContent"],
      ["empty channels", { ...good, urlKey: slug(), channels: [] }, "channels"],
      ["unknown channel", { ...good, urlKey: slug(), channels: [99999] }, "channels"],
    ];
    for (const [label, input, field] of cases) {
      const before = await (await getDb()).cmsPage.count();
      const res = await asAdmin(transport, token, create, input);
      expect(res.status, label).toBe(422);
      expect(Object.keys(res.fields), label).toContain(field);
      if (typeof input.urlKey === "string" && input.urlKey !== taken) {
        expect(await (await getDb()).cmsPageTranslation.count({ where: { urlKey: input.urlKey } }), label).toBe(0);
      }
      expect(before).toBeGreaterThan(0);
    }
  });

  it("cleans html_content: scripts, event handlers and javascript: links go, markup stays", async () => {
    const page = await newPage({
      html_content: `<h2 onclick="steal()">Hi</h2><script>alert(1)</script><p style="x">A <a href="javascript:alert(1)">bad</a> and <a href="https://example.com" target="_blank">good</a> link<img src=x onerror=alert(1)></p><iframe src="//evil"></iframe>`,
    });
    expect(page.en.html_content).toBe(
      `<h2>Hi</h2><p>A <a>bad</a> and <a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a> link<img src="x" /></p>`,
    );
  });
});

describe("CMS page read and update", () => {
  it("GET answers the per-locale shape; PUT answers the same shape", async () => {
    const page = await newPage();
    const read = await adminCall(token, "GET", `/api/admin/cms/pages/${page.id}`);
    expect(read.status).toBe(200);
    expect(Object.keys(read.body)).toEqual(expect.arrayContaining(["id", "layout", "channels", "translations", "en", "fr", "createdAt", "updatedAt"]));
    expect(read.body.channels).toEqual([channelIds.b2b]);
    const put = await adminCall(token, "PUT", `/api/admin/cms/pages/${page.id}`, { locale: "en", channels: [channelIds.b2b], en: read.body.en });
    expect(put.status).toBe(200);
    expect(Object.keys(put.body).sort()).toEqual(Object.keys(read.body).sort());
    expect(put.body.en).toEqual(read.body.en);
    expect(put.body.fr).toEqual(read.body.fr);
  });

  it("writes only the named locale, replaces the channels, and keeps its own url_key", async () => {
    const page = await newPage();
    const before = await snapshot(page.id);
    const frKey = slug();
    const res = await adminCall(token, "PUT", `/api/admin/cms/pages/${page.id}`, {
      locale: "fr",
      channels: [channelIds.default],
      fr: { url_key: frKey, page_title: "Livraison", html_content: "<p>Rapide</p>", meta_description: "Livraison rapide" },
      en: { url_key: "ignored", page_title: "Ignored", html_content: "<p>ignored</p>" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.fr).toEqual({ url_key: frKey, page_title: "Livraison", html_content: "<p>Rapide</p>", meta_title: null, meta_description: "Livraison rapide", meta_keywords: null });
    const after = await snapshot(page.id);
    expect(after.channels).toEqual([channelIds.default]);
    expect(after.translations.find((t) => t.locale === "en")).toEqual(before.translations.find((t) => t.locale === "en"));
    const same = await adminCall(token, "PUT", `/api/admin/cms/pages/${page.id}`, { locale: "fr", channels: [channelIds.b2b], fr: { url_key: frKey, page_title: "Livraison 2", html_content: "<p>Rapide</p>" } });
    expect(same.status).toBe(200);
    expect((await snapshot(page.id)).channels).toEqual([channelIds.b2b]);
  });

  it("a changed url_key leaves a 301 the storefront follows, and it outlives the page", async () => {
    const page = await newPage();
    const old = page.en.url_key;
    const next = slug();
    const res = await adminCall(token, "PUT", `/api/admin/cms/pages/${page.id}`, { locale: "en", channels: [channelIds.b2b], en: { ...page.en, url_key: next } });
    expect(res.status).toBe(200);
    const db = await getDb();
    const redirect = await db.urlRedirect.findFirstOrThrow({ where: { fromPath: `/page/${old}` } });
    expect(redirect).toMatchObject({ toPath: `/page/${next}`, statusCode: 301, locale: "en", entityType: "cms_page", entityId: page.id });

    const key = await storefrontKey();
    const b2b = { "X-CHANNEL": "b2b" };
    const viaList = await call("GET", `/api/shop/pages?url_key=${old}`, undefined, { key, headers: b2b });
    expect(viaList.status).toBe(200);
    expect(viaList.body.map((p: { id: number }) => p.id)).toEqual([page.id]);
    expect(viaList.body[0].urlKey).toBe(next);
    const viaGraphql = await graphql(`query($k: String!) { pageByUrlKeypages(urlKey: $k) { id translation { urlKey } } }`, { k: old }, { key, headers: b2b });
    expect(viaGraphql.body.data.pageByUrlKeypages.translation.urlKey).toBe(next);

    const third = slug();
    await adminCall(token, "PUT", `/api/admin/cms/pages/${page.id}`, { locale: "en", channels: [channelIds.b2b], en: { ...page.en, url_key: third } });
    expect((await db.urlRedirect.findFirstOrThrow({ where: { fromPath: `/page/${old}` } })).toPath).toBe(`/page/${third}`);

    expect((await adminCall(token, "DELETE", `/api/admin/cms/pages/${page.id}`)).status).toBe(200);
    expect(await db.cmsPage.count({ where: { id: page.id } })).toBe(0);
    expect(await db.urlRedirect.count({ where: { fromPath: { in: [`/page/${old}`, `/page/${next}`] } } })).toBe(2);
  });

  it("answers 404 for a missing page and 422 for bad bodies, writing nothing", async () => {
    const page = await newPage();
    const other = await newPage();
    const block = { url_key: page.en.url_key, page_title: "T", html_content: "<p>x</p>" };
    const missing = await adminCall(token, "PUT", "/api/admin/cms/pages/99999999", { locale: "en", channels: [channelIds.b2b], en: block });
    expect(missing.status).toBe(404);
    const before = await snapshot(page.id);
    const cases: [string, Record<string, unknown>, string][] = [
      ["no locale", { channels: [channelIds.b2b], en: block }, "locale"],
      ["no block", { locale: "en", channels: [channelIds.b2b] }, "translation"],
      ["no html_content", { locale: "en", channels: [channelIds.b2b], en: { url_key: block.url_key, page_title: "T" } }, "translation.htmlContent"],
      ["no url_key", { locale: "en", channels: [channelIds.b2b], en: { page_title: "T", html_content: "<p>x</p>" } }, "translation.urlKey"],
      ["empty channels", { locale: "en", channels: [], en: block }, "channels"],
      ["no channels", { locale: "en", en: block }, "channels"],
      ["unknown channel", { locale: "en", channels: [99999], en: block }, "channels"],
      ["unknown locale", { locale: "xx", channels: [channelIds.b2b], xx: block }, "locale"],
      ["duplicate url_key", { locale: "en", channels: [channelIds.b2b], en: { ...block, url_key: other.en.url_key } }, "translation.urlKey"],
    ];
    for (const [label, body, field] of cases) {
      const res = await adminCall(token, "PUT", `/api/admin/cms/pages/${page.id}`, body);
      expect(res.status, label).toBe(422);
      expect(Object.keys(res.body.errors), label).toContain(field);
    }
    expect(await snapshot(page.id)).toEqual(before);
  });

  it("over GraphQL: adminCmsPage and updateAdminCmsPage with a `translation` block", async () => {
    const page = await newPage();
    const read = await adminGraphql(token, `query($id: ID!) { adminCmsPage(id: $id) { ${PAGE_FIELDS} } }`, { id: `/api/admin/cms/pages/${page.id}` });
    expect(read.body.data.adminCmsPage._id).toBe(page.id);
    const key = slug();
    const update = await asAdmin("graphql", token, "updateAdminCmsPage", { id: page.id, locale: "fr", channels: [channelIds.b2b], translation: { urlKey: key, pageTitle: "Envoi", htmlContent: "<p>vite</p>" } });
    expect(update.status, JSON.stringify(update.raw)).toBe(200);
    const fr = update.data.translations.find((n: { locale: string }) => n.locale === "fr");
    expect(fr).toMatchObject({ urlKey: key, pageTitle: "Envoi" });
    expect(update.data.channels).toEqual([channelIds.b2b]);
    const bad = await asAdmin("graphql", token, "updateAdminCmsPage", { id: page.id, locale: "fr", channels: [], translation: { urlKey: key, pageTitle: "Envoi", htmlContent: "<p>vite</p>" } });
    expect(bad.status).toBe(422);
    const gone = await asAdmin("graphql", token, "updateAdminCmsPage", { id: 99999999, locale: "fr", channels: [channelIds.b2b], translation: { urlKey: key, pageTitle: "Envoi", htmlContent: "<p>vite</p>" } });
    expect(gone.status).toBe(404);
  });

  it("needs cms.pages.edit to update (403) and cms.pages.view to read", async () => {
    const page = await newPage();
    const viewer = await adminToken({ scope: "custom", permissions: ["cms.pages.view"] });
    expect((await adminCall(viewer, "GET", `/api/admin/cms/pages/${page.id}`)).status).toBe(200);
    const res = await adminCall(viewer, "PUT", `/api/admin/cms/pages/${page.id}`, { locale: "en", channels: [channelIds.b2b], en: page.en });
    expect(res.status).toBe(403);
    const gql = await adminGraphql(viewer, `mutation($i: updateAdminCmsPageInput!) { updateAdminCmsPage(input: $i) { adminCmsPage { id } } }`, {
      i: { id: page.id, locale: "en", channels: [channelIds.b2b], translation: { urlKey: page.en.url_key, pageTitle: "x", htmlContent: "<p>x</p>" } },
    });
    expect(gqlStatus(gql)).toBe(403);
    const list = await adminCall(viewer, "GET", `/api/admin/cms/pages?url_key=${page.en.url_key}`);
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([page.id]);
  });
});
