// Admin categories and attributes (with options), on REST and GraphQL.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { adminCall, adminToken, asAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";

let token: string;
let rootId: number;
beforeAll(async () => {
  token = await adminToken();
  rootId = (await (await getDb()).category.findFirstOrThrow({ where: { parentId: null } })).id;
});

const s = () => unique("c").toLowerCase();
const createCategory = "createAdminCategory";
const idOf = (d: { id: number | string; _id?: number }) => (typeof d.id === "number" ? d.id : d._id!);

describe.each(VIAS)("categories over %s", (transport) => {
  it("creates a tree whose url paths follow the slugs, and keeps them in step on change", async () => {
    const top = await asAdmin(transport, token, createCategory, { parentId: rootId, status: 0, translations: [{ locale: "en", name: "Garden", slug: s() }, { locale: "fr", name: "Jardin", slug: s() }] });
    expect(top.status, JSON.stringify(top.raw)).toBe(201);
    const topEn = top.data.translations.find((t: { locale: string }) => t.locale === "en");
    expect(topEn.urlPath).toBe(topEn.slug);
    const childSlug = s();
    const child = await asAdmin(transport, token, createCategory, { parentId: idOf(top.data), status: 0, translations: [{ locale: "en", name: "Tools", slug: childSlug }] });
    expect(child.data.translations[0].urlPath).toBe(`${topEn.slug}/${childSlug}`);
    const renamed = s();
    const res = await adminCall(token, "PATCH", `/api/admin/catalog/categories/${idOf(top.data)}`, { translations: [{ locale: "en", name: "Garden", slug: renamed }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const childNow = await adminCall(token, "GET", `/api/admin/catalog/categories/${idOf(child.data)}`);
    expect(childNow.body.translations[0].urlPath).toBe(`${renamed}/${childSlug}`);
    expect((await adminCall(token, "GET", `/api/admin/catalog/categories/${idOf(top.data)}`)).body.childrenCount).toBe(1);
  });

  it("refuses bad categories (422) and cycles; a category with children is not deleted (409)", async () => {
    const top = await asAdmin(transport, token, createCategory, { parentId: rootId, status: 0, translations: [{ locale: "en", name: "A", slug: s() }] });
    const child = await asAdmin(transport, token, createCategory, { parentId: idOf(top.data), status: 0, translations: [{ locale: "en", name: "B", slug: s() }] });
    const taken = top.data.translations[0].slug;
    const cases: [string, Record<string, unknown>, string][] = [
      ["no translations", { parentId: rootId, status: 0, translations: [] }, "translations"],
      ["bad slug", { parentId: rootId, status: 0, translations: [{ locale: "en", name: "X", slug: "Bad Slug" }] }, "translations.0.slug"],
      ["unknown parent", { parentId: 99999999, status: 0, translations: [{ locale: "en", name: "X", slug: s() }] }, "parentId"],
      ["unknown locale", { parentId: rootId, status: 0, translations: [{ locale: "xx", name: "X", slug: s() }] }, "translations.0.locale"],
      ["taken path", { parentId: rootId, status: 0, translations: [{ locale: "en", name: "X", slug: taken }] }, "translations"],
      ["bad status", { parentId: rootId, status: 3, translations: [{ locale: "en", name: "X", slug: s() }] }, "status"],
    ];
    const before = await (await getDb()).category.count();
    for (const [label, input, field] of cases) {
      const res = await asAdmin(transport, token, createCategory, input);
      expect(res.status, label).toBe(422);
      expect(Object.keys(res.fields), label).toContain(field);
    }
    expect(await (await getDb()).category.count()).toBeGreaterThanOrEqual(before);
    expect(await (await getDb()).categoryTranslation.count({ where: { slug: "Bad Slug" } })).toBe(0);
    const cycle = await adminCall(token, "PATCH", `/api/admin/catalog/categories/${idOf(top.data)}`, { parentId: idOf(child.data) });
    expect(cycle.status).toBe(422);
    expect((await adminCall(token, "PATCH", `/api/admin/catalog/categories/${idOf(top.data)}`, { parentId: idOf(top.data) })).status).toBe(422);
    expect((await adminCall(token, "DELETE", `/api/admin/catalog/categories/${idOf(top.data)}`)).status).toBe(409);
    expect((await adminCall(token, "DELETE", `/api/admin/catalog/categories/${rootId}`)).status).toBe(409);
    expect((await adminCall(token, "DELETE", `/api/admin/catalog/categories/${idOf(child.data)}`)).status).toBe(200);
    expect((await adminCall(token, "DELETE", `/api/admin/catalog/categories/${idOf(top.data)}`)).status).toBe(200);
  });
});

const createAttribute = "createAdminAttribute";
const code = () => unique("a").toLowerCase().replace(/[^a-z0-9_]/g, "_");

describe.each(VIAS)("attributes over %s", (transport) => {
  it("creates a select attribute with options and labels per locale", async () => {
    const c = code();
    const res = await asAdmin(transport, token, createAttribute, {
      code: c, type: "select", adminName: "Fabric", position: 1000, isFilterable: 0, isVisibleOnFront: true, translations: [{ locale: "en", name: "Fabric" }, { locale: "fr", name: "Tissu" }],
      options: [{ adminName: "Wool", translations: [{ locale: "fr", label: "Laine" }] }, { adminName: "Silk", swatchValue: "#fff" }],
    });
    expect(res.status, JSON.stringify(res.raw)).toBe(201);
    expect(res.data).toMatchObject({ code: c, type: "select", isFilterable: 0 });
    expect(res.data.options.map((o: { adminName: string; sortOrder: number }) => [o.adminName, o.sortOrder])).toEqual([["Wool", 0], ["Silk", 1]]);
    expect(res.data.options[0].translations).toEqual([{ locale: "fr", label: "Laine" }]);
  });

  it("refuses bad attributes with 422", async () => {
    const taken = code();
    await asAdmin(transport, token, createAttribute, { code: taken, type: "text", adminName: "T", position: 1000 });
    const cases: [string, Record<string, unknown>, string][] = [
      ["duplicate code", { code: taken, type: "text", adminName: "T" }, "code"],
      ["bad code", { code: "Bad Code", type: "text", adminName: "T" }, "code"],
      ["bad type", { code: code(), type: "color", adminName: "T" }, "type"],
      ["options on text", { code: code(), type: "text", adminName: "T", options: [{ adminName: "x" }] }, "options"],
      ["configurable text", { code: code(), type: "text", adminName: "T", isConfigurable: true }, "isConfigurable"],
      ["unknown locale", { code: code(), type: "text", adminName: "T", translations: [{ locale: "xx", name: "x" }] }, "translations"],
    ];
    for (const [label, input, field] of cases) {
      const res = await asAdmin(transport, token, createAttribute, input);
      expect(res.status, label).toBe(422);
      expect(Object.keys(res.fields), label).toContain(field);
      if (label !== "duplicate code") expect(await (await getDb()).attribute.count({ where: { code: input.code as string } }), label).toBe(0);
    }
  });
});

describe("attribute options and deletes", () => {
  it("PATCH options is the whole list: keeps, renames, adds and drops unused options", async () => {
    const made = (await adminCall(token, "POST", "/api/admin/catalog/attributes", { code: code(), type: "multiselect", admin_name: "Tags", position: 1000, options: [{ admin_name: "A" }, { admin_name: "B" }] })).body;
    const [a, b] = made.options;
    const res = await adminCall(token, "PATCH", `/api/admin/catalog/attributes/${made.id}`, { options: [{ id: a.id, admin_name: "A2" }, { admin_name: "C" }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.options.map((o: { adminName: string }) => o.adminName)).toEqual(["A2", "C"]);
    expect(res.body.options[0].id).toBe(a.id);
    expect(await (await getDb()).attributeOption.count({ where: { id: b.id } })).toBe(0);
    expect((await adminCall(token, "PATCH", `/api/admin/catalog/attributes/${made.id}`, { code: "renamed" })).status).toBe(422);
    expect((await adminCall(token, "PATCH", `/api/admin/catalog/attributes/${made.id}`, { options: [{ id: 99999999, admin_name: "X" }] })).status).toBe(422);
  });

  it("an attribute or option that products use is not removed (409)", async () => {
    const db = await getDb();
    const color = await db.attribute.findUniqueOrThrow({ where: { code: "color" }, include: { options: true } });
    expect((await adminCall(token, "DELETE", `/api/admin/catalog/attributes/${color.id}`)).status).toBe(409);
    const keepOne = await adminCall(token, "PATCH", `/api/admin/catalog/attributes/${color.id}`, { options: [{ id: color.options[0].id, adminName: color.options[0].adminName }] });
    expect(keepOne.status).toBe(409);
    expect(await db.attributeOption.count({ where: { attributeId: color.id } })).toBe(color.options.length);
    const spare = (await adminCall(token, "POST", "/api/admin/catalog/attributes", { code: code(), type: "text", adminName: "Spare", position: 1000 })).body;
    expect((await adminCall(token, "DELETE", `/api/admin/catalog/attributes/${spare.id}`)).status).toBe(200);
    expect((await adminCall(token, "GET", `/api/admin/catalog/attributes/${spare.id}`)).status).toBe(404);
  });

  it("needs catalog.attributes permissions", async () => {
    const viewer = await adminToken({ scope: "custom", permissions: ["catalog.attributes.view"] });
    expect((await adminCall(viewer, "GET", "/api/admin/catalog/attributes?type=select")).status).toBe(200);
    expect((await adminCall(viewer, "POST", "/api/admin/catalog/attributes", { code: code(), type: "text", adminName: "X" })).status).toBe(403);
    expect((await adminCall(viewer, "GET", "/api/admin/catalog/categories")).status).toBe(403);
  });
});
