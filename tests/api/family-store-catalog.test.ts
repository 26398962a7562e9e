// Documents written for this API family's shop schema run against our GraphQL endpoint: single channel, locale,
// country and state reads, the richer category, attribute and option records, product lookup by sku, and the
// storefront's theme blocks. Each answer is compared with the seeded database.
import { describe, expect, it } from "vitest";
import { call, getDb, graphql, storefrontKey } from "../support/client.ts";

async function ask(query: string, variables: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const res = await graphql(query, variables, { key: await storefrontKey(), ...(headers ? { headers } : {}) });
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
}

describe("family store reads", () => {
  it("channel(id:) carries its theme, maintenance settings and texts per locale", async () => {
    const db = await getDb();
    const stored = await db.channel.findFirstOrThrow({ where: { code: "default" }, include: { translations: { orderBy: { locale: "asc" } } } });
    const data = await ask(
      `query($id: ID!) { channel(id: $id) { id _id code theme isMaintenanceOn allowedIps logo logoUrl createdAt
        translation { _id channelId locale name description maintenanceModeText }
        translations { totalCount edges { node { locale name } } } } }`,
      { id: `/api/shop/channels/${stored.id}` },
    );
    expect(data.channel).toMatchObject({ _id: stored.id, code: "default", theme: stored.theme, isMaintenanceOn: stored.isMaintenanceOn, logo: stored.logoPath });
    expect(data.channel.translation).toMatchObject({ _id: stored.translations[0].id, channelId: stored.id, locale: "en", name: stored.translations[0].name });
    expect(data.channel.translations.totalCount).toBe(stored.translations.length);
    expect(data.channel.translations.edges.map((e: any) => e.node.locale)).toEqual(stored.translations.map((t) => t.locale));
    const fr = await ask(`query($id: ID!) { channel(id: $id) { translation { locale name } } }`, { id: String(stored.id) }, { "X-LOCALE": "fr" });
    expect(fr.channel.translation).toEqual({ locale: "fr", name: stored.translations.find((t) => t.locale === "fr")!.name });
  });

  it("locale(id:) by IRI, number or code; an unknown one is a not-found error", async () => {
    const db = await getDb();
    const fr = await db.locale.findUniqueOrThrow({ where: { code: "fr" } });
    for (const id of [`/api/shop/locales/${fr.id}`, String(fr.id), "fr"]) {
      const data = await ask(`query($id: ID!) { locale(id: $id) { _id code name direction logoPath logoUrl updatedAt } }`, { id });
      expect(data.locale).toMatchObject({ _id: fr.id, code: "fr", name: fr.name, direction: fr.direction, logoPath: fr.logoPath });
    }
    const missing = await graphql(`{ locale(id: "zz") { code } }`, {}, { key: await storefrontKey() });
    expect(missing.body.errors?.[0]?.extensions?.status).toBe(404);
  });

  it("country(id:) with its states and names per store locale; countryState(id:)", async () => {
    const db = await getDb();
    const us = await db.country.findUniqueOrThrow({ where: { code: "US" }, include: { states: { orderBy: { name: "asc" } } } });
    const data = await ask(
      `query($id: ID!) { country(id: $id) { _id code name translations { edges { node { locale name } } }
        states(first: 3) { totalCount edges { node { _id code defaultName countryCode translation { locale defaultName } } } } } }`,
      { id: String(us.id) },
    );
    expect(data.country).toMatchObject({ _id: us.id, code: "US", name: us.name });
    const names = Object.fromEntries(data.country.translations.edges.map((e: any) => [e.node.locale, e.node.name]));
    expect(names.en).toBe(us.name);
    expect(names.fr).toBe("États-Unis");
    expect(data.country.states.totalCount).toBe(us.states.length);
    expect(data.country.states.edges.map((e: any) => e.node.code)).toEqual(us.states.slice(0, 3).map((s) => s.code));
    const state = us.states[0];
    const one = await ask(`query($id: ID!) { countryState(id: $id) { _id code defaultName countryId countryCode translations { totalCount } } }`, { id: `/api/shop/country-states/${state.id}` });
    expect(one.countryState).toMatchObject({ _id: state.id, code: state.code, defaultName: state.name, countryId: us.id, countryCode: "US" });
  });

  it("the demo store has the records the family's examples name by number: countries up to 106, attribute 23, its hoodie", async () => {
    const db = await getDb();
    // Every ISO 3166-1 country, the first fourteen with the numbers they always had.
    expect(await db.country.count()).toBe(249);
    expect((await db.country.findUniqueOrThrow({ where: { id: 1 } })).code).toBe("US");
    for (const id of ["106", "/api/shop/countries/16"]) {
      const data = await ask(`query($id: ID!) { country(id: $id) { _id code name } }`, { id });
      expect(data.country._id).toBe(Number(id.split("/").pop()));
      expect(data.country.code).toMatch(/^[A-Z]{2}$/);
    }
    const austria = await db.country.findUniqueOrThrow({ where: { code: "AT" }, include: { states: true } });
    const states = await ask(`query($c: Int!) { countryStates(countryId: $c) { totalCount edges { node { code defaultName countryCode } } } }`, { c: austria.id });
    expect(states.countryStates.totalCount).toBe(9);
    expect(states.countryStates.edges.map((e: any) => e.node.countryCode)).toEqual(Array(9).fill("AT"));
    // Attributes are numbered after the family's 22 system ones: color is 23, with its options.
    const color = await ask(`query($id: ID!) { attribute(id: $id) { _id code options { edges { node { adminName } } } } }`, { id: "/api/shop/attributes/23" });
    expect(color.attribute).toMatchObject({ _id: 23, code: "color" });
    expect(color.attribute.options.edges.length).toBeGreaterThan(0);
    const hoodie = await ask(`query($sku: String!) { product(sku: $sku) { sku name urlKey price } }`, { sku: "COASTALBREEZEMENSHOODIE" });
    expect(hoodie.product).toMatchObject({ sku: "COASTALBREEZEMENSHOODIE", name: "Coastal Breeze Men's Zipper Hoodie" });
  });

  it("an attribute an admin adds after the seed takes the next free number", async () => {
    const db = await getDb();
    const max = (await db.attribute.aggregate({ _max: { id: true } }))._max.id!;
    const created = await db.attribute.create({ data: { code: `seq_${Date.now()}`, adminName: "Seq", type: "text" }, select: { id: true } });
    try {
      expect(created.id).toBeGreaterThan(max);
    } finally {
      await db.attribute.delete({ where: { id: created.id } });
    }
  });

  it("the single reads answer on REST too", async () => {
    const db = await getDb();
    const key = await storefrontKey();
    const ch = await db.channel.findFirstOrThrow({ where: { code: "b2b" } });
    const res = await call("GET", `/api/shop/channels/${ch.id}`, undefined, { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ch.id, code: "b2b", allowedIps: ch.allowedIps, theme: ch.theme });
    const state = await db.countryState.findFirstOrThrow({ include: { country: true } });
    const st = await call("GET", `/api/shop/country-states/${state.id}`, undefined, { key });
    expect(st.body).toMatchObject({ id: state.id, countryCode: state.country.code, defaultName: state.name });
    expect((await call("GET", `/api/shop/countries/${state.countryId}`, undefined, { key })).body).toMatchObject({ id: state.countryId, code: state.country.code });
  });
});

