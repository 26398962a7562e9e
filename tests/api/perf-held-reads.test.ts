// The Shop API's public reads (categories, the category tree, attributes, channels, locales, countries, CMS pages)
// are held in process until a write to a table they are made of (lib/db/held-reads.ts, issue 17). For each: a
// second identical read sends no SQL statement, on REST and on GraphQL; an admin's write (a row, a translation, a
// link to a channel) is seen by the very next read on both; answers are kept per locale and per page; a write
// announced by another instance drops them too; and a read with nothing held stays within a few statements.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { announce } from "../../lib/db/observe.ts";
import { counted } from "../support/statements.ts";
import { forgetCatalogReads } from "../../lib/catalog/cache.ts";
import { forgetHeldReads } from "../../lib/db/held-reads.ts";
import { getDb, storefrontKey, unique } from "../support/client.ts";
import { adminCall, adminToken, asAdmin } from "../support/admin.ts";
import { invoke, must, VIAS, type InvokeOptions, type Result, type Via } from "../support/invoke.ts";

// Held answers live a minute here, so that a slow machine does not see one expire between two reads.
vi.hoisted(() => {
  process.env.HELD_READS_MS = "60000";
});

let key: string;
let admin: string;
let rootId: number;
let channelIds: { default: number; b2b: number };

beforeAll(async () => {
  key = await storefrontKey();
  admin = await adminToken();
  const db = await getDb();
  rootId = (await db.channel.findUniqueOrThrow({ where: { code: "default" } })).rootCategoryId!;
  const channels = await db.channel.findMany({ where: { code: { in: ["default", "b2b"] } } });
  channelIds = { default: channels.find((c) => c.code === "default")!.id, b2b: channels.find((c) => c.code === "b2b")!.id };
});

const settle = () => new Promise((r) => setTimeout(r, 200)); // "last used" stamps are written off the request path

