// CMS pages of the shop (WIRE.md Catalog, GraphQL conventions): GET /api/shop/pages and /pages/{id}, GraphQL
// `pages`, `page(id:)`, `page(urlKey:)` and `pageByUrlKeypages(urlKey:)`; translated with X-LOCALE, scoped to
// the channel.
import { describe, expect, it } from "vitest";
import { call, getDb, graphql, storefrontKey } from "../support/client.ts";
import { expectGraphqlError, expectNoPagingHeaders, TRANSPORTS, type Transport } from "../support/catalog-fixtures.ts";

const PAGE_FIELDS = `id _id layout urlKey pageTitle htmlContent metaTitle metaDescription updatedAt
  translation { id cmsPageId locale urlKey pageTitle htmlContent metaTitle metaDescription metaKeywords }`;

/** Pages of the default channel as stored, in `locale`. */
async function storedPages(locale = "en") {
  const db = await getDb();
  const pages = await db.cmsPage.findMany({
    where: { channels: { some: { channel: { code: "default" } } } },
    orderBy: { id: "asc" },
    include: { translations: true },
  });
  return pages.map((p) => {
    const tr = p.translations.find((x) => x.locale === locale)!;
    return {
      id: p.id,
      urlKey: tr.urlKey,
      pageTitle: tr.pageTitle,
      translation: { id: tr.id, cmsPageId: p.id, locale, urlKey: tr.urlKey, pageTitle: tr.pageTitle, htmlContent: tr.htmlContent, metaTitle: tr.metaTitle, metaDescription: tr.metaDescription, metaKeywords: tr.metaKeywords },
      urlKeys: Object.fromEntries(p.translations.map((x) => [x.locale, x.urlKey])),
    };
  });
}

/** A GraphQL page node as REST spells it. */
function fromNode(n: any) {
  expect(n.id).toBe(`/api/shop/pages/${n._id}`);
  const { _id, ...rest } = n;
  return { ...rest, id: _id };
}

async function listPages(t: Transport, headers?: Record<string, string>) {
  const key = await storefrontKey();
  if (t === "rest") {
    const res = await call("GET", "/api/shop/pages?per_page=50", undefined, { key, headers });
    expect(res.status).toBe(200);
    return { rows: res.body, total: Number(res.headers.get("X-Total-Count")) };
  }
  const res = await graphql(`{ pages(first: 50) { totalCount edges { node { ${PAGE_FIELDS} } } } }`, {}, { key, headers });
  expect(res.body.errors).toBeUndefined();
  return { rows: res.body.data.pages.edges.map((e: any) => fromNode(e.node)), total: res.body.data.pages.totalCount };
}

describe.each(TRANSPORTS)("CMS pages (%s)", (t) => {
  it("lists the channel's pages with their translation", async () => {
    const expected = await storedPages();
    const { rows, total } = await listPages(t);

    expect(total).toBe(expected.length);
    expect(rows.map((p: any) => ({ id: p.id, urlKey: p.urlKey, pageTitle: p.pageTitle, translation: p.translation }))).toEqual(
      expected.map(({ urlKeys, ...p }) => p),
    );
    expect(rows.map((p: any) => p.urlKey)).toContain("about-us");
    for (const p of rows) expect(Number.isNaN(Date.parse(p.updatedAt))).toBe(false);
  });

  it("in French with X-LOCALE: fr", async () => {
    const expected = await storedPages("fr");
    const { rows } = await listPages(t, { "X-LOCALE": "fr" });
    expect(rows.map((p: any) => p.translation)).toEqual(expected.map((p) => p.translation));
    expect(rows.find((p: any) => p.urlKey === "a-propos")?.pageTitle).toBe("À propos");
  });

  it("a channel without pages lists none", async () => {
    const { rows, total } = await listPages(t, { "X-CHANNEL": "b2b" });
    expect(rows).toEqual([]);
    expect(total).toBe(0);
  });

  const fetchPage = async (id: number | string, headers?: Record<string, string>) => {
    const key = await storefrontKey();
    if (t === "rest") {
      const res = await call("GET", `/api/shop/pages/${id}`, undefined, { key, headers });
      if (res.status === 200) expectNoPagingHeaders(res);
      return { status: res.status, page: res.status === 200 ? res.body : null, answer: res };
    }
    const res = await graphql(`query($id: ID) { page(id: $id) { ${PAGE_FIELDS} } }`, { id: typeof id === "number" ? `/api/shop/pages/${id}` : id }, { key, headers });
    const node = res.body.data?.page;
    return { status: node ? 200 : res.body.errors?.[0]?.extensions?.status, page: node ? fromNode(node) : null, answer: res };
  };

  it.each([
    { name: "in English", locale: "en", headers: undefined },
    { name: "in French", locale: "fr", headers: { "X-LOCALE": "fr" } },
  ])("one page by id, $name", async ({ locale, headers }) => {
    const [expected] = await storedPages(locale);
    const res = await fetchPage(expected.id, headers);
    expect(res.status).toBe(200);
    expect(res.page).toMatchObject({
      id: expected.id,
      urlKey: expected.urlKey,
      pageTitle: expected.pageTitle,
      htmlContent: expected.translation.htmlContent,
      metaTitle: expected.translation.metaTitle,
      metaDescription: expected.translation.metaDescription,
      translation: expected.translation,
    });
  });

  it.each([
    { name: "an unknown id", id: async () => 99_999_999, headers: undefined, status: 404 },
    { name: "a page of another channel", id: async () => (await storedPages())[0].id, headers: { "X-CHANNEL": "b2b" }, status: 404 },
    { name: "a non-numeric id", id: async () => "about-us", headers: undefined, status: 422 },
  ])("$name → $status", async ({ id, headers, status }) => {
    const res = await fetchPage(await id(), headers);
    expect(res.status).toBe(status);
    if (t === "graphql") expectGraphqlError(res.answer, status);
  });
});

describe("GraphQL pages by url key", () => {
  it.each([
    { name: "page(urlKey:) with the English key", field: "page", locale: "en", headers: undefined, shown: "en" },
    { name: "page(urlKey:) with the French key, answered in English", field: "page", locale: "fr", headers: undefined, shown: "en" },
    { name: "pageByUrlKeypages(urlKey:)", field: "pageByUrlKeypages", locale: "en", headers: undefined, shown: "en" },
    { name: "pageByUrlKeypages(urlKey:) in French", field: "pageByUrlKeypages", locale: "fr", headers: { "X-LOCALE": "fr" }, shown: "fr" },
  ])("$name", async ({ field, locale, headers, shown }) => {
    const key = await storefrontKey();
    const expected = (await storedPages(shown)).find((p) => p.urlKeys.en === "privacy-policy")!;
    const res = await graphql(`query($k: String!) { ${field}(urlKey: $k) { ${PAGE_FIELDS} } }`, { k: expected.urlKeys[locale] }, { key, headers });

    expect(res.body.errors).toBeUndefined();
    expect(fromNode(res.body.data[field])).toMatchObject({ id: expected.id, translation: expected.translation });
  });

  it.each(["page", "pageByUrlKeypages"])("%s with an unknown url key → 404", async (field) => {
    const key = await storefrontKey();
    const res = await graphql(`query($k: String!) { ${field}(urlKey: $k) { _id } }`, { k: "no-such-page" }, { key });
    expectGraphqlError(res, 404);
  });

  it("page() with neither id nor urlKey → 400", async () => {
    const key = await storefrontKey();
    expectGraphqlError(await graphql(`{ page { _id } }`, {}, { key }), 400);
  });
});