describe("family catalog reads", () => {
  it("a category's display fields, nested-set bounds, translations and children", async () => {
    const db = await getDb();
    const men = await db.categoryTranslation.findFirstOrThrow({ where: { locale: "en", slug: "men" }, include: { category: true } });
    const kids = await db.category.findMany({ where: { parentId: men.categoryId, status: 1 }, orderBy: [{ position: "asc" }, { id: "asc" }] });
    const data = await ask(
      `query($id: ID!) { category(id: $id) { _id displayMode bannerPath bannerUrl logoUrl _lft _rgt url createdAt
        translation { _id categoryId metaKeywords localeId locale }
        translations { totalCount edges { node { locale name } } }
        children(first: 50) { totalCount edges { node { _id _lft _rgt translation { name } } } } } }`,
      { id: String(men.categoryId) },
    );
    const c = data.category;
    expect(c).toMatchObject({ _id: men.categoryId, displayMode: men.category.displayMode, bannerPath: men.category.bannerPath });
    expect(c.bannerUrl).toMatch(new RegExp(`/storage/${men.category.bannerPath}$`));
    expect(c.url.endsWith(`/${men.urlPath}`)).toBe(true);
    const en = await db.locale.findUniqueOrThrow({ where: { code: "en" } });
    expect(c.translation).toMatchObject({ _id: men.id, categoryId: men.categoryId, metaKeywords: men.metaKeywords, localeId: en.id, locale: "en" });
    expect(c.translations.totalCount).toBe(await db.categoryTranslation.count({ where: { categoryId: men.categoryId } }));
    expect(c.children.edges.map((e: any) => e.node._id)).toEqual(kids.map((k) => k.id));
    // Every child's bounds nest strictly inside its parent's, and siblings do not overlap.
    let previous = c._lft;
    for (const { node } of c.children.edges) {
      expect(node._lft).toBeGreaterThan(previous);
      expect(node._rgt).toBeLessThan(c._rgt);
      previous = node._rgt;
    }
  });

  it("attributes: validation settings, storage column, translations; options with their label in the request locale", async () => {
    const db = await getDb();
    const color = await db.attribute.findUniqueOrThrow({ where: { code: "color" }, include: { translations: true, options: { orderBy: [{ sortOrder: "asc" }, { id: "asc" }], include: { translations: true } } } });
    const data = await ask(
      `query($id: ID!) { attribute(id: $id) { _id isComparable isUserDefined validation regex validations columnName defaultValue enableWysiwyg
        translations { totalCount edges { node { locale name } } }
        options(first: 1) { edges { node { _id swatchValue swatchValueUrl translation { _id attributeOptionId locale label } } } } } }`,
      { id: String(color.id) },
      { "X-LOCALE": "fr" },
    );
    const a = data.attribute;
    expect(a).toMatchObject({ _id: color.id, isComparable: color.isComparable, isUserDefined: color.isUserDefined, validation: color.validation, columnName: "option_id", enableWysiwyg: false });
    expect(JSON.parse(a.validations)).toEqual(color.isRequired ? { required: true } : {});
    expect(a.translations.totalCount).toBe(color.translations.length);
    const red = color.options[0];
    const frLabel = red.translations.find((t) => t.locale === "fr")!;
    expect(a.options.edges[0].node).toMatchObject({ _id: red.id, swatchValue: red.swatchValue, swatchValueUrl: null, translation: { _id: frLabel.id, attributeOptionId: red.id, locale: "fr", label: frLabel.label } });
    const one = await ask(`query($id: ID!) { attributeOption(id: $id) { _id adminName translation { label } } }`, { id: `/api/shop/attribute-options/${red.id}` });
    expect(one.attributeOption).toMatchObject({ _id: red.id, adminName: red.adminName, translation: { label: red.translations.find((t) => t.locale === "en")!.label } });
  });

  it("product(sku:) finds the product; list rows carry the description", async () => {
    const db = await getDb();
    const p = await db.product.findFirstOrThrow({ where: { status: true, parentId: null, type: "simple" }, include: { translations: { where: { locale: "en" } } } });
    const data = await ask(`query($sku: String) { product(sku: $sku) { _id sku description } }`, { sku: p.sku });
    expect(data.product).toEqual({ _id: p.id, sku: p.sku, description: p.translations[0].description });
    const list = await ask(`{ products(first: 5) { edges { node { _id description } } } }`);
    for (const { node } of list.products.edges) {
      const t = await db.productTranslation.findFirstOrThrow({ where: { productId: node._id, locale: "en" } });
      expect(node.description).toBe(t.description);
    }
  });
});