/** Not the reads' own work: credentials looked up and stamped "last used", transaction brackets of those stamps. */
const bookkeeping = (sql: string) => /^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql) || /[`"](ProductVisit|StorefrontKey|IntegrationToken)[`"]/.test(sql);


type Ask = (via: Via) => Promise<Result>;

/** A Shop read as a storefront would send it; `headers` for the scope (X-LOCALE). */
const shop = (op: string, input: Record<string, unknown>, opts: InvokeOptions = {}): Ask => (via) =>
  invoke(via, op, input, { key, ...opts });

/** A Shop list filtered by REST keys: query parameters on REST, the JSON `filter` argument on GraphQL. */
const filtered = (op: string, filter: Record<string, unknown>, opts: InvokeOptions = {}): Ask => (via) =>
  invoke(via, op, via === "rest" ? filter : { filter: JSON.stringify(filter) }, { key, ...opts });

/** Reads each of `asks` on both transports, twice: the second read sends no statement and answers the same. */
async function heldOnBoth(asks: Record<string, Ask>): Promise<void> {
  for (const [name, ask] of Object.entries(asks)) {
    for (const via of VIAS) {
      const first = await ask(via);
      must(first);
      await settle();
      const again = await counted(() => ask(via), bookkeeping);
      expect(again.statements, `${name} over ${via}: a second read sends no statement`).toEqual([]);
      expect(must(again.result), `${name} over ${via}: and answers the same`).toEqual(first.data);
    }
  }
}

/** What each read shows over each transport, as `see` picks it from the answer. */
async function seen<T>(asks: Record<string, Ask>, see: (name: string, data: any) => T): Promise<Record<string, T>> {
  const out: Record<string, T> = {};
  for (const [name, ask] of Object.entries(asks)) for (const via of VIAS) out[`${name} ${via}`] = see(name, must(await ask(via)));
  return out;
}

/** The same value for every read of `asks` over every transport. */
const everywhere = (asks: Record<string, unknown>, value: unknown) => Object.fromEntries(Object.keys(asks).flatMap((name) => VIAS.map((via) => [`${name} ${via}`, value])));

const ok = (r: Result, status = 200) => {
  expect(r.status, JSON.stringify(r.raw)).toBe(status);
  return r.data;
};
const idOf = (d: { id: number | string; _id?: number }) => (typeof d.id === "number" ? d.id : d._id!);
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

describe("public Shop reads held until a write", () => {
  it("categories, the category tree and one category: a translation or a new child is seen at once", async () => {
    const slug = () => unique("held").toLowerCase();
    const parent = idOf(ok(await asAdmin("rest", admin, "createAdminCategory", { parentId: rootId, translations: [{ locale: "en", name: "Held parent", slug: slug() }] }), 201));
    const child = idOf(ok(await asAdmin("rest", admin, "createAdminCategory", { parentId: parent, translations: [{ locale: "en", name: "Before", slug: slug() }] }), 201));
    const asks = {
      categories: filtered("categories", { parent_id: parent }),
      tree: shop("treeCategories", { parentId: parent }),
      category: shop("category", { id: child }),
      parent: shop("category", { id: parent }),
    };
    const names = (name: string, data: any) => {
      if (name === "category") return [data.name];
      if (name === "parent") return data.children.map((c: { name: string }) => c.name);
      return data.map((c: { name: string }) => c.name);
    };
    await heldOnBoth(asks);
    expect(await seen(asks, names)).toEqual(everywhere(asks, ["Before"]));

    ok(await asAdmin("rest", admin, "updateAdminCategory", { id: child, translations: [{ locale: "en", name: "After", slug: slug() }] }));
    expect(await seen(asks, names)).toEqual(everywhere(asks, ["After"]));

    // A French name, asked in French: the English answers held beside it are not what French readers get.
    ok(await asAdmin("rest", admin, "updateAdminCategory", { id: child, translations: [{ locale: "fr", name: "Après", slug: slug() }] }));
    const inFrench = {
      categories: filtered("categories", { parent_id: parent }, { headers: { "X-LOCALE": "fr" } }),
      tree: shop("treeCategories", { parentId: parent }, { headers: { "X-LOCALE": "fr" } }),
      category: shop("category", { id: child }, { headers: { "X-LOCALE": "fr" } }),
    };
    await heldOnBoth({ ...asks, ...Object.fromEntries(Object.entries(inFrench).map(([name, ask]) => [`${name} in French`, ask])) });
    expect(await seen(inFrench, names)).toEqual(everywhere(inFrench, ["Après"]));
    expect(await seen(asks, names)).toEqual(everywhere(asks, ["After"]));

    // A new active child is listed; one switched off leaves.
    const lists = { categories: asks.categories, tree: asks.tree, parent: asks.parent };
    const second = idOf(ok(await asAdmin("rest", admin, "createAdminCategory", { parentId: parent, position: 5, translations: [{ locale: "en", name: "Second", slug: slug() }] }), 201));
    expect(await seen(lists, names)).toEqual(everywhere(lists, ["After", "Second"]));
    ok(await asAdmin("rest", admin, "updateAdminCategory", { id: second, status: 0 }));
    expect(await seen(lists, names)).toEqual(everywhere(lists, ["After"]));
  });

  it("categories are held per page: another page size is its own answer", async () => {
    const one = (via: Via) => invoke(via, "categories", {}, { key, perPage: 1 });
    const two = (via: Via) => invoke(via, "categories", {}, { key, perPage: 2 });
    await heldOnBoth({ one, two });
    for (const via of VIAS) {
      expect(must(await one(via))).toHaveLength(1);
      expect(must(await two(via))).toHaveLength(2);
    }
  });

  it("attributes and attribute options: an attribute's name and an option's label are seen at once", async () => {
    const code = unique("held").toLowerCase().replace(/[^a-z0-9_]/g, "_");
    const attribute = ok(await asAdmin("rest", admin, "createAdminAttribute", {
      code, type: "select", adminName: "Held", translations: [{ locale: "en", name: "Finish" }],
      options: [{ adminName: "Matte", translations: [{ locale: "en", label: "Matte" }] }],
    }), 201);
    const id = idOf(attribute);
    const option = attribute.options[0];
    const asks = {
      attributes: shop("attributes", { code }),
      attribute: shop("attribute", { id }),
      options: shop("attributeOptions", { attributeId: id }),
    };
    const shown = (name: string, data: any) => {
      const a = name === "attribute" ? data : name === "attributes" ? data[0] : { name: null, options: data };
      return [a.name, a.options.map((o: { label: string }) => o.label)];
    };
    await heldOnBoth(asks);
    const before = await seen(asks, shown);
    expect(before[`attributes rest`]).toEqual(["Finish", ["Matte"]]);

    ok(await asAdmin("rest", admin, "updateAdminAttribute", {
      id, translations: [{ locale: "en", name: "Surface" }],
      options: [{ id: idOf(option), adminName: "Matte", translations: [{ locale: "en", label: "Satin" }] }],
    }));
    const after = await seen(asks, shown);
    for (const via of VIAS) {
      expect(after[`attributes ${via}`]).toEqual(["Surface", ["Satin"]]);
      expect(after[`attribute ${via}`]).toEqual(["Surface", ["Satin"]]);
      expect(after[`options ${via}`]).toEqual([null, ["Satin"]]);
    }
    expect((await adminCall(admin, "DELETE", `/api/admin/catalog/attributes/${id}`)).status).toBe(200);
    for (const via of VIAS) expect(must(await asks.attributes(via))).toEqual([]);
  });

  it("channels, locales and countries: a rename, a channel's locales and a new state are seen at once", async () => {
    const localeCode = `${letters(2)}_${letters(2).toUpperCase()}`;
    const locale = ok(await asAdmin("rest", admin, "createAdminLocale", { code: localeCode, name: "Held locale" }), 201);
    const channelCode = `held-${letters(6)}`;
    const channel = ok(await asAdmin("rest", admin, "createAdminChannel", {
      code: channelCode, name: "Held channel", defaultLocale: "en", baseCurrency: "USD", locales: ["en"], currencies: ["USD"],
    }), 201);
    const db = await getDb();
    const taken = new Set((await db.country.findMany({ select: { code: true } })).map((c) => c.code));
    const countryCode = Array.from({ length: 676 }, (_, n) => String.fromCharCode(65 + Math.floor(n / 26), 65 + (n % 26))).find((c) => !taken.has(c))!;
    const country = ok(await asAdmin("rest", admin, "createAdminCountry", { code: countryCode, name: "Heldland" }), 201);
    try {
      const asks = {
        channels: shop("channels", { code: channelCode }),
        channel: shop("channel", { id: idOf(channel) }),
        locales: shop("locales", { code: localeCode }),
        locale: shop("locale", { id: String(idOf(locale)) }),
        countries: shop("countries", { code: countryCode }),
        country: shop("country", { id: idOf(country) }, { pathParams: { country_id: idOf(country) } }),
        states: shop("countryStates", { countryId: idOf(country) }),
      };
      const shown = (name: string, data: any) => {
        const one = Array.isArray(data) && name !== "states" ? data[0] : data;
        if (name.startsWith("channel")) return [one.name, one.locales];
        if (name.startsWith("locale")) return [one.name];
        if (name === "states") return data.map((s: { name: string }) => s.name);
        return [one.name, one.states.map((s: { name: string }) => s.name)];
      };
      await heldOnBoth(asks);
      const before = await seen(asks, shown);
      for (const via of VIAS) {
        expect(before[`channels ${via}`]).toEqual(["Held channel", ["en"]]);
        expect(before[`locale ${via}`]).toEqual(["Held locale"]);
        expect(before[`country ${via}`]).toEqual(["Heldland", []]);
      }

      ok(await asAdmin("rest", admin, "updateAdminChannel", { id: idOf(channel), name: "Renamed channel", locales: ["en", localeCode] }));
      ok(await asAdmin("rest", admin, "updateAdminLocale", { id: idOf(locale), name: "Renamed locale" }));
      ok(await asAdmin("rest", admin, "updateAdminCountry", { id: idOf(country), name: "Newland" }));
      ok(await asAdmin("rest", admin, "createAdminCountryState", { countryId: idOf(country), code: "NO", name: "North" }), 201);
      const after = await seen(asks, shown);
      for (const via of VIAS) {
        expect(after[`channels ${via}`]).toEqual(["Renamed channel", ["en", localeCode]]);
        expect(after[`channel ${via}`]).toEqual(["Renamed channel", ["en", localeCode]]);
        expect(after[`locales ${via}`]).toEqual(["Renamed locale"]);
        expect(after[`locale ${via}`]).toEqual(["Renamed locale"]);
        expect(after[`countries ${via}`]).toEqual(["Newland", ["North"]]);
        expect(after[`country ${via}`]).toEqual(["Newland", ["North"]]);
        expect(after[`states ${via}`]).toEqual(["North"]);
      }
    } finally {
      // Leave the store as other suites expect it.
      expect((await adminCall(admin, "DELETE", `/api/admin/settings/channels/${idOf(channel)}`)).status).toBe(200);
      expect((await adminCall(admin, "DELETE", `/api/admin/settings/locales/${idOf(locale)}`)).status).toBe(200);
      await db.countryState.deleteMany({ where: { countryId: idOf(country) } });
      expect((await adminCall(admin, "DELETE", `/api/admin/settings/countries/${idOf(country)}`)).status).toBe(200);
    }
    for (const via of VIAS) {
      expect(must(await shop("channels", { code: channelCode })(via))).toEqual([]);
      expect(must(await shop("countries", { code: countryCode })(via))).toEqual([]);
    }
  });

  it("CMS pages: a new title, a new url key (its redirect) and a move to another channel are seen at once", async () => {
    const oldKey = unique("held").toLowerCase();
    const page = ok(await asAdmin("rest", admin, "createAdminCmsPage", { urlKey: oldKey, pageTitle: "Before", htmlContent: "<p>Held</p>", channels: [channelIds.default] }), 201);
    const id = idOf(page);
    const asks = { pages: shop("pages", { urlKey: oldKey }), page: shop("page", { id }) };
    const titles = (_: string, data: any) => (Array.isArray(data) ? data.map((p: { pageTitle: string; urlKey: string }) => [p.pageTitle, p.urlKey]) : [[data.pageTitle, data.urlKey]]);
    await heldOnBoth(asks);
    expect(await seen(asks, titles)).toEqual(everywhere(asks, [["Before", oldKey]]));

    const newKey = unique("held").toLowerCase();
    ok(await asAdmin("rest", admin, "updateAdminCmsPage", { id, locale: "en", channels: [channelIds.default], translation: { urlKey: newKey, pageTitle: "After", htmlContent: "<p>Held</p>" } }));
    // The old url key leads to the page through its redirect.
    expect(await seen(asks, titles)).toEqual(everywhere(asks, [["After", newKey]]));

    ok(await asAdmin("rest", admin, "updateAdminCmsPage", { id, locale: "en", channels: [channelIds.b2b], translation: { urlKey: newKey, pageTitle: "After", htmlContent: "<p>Held</p>" } }));
    for (const via of VIAS) {
      expect(must(await asks.pages(via))).toEqual([]);
      expect((await asks.page(via)).status).toBe(404);
    }
  });

  it("a write announced by another instance drops what it touched", async () => {
    const asks = { countries: shop("countries", {}, { perPage: 5 }), pages: shop("pages", {}, { perPage: 5 }) };
    await heldOnBoth(asks);
    await announce(new Set(["CountryState"]), "elsewhere");
    for (const via of VIAS) {
      const countries = await counted(() => asks.countries(via), bookkeeping);
      must(countries.result);
      expect(countries.statements.length, `countries over ${via} are read again`).toBeGreaterThan(0);
      // A page read no longer held only if the notice named one of its tables.
      expect((await counted(() => asks.pages(via), bookkeeping)).statements, `pages over ${via} stay held`).toEqual([]);
    }
  });

  it("with nothing held, each list sends a few statements, whatever its page size", async () => {
    // What each sends today. Categories used to send 9 (a count, the page, two levels of children with their
    // translations, the whole tree and the locales), channels 9 (a count and six relations), attributes 6.
    const bounds: Record<string, number> = { categories: 2, treeCategories: 2, attributes: 5, channels: 3, locales: 2, countries: 3, pages: 3 };
    for (const [op, bound] of Object.entries(bounds)) {
      for (const via of VIAS) {
        for (const perPage of [1, 30]) {
          must(await invoke(via, op, {}, { key, perPage })); // warm: settings, the key
          await settle();
          forgetHeldReads();
          forgetCatalogReads();
          const cold = await counted(() => invoke(via, op, {}, { key, perPage }), bookkeeping);
          must(cold.result);
          expect(cold.statements.length, `${op} over ${via} (${perPage} a page) sent:\n${cold.statements.join("\n")}`).toBeLessThanOrEqual(bound);
          expect(cold.statements.length, `${op} over ${via} reads its rows`).toBeGreaterThan(0);
        }
      }
    }
  });
});
