// The reference storefront answers a stored URL redirect with the record's own status and target (proxy.ts, as
// Next.js runs it before a page renders): 301 for a CMS page's retired slug, 302 for an owner's 302 record, the
// storefront locale's record before the one for every locale. Never on the APIs, the panel or static files, never to
// another origin, and never for a write. The table is held in memory: a page view costs no query once it is loaded,
// and a change to a redirect is answered at once. The live page still renders.
import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { isRedirectError } from "next/dist/client/components/redirect-error.js";
import { getRedirectStatusCodeFromError, getURLFromRedirectError } from "next/dist/client/components/redirect.js";
import { proxy } from "../../proxy.ts";
import CmsPage from "../../app/(storefront)/page/[slug]/page.tsx";
import { BASE } from "../support/app.ts";
import { getDb, unique } from "../support/client.ts";
import { adminCall, adminToken } from "../support/admin.ts";
import { counted } from "../support/statements.ts";
import { resolveScope, storeSettings } from "../../lib/store/settings.ts";

let token: string;
let locale: string;
let otherLocale: string;
let channels: number[];
beforeAll(async () => {
  token = await adminToken();
  const db = await getDb();
  locale = resolveScope(await storeSettings(db), {}).locale;
  otherLocale = (await db.locale.findFirstOrThrow({ where: { code: { not: locale } } })).code;
  channels = (await db.channel.findMany({ select: { id: true } })).map((c) => c.id);
});

const slug = () => unique("rdpage").toLowerCase();
const path = () => `/${unique("rdold").toLowerCase()}`;

function visit(url: string, init: { method?: string } = {}) {
  return proxy(new NextRequest(BASE + url, { method: init.method, headers: { Accept: "text/html" } }));
}

/** What the proxy answered: a redirect's status and target path, or "page" when the request goes on to render. */
async function answer(url: string, init: { method?: string } = {}) {
  const res = await visit(url, init);
  const location = res.headers.get("location");
  if (location) return { status: res.status, location: new URL(location, BASE).pathname + new URL(location, BASE).search };
  // NextResponse.next(): the request goes on to its route, with the page's security policy.
  expect(res.headers.get("x-middleware-next")).toBe("1");
  expect(res.headers.get("content-security-policy")).toBeTruthy();
  return "page" as const;
}

async function newPage(urlKey = slug()) {
  const res = await adminCall(token, "POST", "/api/admin/cms/pages", { url_key: urlKey, page_title: "Returns", html_content: "<p>Thirty days.</p>", channels });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as number, urlKey };
}