describe("family cursors", () => {
  it("a cursor the family's clients make (the bare offset in base64) pages like ours; anything else is a 400", async () => {
    const all = await ask(`{ products(first: 6) { edges { cursor node { _id } } } }`);
    const ids = all.products.edges.map((e: any) => e.node._id);
    // "Mg==" is base64 of "2": the rows after the third, as after the third row's own cursor.
    const theirs = await ask(`{ products(first: 2, after: "Mg==") { edges { node { _id } } } }`);
    const ours = await ask(`query($after: String) { products(first: 2, after: $after) { edges { node { _id } } } }`, { after: all.products.edges[2].cursor });
    expect(theirs.products.edges.map((e: any) => e.node._id)).toEqual(ids.slice(3, 5));
    expect(ours).toEqual(theirs);
    for (const bad of ["bm90IGEgbnVtYmVy", "LTE=", "not base64 at all!"]) {
      const res = await graphql(`query($after: String) { products(first: 2, after: $after) { edges { node { _id } } } }`, { after: bad }, { key: await storefrontKey() });
      expect(res.body.errors?.[0]?.extensions?.status, bad).toBe(400);
    }
  });
});

describe("family theme customizations", () => {
  it("lists the channel's shown blocks in order, narrows by type and reads one with its options per locale", async () => {
    const db = await getDb();
    const stored = await db.themeCustomization.findMany({ where: { status: 1, channel: { code: "default" } }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }], include: { translations: true } });
    expect(stored.length).toBeGreaterThan(0);
    const all = await ask(`{ themeCustomizations { totalCount edges { node { _id type name sortOrder translation { locale options } translations { totalCount } } } } }`);
    expect(all.themeCustomizations.totalCount).toBe(stored.length);
    expect(all.themeCustomizations.edges.map((e: any) => e.node._id)).toEqual(stored.map((s) => s.id));
    const carousel = stored.find((s) => s.type === "image_carousel")!;
    const byType = await ask(`query($t: String) { themeCustomizations(type: $t) { edges { node { _id type } } } }`, { t: "image_carousel" });
    expect(byType.themeCustomizations.edges.map((e: any) => e.node)).toEqual(stored.filter((s) => s.type === "image_carousel").map((s) => ({ _id: s.id, type: "image_carousel" })));
    const one = await ask(`query($id: ID!) { themeCustomization(id: $id) { _id themeCode translation { themeCustomizationId locale options } } }`, { id: String(carousel.id) }, { "X-LOCALE": "fr" });
    const fr = carousel.translations.find((t) => t.locale === "fr")!;
    expect(one.themeCustomization).toMatchObject({ _id: carousel.id, themeCode: carousel.themeCode, translation: { themeCustomizationId: carousel.id, locale: "fr" } });
    expect(JSON.parse(fr.options).images.length).toBeGreaterThan(0);
    // The stored options, with each stored image path answered from the store's root as the family does (`storage/…`).
    const storedImages = (JSON.parse(fr.options) as { images: { image: string }[] }).images;
    expect(JSON.parse(one.themeCustomization.translation.options)).toEqual({ ...JSON.parse(fr.options), images: storedImages.map((i) => ({ ...i, image: `storage/${i.image}` })) });
    // The family's clients also name a block by the IRI of its own API (`/api/theme_customizations/<n>`).
    const byIri = await ask(`query($id: ID!) { themeCustomization(id: $id) { _id } }`, { id: `/api/theme_customizations/${carousel.id}` });
    expect(byIri.themeCustomization).toEqual({ _id: carousel.id });
    const rest = await call("GET", "/api/shop/theme-customizations?type=footer_links", undefined, { key: await storefrontKey() });
    expect(rest.status).toBe(200);
    expect(rest.body.map((r: any) => r.type)).toEqual(stored.filter((s) => s.type === "footer_links").map(() => "footer_links"));
  });
});
