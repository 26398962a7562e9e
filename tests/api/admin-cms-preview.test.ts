// The page editor's preview (POST /api/admin/cms/pages/preview, GraphQL previewAdminCmsPageContent): HTML cleaned by
// the very cleaner a save runs, so the panel can show what the store will keep without shipping sanitize-html to the
// browser. It writes nothing, needs the permission that reads pages, and refuses what a save would refuse to read.
// The panel's form checks with the same field rules as the operations, minus the cleaning (lib/cms/page-input.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { adminCall, adminToken, asAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";
import { PageForms } from "../../lib/cms/page-input.ts";

const preview = "previewAdminCmsPageContent";
const HOSTILE = [
  '<h2>Shipping</h2><p onclick="steal()">We ship in one day.</p><script>window.ran = true</script>',
  '<img src="x" alt="" onerror="window.ran = true"><a href="javascript:alert(1)">x</a><a href="https://example.com" target="_blank">out</a>',
  "<style>body{display:none}</style><iframe src=\"https://evil.example\"></iframe><p>kept</p>",
];

let token: string;
let channels: number[];
beforeAll(async () => {
  token = await adminToken();
  channels = (await (await getDb()).channel.findMany({ select: { id: true } })).map((c) => c.id);
});

describe.each(VIAS)("the CMS content preview over %s", (via) => {
  it.each(HOSTILE)("cleans %s exactly as saving the page does, and writes nothing", async (html) => {
    const db = await getDb();
    const [pages, redirects] = [await db.cmsPage.count(), await db.urlRedirect.count()];
    const res = await asAdmin(via, token, preview, { htmlContent: html });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.data.htmlContent).not.toMatch(/script|onerror|onclick|javascript:|<style|<iframe/);
    expect([await db.cmsPage.count(), await db.urlRedirect.count()]).toEqual([pages, redirects]);

    const made = await adminCall(token, "POST", "/api/admin/cms/pages", { url_key: unique("pv").toLowerCase(), page_title: "Preview", html_content: html, channels });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(res.data.htmlContent).toBe(made.body.translations[0].htmlContent);
    await adminCall(token, "DELETE", `/api/admin/cms/pages/${made.body.id}`);
  });

  it("answers an empty text when nothing is left once cleaned (a save refuses such content)", async () => {
    const res = await asAdmin(via, token, preview, { htmlContent: "<script>alert(1)</script>  " });
    expect(res.status).toBe(200);
    expect(res.data.htmlContent).toBe("");
    const made = await adminCall(token, "POST", "/api/admin/cms/pages", { url_key: unique("pv").toLowerCase(), page_title: "Empty", html_content: "<script>alert(1)</script>", channels });
    expect(made.status).toBe(422);
    expect(made.body.errors.htmlContent[0]).toMatch(/keep some content once cleaned/);
  });

  it("refuses content longer than a page takes, or none", async () => {
    const long = await asAdmin(via, token, preview, { htmlContent: `<p>${"x".repeat(500_000)}</p>` });
    if (via === "rest") {
      expect(long.status).toBe(422);
      expect(Object.keys(long.fields)).toContain("htmlContent");
    } else {
      // GraphQL's own guards refuse a document this large before the operation reads it.
      expect([400, 413, 422]).toContain(long.status);
    }
    // GraphQL refuses a missing required argument as a bad document (400); REST names the field (422).
    expect((await asAdmin(via, token, preview, {})).status).toBe(via === "rest" ? 422 : 400);
  });

  it("needs cms.pages.view", async () => {
    const without = await adminToken({ role: ["cms.pages.edit", "marketing.url-redirects.view"] });
    expect((await asAdmin(via, without, preview, { htmlContent: "<p>x</p>" })).status).toBe(403);
    const reader = await adminToken({ role: ["cms.pages.view"] });
    const ok = await asAdmin(via, reader, preview, { htmlContent: "<p>x</p><script>1</script>" });
    expect(ok.status).toBe(200);
    expect(ok.data.htmlContent).toBe("<p>x</p>");
  });
});

describe("the page form's own check", () => {
  const fields = { urlKey: "delivery", pageTitle: "Delivery", htmlContent: "<p>Two days.</p>", channels: [1] };

  it("applies the operations' field rules without cleaning anything", () => {
    const typed = '<p onclick="x()">Two days.</p><script>1</script>';
    const ok = PageForms.create.safeParse({ ...fields, htmlContent: typed });
    expect(ok.success).toBe(true);
    expect(ok.data?.htmlContent).toBe(typed);
    const update = PageForms.update.safeParse({ id: 3, locale: "en", channels: [1], translation: { ...fields, htmlContent: typed } });
    expect(update.success).toBe(true);
  });

  it.each([
    ["a slug with capitals and spaces", { urlKey: "Not A Slug" }, "urlKey"],
    ["a blank title", { pageTitle: " " }, "pageTitle"],
    ["blank content", { htmlContent: "   " }, "htmlContent"],
    ["content past 500,000 characters", { htmlContent: "x".repeat(500_001) }, "htmlContent"],
    ["no channel", { channels: [] }, "channels"],
  ])("refuses %s as the API would", (_label, change, field) => {
    const res = PageForms.create.safeParse({ ...fields, ...change });
    expect(res.success).toBe(false);
    expect(res.error!.issues.map((i) => i.path[0])).toContain(field);
  });
});
