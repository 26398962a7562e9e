// Store reference data of the Shop API: channels, locales, currencies, countries (paged) and the states of a
// country, given by id or two-letter code; REST and GraphQL alike.
import { describe, expect, it } from "vitest";
import { call, getDb, graphql, storefrontKey, type GraphqlAnswer } from "../support/client.ts";
import { expectGraphqlError, PAGING_HEADERS, TRANSPORTS, type Transport } from "../support/catalog-fixtures.ts";

/** Every page of a Shop list (`per_page`/`first` = size), with GraphQL's `_id` as `id` after checking its IRI. */
async function listAll(t: Transport, resource: string, field: string, selection: string, size = 50) {
  const key = await storefrontKey();
  const rows: any[] = [];
  let total = 0;
  for (let page = 1, after: string | null = null; page < 50; page++) {
    if (t === "rest") {
      const res = await call("GET", `/api/shop/${resource}?per_page=${size}&page=${page}`, undefined, { key });
      expect(res.status).toBe(200);
      rows.push(...res.body);
      total = Number(res.headers.get("X-Total-Count"));
      if (page >= Number(res.headers.get("X-Total-Pages"))) break;
    } else {
      const res: GraphqlAnswer = await graphql(`query($after: String) { ${field}(first: ${size}, after: $after) { totalCount edges { cursor node { id _id ${selection} } } pageInfo { endCursor hasNextPage } } }`, { after }, { key });
      expect(res.body.errors).toBeUndefined();
      const conn: any = res.body.data[field];
      for (const { node } of conn.edges) {
        expect(node.id).toBe(`/api/shop/${resource}/${node._id}`);
        rows.push({ ...node, id: node._id, _id: undefined });
      }
      total = conn.totalCount;
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
  }
  return { rows: rows.map(({ _id, ...r }) => r), total };
}

/** The store's locale codes, the request's (default `en`) first: the languages names are given in. */
async function storeLocales(): Promise<{ id: number; code: string }[]> {
  const rows = await (await getDb()).locale.findMany({ orderBy: { id: "asc" } });
  return [...rows.filter((l) => l.code === "en"), ...rows.filter((l) => l.code !== "en")];
}

/** A country's name in a locale: the stored (English) one, else the CLDR region name. */
const regionName = (code: string, stored: string, locale: string) =>
  locale === "en" ? stored : (new Intl.DisplayNames([locale], { type: "region", fallback: "none" }).of(code) ?? stored);

/** A state as the API shows it: state names are proper nouns, the same in every locale. */
function expectedState(s: { id: number; countryId: number; code: string; name: string }, countryCode: string, locales: { code: string }[]) {
  const translations = locales.map(({ code: locale }) => ({ id: `/api/shop/country-state-translations/${s.id}-${locale}`, locale, defaultName: s.name }));
  return { id: s.id, countryId: s.countryId, countryCode, code: s.code, name: s.name, defaultName: s.name, translation: translations[0], translations };
}

const STATE_SELECTION = "id _id countryId countryCode code name defaultName translation { id locale defaultName } translations { totalCount edges { node { id locale defaultName } } }";

/** A GraphQL state with its IRI checked, `_id` as `id` and its translations connection as a list. */
function fromGraphqlState({ _id, ...s }: any) {
  expect(s.id).toBe(`/api/shop/country-states/${_id}`);
  expect(s.translations.totalCount).toBe(s.translations.edges.length);
  return { ...s, id: _id, translations: s.translations.edges.map((e: any) => e.node) };
}

function fromGraphqlCountry(c: any) {
  return { ...c, translations: c.translations.edges.map((e: any) => e.node), states: c.states.edges.map((e: any) => fromGraphqlState(e.node)) };
}

describe.each(TRANSPORTS)("store reference data (%s)", (t) => {
  it("channels, with their locales, currencies and root category", async () => {
    const db = await getDb();
    const stored = await db.channel.findMany({
      orderBy: { id: "asc" },
      include: { defaultLocale: true, baseCurrency: true, locales: { include: { locale: true } }, currencies: { include: { currency: true } } },
    });
    const { rows, total } = await listAll(t, "channels", "channels", "code name rootCategoryId defaultLocale baseCurrency locales currencies");

    expect(total).toBe(stored.length);
    expect(rows.map((c) => ({ id: c.id, code: c.code, name: c.name, rootCategoryId: c.rootCategoryId, defaultLocale: c.defaultLocale, baseCurrency: c.baseCurrency, locales: [...c.locales].sort(), currencies: [...c.currencies].sort() }))).toEqual(
      stored.map((c) => ({
        id: c.id,
        code: c.code,
        name: c.name,
        rootCategoryId: c.rootCategoryId,
        defaultLocale: c.defaultLocale.code,
        baseCurrency: c.baseCurrency.code,
        locales: c.locales.map((l) => l.locale.code).sort(),
        currencies: c.currencies.map((x) => x.currency.code).sort(),
      })),
    );
    expect(rows.find((c) => c.code === "default")).toMatchObject({ locales: expect.arrayContaining(["en", "fr"]), currencies: expect.arrayContaining(["USD", "EUR"]) });
    expect(rows.find((c) => c.code === "b2b")).toMatchObject({ locales: ["en"], currencies: ["USD"] });
  });

  it("locales", async () => {
    const db = await getDb();
    const stored = await db.locale.findMany({ orderBy: { id: "asc" } });
    const { rows } = await listAll(t, "locales", "locales", "code name direction logoPath logoUrl createdAt updatedAt");
    expect(rows).toEqual(
      stored.map((l) => ({
        id: l.id,
        code: l.code,
        name: l.name,
        direction: l.direction,
        logoPath: l.logoPath,
        logoUrl: l.logoPath ? expect.stringContaining(l.logoPath) : null,
        createdAt: l.createdAt.toISOString(),
        updatedAt: l.updatedAt.toISOString(),
      })),
    );
    expect(rows.map((l) => l.code)).toEqual(expect.arrayContaining(["en", "fr"]));
  });

  it("currencies with their rate against the base currency", async () => {
    const { rows } = await listAll(t, "currencies", "currencies", "code name symbol decimals exchangeRate");
    expect(rows.find((c) => c.code === "USD")).toMatchObject({ symbol: "$", decimals: 2, exchangeRate: 1 });
    expect(rows.find((c) => c.code === "EUR")).toMatchObject({ symbol: "€", decimals: 2, exchangeRate: 0.92 });
  });

  it("countries, by name, walked page by page", async () => {
    const db = await getDb();
    const stored = await db.country.findMany({ orderBy: { name: "asc" }, include: { states: { orderBy: { name: "asc" } } } });
    const locales = await storeLocales();
    const selection = `code name translation { id _id locale name } translations { edges { node { id _id locale name } } } states { totalCount edges { node { ${STATE_SELECTION} } } }`;
    const listed = await listAll(t, "countries", "countries", selection, 16);
    expect(listed.total).toBe(stored.length);
    const rows = t === "graphql" ? listed.rows.map(fromGraphqlCountry) : listed.rows;
    expect(rows).toEqual(
      stored.map((c) => {
        // A translation's number joins the country's and the locale's (it has no row of its own).
        const translations = locales.map(({ id: localeId, code: locale }) => ({ id: `/api/shop/country-translations/${c.id}-${locale}`, _id: c.id * 1000 + localeId, locale, name: regionName(c.code, c.name, locale) }));
        return { id: c.id, code: c.code, name: c.name, translation: translations[0], translations, states: c.states.map((s) => expectedState(s, c.code, locales)) };
      }),
    );
    expect(rows.find((c) => c.code === "FR")?.translations).toContainEqual(expect.objectContaining({ locale: "fr", name: "France" }));
  });
});

describe("GET /api/shop/countries paging", () => {
  it("pages by 10 by default, with the paging headers", async () => {
    const key = await storefrontKey();
    const db = await getDb();
    const total = await db.country.count();
    const res = await call("GET", "/api/shop/countries", undefined, { key });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(Math.min(10, total));
    expect(res.headers.get("X-Total-Count")).toBe(String(total));
    expect(res.headers.get("X-Total-Pages")).toBe(String(Math.ceil(total / 10)));
    for (const h of PAGING_HEADERS) expect(res.headers.get(h)).not.toBeNull();
  });

  it("a page past the last is an empty array with 200", async () => {
    const key = await storefrontKey();
    const res = await call("GET", "/api/shop/countries?page=50", undefined, { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe.each(TRANSPORTS)("states of a country (%s)", (t) => {
  const states = async (country: string) => {
    const key = await storefrontKey();
    if (t === "rest") {
      const res = await call("GET", `/api/shop/countries/${encodeURIComponent(country)}/states`, undefined, { key });
      return { status: res.status, rows: res.status === 200 ? res.body : null, answer: res };
    }
    // The family's clients give the country's number as an Int `countryId`; a code goes in `countryCode`.
    const [arg, value] = /^\d+$/.test(country) ? ["countryId: Int", Number(country)] : ["countryCode: String", country];
    const [name, type] = arg.split(": ");
    const res = await graphql(`query($c: ${type}!) { countryStates(${name}: $c, first: 100) { totalCount edges { node { ${STATE_SELECTION} } } } }`, { c: value }, { key });
    const conn = res.body.data?.countryStates;
    if (conn) expect(conn.totalCount).toBe(conn.edges.length);
    return {
      status: conn ? 200 : res.body.errors?.[0]?.extensions?.status,
      rows: conn ? conn.edges.map(({ node }: any) => fromGraphqlState(node)) : null,
      answer: res,
    };
  };

  const storedStates = async (code: string) => {
    const db = await getDb();
    const country = await db.country.findUniqueOrThrow({ where: { code }, include: { states: { orderBy: { name: "asc" } } } });
    const locales = await storeLocales();
    return { country, rows: country.states.map((s) => expectedState(s, code, locales)) };
  };

  it.each([
    { name: "by numeric id", country: "US", by: (c: { id: number }) => String(c.id) },
    { name: "by two-letter code", country: "CA", by: () => "CA" },
    { name: "by lower-cased code", country: "IN", by: () => "in" },
  ])("$name", async ({ country, by }) => {
    const expected = await storedStates(country);
    const res = await states(by(expected.country));
    expect(res.status).toBe(200);
    expect(res.rows).toEqual(expected.rows);
    expect(res.rows.length).toBeGreaterThan(10);
  });

  it("a country without states → empty list", async () => {
    const res = await states("FR");
    expect(res.status).toBe(200);
    expect(res.rows).toEqual([]);
  });

  it.each([
    { name: "an unknown id", country: "99999", status: 404 },
    { name: "an unknown code", country: "ZZ", status: 404 },
    { name: "neither id nor code", country: "united-states", status: 422 },
  ])("$name → $status", async ({ country, status }) => {
    const res = await states(country);
    expect(res.status).toBe(status);
    if (t === "graphql") expectGraphqlError(res.answer, status);
  });
});