async function moveSlug(page: { id: number; urlKey: string }, to: string, inLocale = locale) {
  const res = await adminCall(token, "PUT", `/api/admin/cms/pages/${page.id}`, { locale: inLocale, channels, [inLocale]: { url_key: to, page_title: "Returns", html_content: "<p>Thirty days.</p>" } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function redirectRecord(body: Record<string, unknown>) {
  const res = await adminCall(token, "POST", "/api/admin/marketing/url-redirects", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/** What the storefront's page route does for a slug: renders (an element) or redirects (status and target). */
async function renderPage(slugText: string) {
  try {
    const element = await CmsPage({ params: Promise.resolve({ slug: slugText }) });
    return { rendered: element !== null };
  } catch (e) {
    if (!isRedirectError(e)) throw e;
    return { status: getRedirectStatusCodeFromError(e), location: getURLFromRedirectError(e) };
  }
}

describe("stored redirects on the storefront", () => {
  it("a retired CMS slug answers 301 to the page's address now, and the live page renders", async () => {
    const page = await newPage();
    const moved = slug();
    expect(await answer(`/page/${page.urlKey}`)).toBe("page");
    await moveSlug(page, moved);
    expect(await answer(`/page/${page.urlKey}`)).toEqual({ status: 301, location: `/page/${moved}` });
    expect(await answer(`/page/${page.urlKey}?ref=mail`)).toEqual({ status: 301, location: `/page/${moved}?ref=mail` });
    expect(await answer(`/page/${moved}`)).toBe("page");
    expect(await renderPage(moved)).toEqual({ rendered: true });
    // A request the proxy does not see (a prefetch) is still sent on by the page, with the same permanence.
    expect(await renderPage(page.urlKey)).toEqual({ status: 308, location: `/page/${moved}` });

    // The slug taken back into use stops redirecting; the newer one now leads back.
    await moveSlug({ ...page, urlKey: moved }, page.urlKey);
    expect(await answer(`/page/${page.urlKey}`)).toBe("page");
    expect(await answer(`/page/${moved}`)).toEqual({ status: 301, location: `/page/${page.urlKey}` });
  });

  it("a slug retired in another locale only is not redirected on the storefront", async () => {
    const page = await newPage();
    const moved = slug();
    await moveSlug(page, moved, otherLocale);
    expect(await (await getDb()).urlRedirect.count({ where: { fromPath: `/page/${page.urlKey}`, locale: otherLocale } })).toBe(1);
    expect(await answer(`/page/${page.urlKey}`)).toBe("page");
  });

  it("an owner's redirect answers with its own status, 302 or 301, and follows its changes at once", async () => {
    const from = path();
    const id = await redirectRecord({ fromPath: from, toPath: "/products", statusCode: 302 });
    expect(await answer(from)).toEqual({ status: 302, location: "/products" });
    expect(await answer(`${from}?utm_source=mail`)).toEqual({ status: 302, location: "/products?utm_source=mail" });
    expect(await answer(`${from}/`)).toEqual({ status: 302, location: "/products" });
    expect(await answer(from, { method: "HEAD" })).toEqual({ status: 302, location: "/products" });

    expect((await adminCall(token, "PATCH", `/api/admin/marketing/url-redirects/${id}`, { statusCode: 301, toPath: "/cart?from=old" })).status).toBe(200);
    // The target's own query wins over the request's.
    expect(await answer(`${from}?utm_source=mail`)).toEqual({ status: 301, location: "/cart?from=old" });
    expect((await adminCall(token, "DELETE", `/api/admin/marketing/url-redirects/${id}`)).status).toBe(200);
    expect(await answer(from)).toBe("page");
  });

  it("prefers the storefront locale's record to the one for every locale, and ignores other locales'", async () => {
    const from = path();
    await redirectRecord({ fromPath: from, toPath: "/products", statusCode: 301 });
    expect(await answer(from)).toEqual({ status: 301, location: "/products" });
    await redirectRecord({ fromPath: from, toPath: "/cart", statusCode: 302, locale });
    expect(await answer(from)).toEqual({ status: 302, location: "/cart" });
    const elsewhere = path();
    await redirectRecord({ fromPath: elsewhere, toPath: "/cart", statusCode: 302, locale: otherLocale });
    expect(await answer(elsewhere)).toBe("page");
  });

  it("matches a source written with its query or encoded characters", async () => {
    const from = path();
    await redirectRecord({ fromPath: `${from}?id=3`, toPath: "/products", statusCode: 302 });
    expect(await answer(`${from}?id=3`)).toEqual({ status: 302, location: "/products" });
    expect(await answer(`${from}?id=4`)).toBe("page");
    const accented = `${path()}-café`;
    await redirectRecord({ fromPath: accented, toPath: "/products/été", statusCode: 301 });
    expect(await answer(accented.replace("é", "%C3%A9"))).toEqual({ status: 301, location: "/products/%C3%A9t%C3%A9" });
  });

  it("never redirects the APIs, the panel, the payment gateway or files, nor a write", async () => {
    const db = await getDb();
    const sources = ["/api/shop/products", "/api/shop", "/api/admin", "/admin", "/admin/cms", "/payment-gateway/x", "/_next/static/x.js", "/storage/p.jpg", "/favicon.ico", "/%61pi/shop/products"];
    for (const fromPath of sources) {
      // Written straight into the database: the Admin API refuses them (below).
      await db.urlRedirect.upsert({ where: { fromPath_locale: { fromPath, locale: "" } }, create: { fromPath, toPath: "/products", statusCode: 302, locale: "" }, update: {} });
    }
    const from = path();
    await redirectRecord({ fromPath: from, toPath: "/products", statusCode: 302 });
    expect(await answer(from)).toEqual({ status: 302, location: "/products" }); // the table is loaded, with those rows in it
    for (const fromPath of sources) {
      const res = await visit(fromPath);
      expect(res.headers.get("location"), fromPath).toBeNull();
      expect(res.status, fromPath).toBe(200);
    }
    expect(await answer(from, { method: "POST" })).toBe("page");
    await db.urlRedirect.deleteMany({ where: { fromPath: { in: sources }, locale: "" } });
  });

  it("never leads off-site, whatever a record written around the Admin API says", async () => {
    const db = await getDb();
    const targets = ["//other.example", "https://other.example/x", "/\\other.example", "javascript:alert(1)", "/\t/other.example"];
    const sources: string[] = [];
    for (const toPath of targets) {
      const fromPath = path();
      sources.push(fromPath);
      await db.urlRedirect.create({ data: { fromPath, toPath, statusCode: 302, locale: "" } });
    }
    for (const from of sources) expect(await answer(from), from).toBe("page");
  });

  it("the Admin API refuses a source the storefront would never redirect, and an absolute target", async () => {
    for (const fromPath of ["/api/shop/products", "/api", "/admin", "/admin/users", "/payment-gateway/t", "/_next/static/a.js", "/storage/x.png", "/favicon.ico", "/%61pi/shop"]) {
      const res = await adminCall(token, "POST", "/api/admin/marketing/url-redirects", { fromPath, toPath: "/products" });
      expect(res.status, fromPath).toBe(422);
      expect(Object.keys(res.body.errors), fromPath).toEqual(["fromPath"]);
    }
    for (const toPath of ["https://other.example/", "//other.example"]) {
      expect((await adminCall(token, "POST", "/api/admin/marketing/url-redirects", { fromPath: path(), toPath })).status).toBe(422);
    }
    // A path that only starts like one of them is the storefront's.
    await redirectRecord({ fromPath: `/administration-${unique("x")}`, toPath: "/products" });
  });

  it("a page view costs no query once the table is held", async () => {
    const from = path();
    await redirectRecord({ fromPath: from, toPath: "/products", statusCode: 302 });
    await answer(from);
    const { statements } = await counted(async () => {
      expect(await answer(from)).toEqual({ status: 302, location: "/products" });
      expect(await answer("/products")).toBe("page");
      expect(await answer(`/page/${slug()}`)).toBe("page");
      expect(await renderPage(slug())).toEqual({ rendered: true });
    });
    expect(statements).toEqual([]);
  });
});
