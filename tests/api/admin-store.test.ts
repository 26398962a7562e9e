// Store settings over the Admin API: locales, currencies, exchange rates, channels (the shop sees each write at
// once), shipping and payment methods.
import { beforeAll, describe, expect, it } from "vitest";
import { call, getDb, storefrontKey } from "../support/client.ts";
import { adminCall, adminToken, asAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";

let token: string;
beforeAll(async () => {
  token = await adminToken();
});

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

describe.each(VIAS)("locales, currencies and channels over %s", (transport) => {
  it("a new channel with a new locale and currency is live on the shop at once", async () => {
    const locale = await asAdmin(transport, token, "createAdminLocale", { code: `${letters(2)}_${letters(2).toUpperCase()}`, name: "Test locale" });
    expect(locale.status, JSON.stringify(locale.raw)).toBe(201);
    const code = letters(3).toUpperCase();
    const existing = await (await getDb()).currency.count({ where: { code } });
    const currency = await asAdmin(transport, token, "createAdminCurrency", { code, name: "Test", symbol: "T$", decimals: 2 });
    if (existing) return expect(currency.status).toBe(422);
    const currencyId = currency.data.id;
    const rate = await asAdmin(transport, token, "createAdminExchangeRate", { currencyId, rate: 1.5 });
    expect(rate.data).toMatchObject({ currencyCode: code, rate: 1.5 });
    const channelCode = `ch-${letters(6)}`;
    const channel = await asAdmin(transport, token, "createAdminChannel", {
      code: channelCode, name: "Test channel", defaultLocale: "en", baseCurrency: "USD", locales: ["en", locale.data.code], currencies: ["USD", code],
    });
    expect(channel.status, JSON.stringify(channel.raw)).toBe(201);
    expect(channel.data).toMatchObject({ code: channelCode, defaultLocale: "en", baseCurrency: "USD", currencies: ["USD", code].sort() });
    const key = await storefrontKey();
    const shopChannels = await call("GET", "/api/shop/channels?per_page=50", undefined, { key });
    expect(shopChannels.body.map((c: { code: string }) => c.code)).toContain(channelCode);
    const priced = await call("GET", "/api/shop/products?per_page=1&sort=id-asc", undefined, { key, headers: { "X-CHANNEL": channelCode, "X-CURRENCY": code } });
    expect(priced.status).toBe(200);
    // Leave the store as other suites expect it: these rows go again (and DELETE is exercised on the way).
    const id = (d: { id: number | string; _id?: number }) => (typeof d.id === "number" ? d.id : d._id!);
    expect((await adminCall(token, "DELETE", `/api/admin/settings/channels/${id(channel.data)}`)).status).toBe(200);
    expect((await adminCall(token, "DELETE", `/api/admin/settings/currencies/${currencyId}`)).status).toBe(200);
    expect(await (await getDb()).exchangeRate.count({ where: { currencyId } })).toBe(0);
    expect((await adminCall(token, "DELETE", `/api/admin/settings/locales/${id(locale.data)}`)).status).toBe(200);
    const after = await call("GET", "/api/shop/channels?per_page=50", undefined, { key });
    expect(after.body.map((c: { code: string }) => c.code)).not.toContain(channelCode);
  });

  it("refuses bad settings with 422, and keeps what the store stands on (409)", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["createAdminLocale", { code: "en", name: "Again" }, "code"],
      ["createAdminLocale", { code: "English", name: "x" }, "code"],
      ["createAdminCurrency", { code: "usd", name: "x", symbol: "$" }, "code"],
      ["createAdminCurrency", { code: "QQQ", name: "x", symbol: "$", decimals: 9 }, "decimals"],
      ["createAdminExchangeRate", { currencyId: 99999999, rate: 2 }, "currencyId"],
      ["createAdminExchangeRate", { currencyId: 1, rate: 0 }, "rate"],
      ["createAdminChannel", { code: `c${letters(5)}`, name: "x", defaultLocale: "fr", baseCurrency: "USD", locales: ["en"], currencies: ["USD"] }, "defaultLocale"],
      ["createAdminChannel", { code: `c${letters(5)}`, name: "x", defaultLocale: "en", baseCurrency: "USD", locales: ["en", "zz"], currencies: ["USD"] }, "locales"],
      ["createAdminChannel", { code: "default", name: "x", defaultLocale: "en", baseCurrency: "USD", locales: ["en"], currencies: ["USD"] }, "code"],
    ];
    for (const [m, input, field] of cases) {
      const res = await asAdmin(transport, token, m, input);
      expect(res.status, `${m} ${JSON.stringify(input)}`).toBe(422);
      expect(Object.keys(res.fields), m).toContain(field);
    }
    const db = await getDb();
    const en = await db.locale.findUniqueOrThrow({ where: { code: "en" } });
    const usd = await db.currency.findUniqueOrThrow({ where: { code: "USD" } });
    expect((await adminCall(token, "DELETE", `/api/admin/settings/locales/${en.id}`)).status).toBe(409);
    expect((await adminCall(token, "DELETE", `/api/admin/settings/currencies/${usd.id}`)).status).toBe(409);
    expect(await db.locale.count({ where: { id: en.id } })).toBe(1);
  });
});

describe("channel updates and methods", () => {
  it("PATCH a channel's locales; the default must stay among them", async () => {
    const made = (await adminCall(token, "POST", "/api/admin/settings/channels", { code: `p${letters(6)}`, name: "P", default_locale: "en", base_currency: "USD", locales: ["en", "fr"], currencies: ["USD"] })).body;
    const res = await adminCall(token, "PATCH", `/api/admin/settings/channels/${made.id}`, { locales: ["en"], name: "Renamed" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ locales: ["en"], name: "Renamed" });
    expect((await adminCall(token, "PATCH", `/api/admin/settings/channels/${made.id}`, { default_locale: "fr" })).status).toBe(422);
    expect((await adminCall(token, "DELETE", `/api/admin/settings/channels/${made.id}`)).status).toBe(200);
  });

  it("configures shipping and payment methods; shipping only for the carriers the checkout computes", async () => {
    const db = await getDb();
    const flat = await db.shippingMethod.findUniqueOrThrow({ where: { code: "flatrate" } });
    const bad = await adminCall(token, "PATCH", `/api/admin/settings/shipping-methods/${flat.id}`, { config: { rate: -1, type: "per_order" } });
    expect(bad.status).toBe(422);
    const same = await adminCall(token, "PATCH", `/api/admin/settings/shipping-methods/${flat.id}`, { config: flat.config, sort_order: flat.sortOrder });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.config).toEqual(flat.config);
    // A method is created only for a carrier the checkout computes (tests/api/admin-store-data.test.ts covers the rest).
    const drone = await adminCall(token, "POST", "/api/admin/settings/shipping-methods", { code: "drone", title: "Drone", config: {} });
    expect(drone.status).toBe(422);
    expect(drone.body.errors).toHaveProperty("code");
    const cod = await db.paymentMethod.findUniqueOrThrow({ where: { code: "cashondelivery" }, include: { channels: true } });
    const channels = cod.channels.map((c) => c.channelId).sort((a, b) => a - b);
    const res = await adminCall(token, "PATCH", `/api/admin/settings/payment-methods/${cod.id}`, { channels, title: cod.title });
    expect(res.body).toMatchObject({ code: "cashondelivery", channels });
    expect((await adminCall(token, "PATCH", `/api/admin/settings/payment-methods/${cod.id}`, { channels: [99999] })).status).toBe(422);
    const viewer = await adminToken({ scope: "custom", permissions: ["settings.view"] });
    expect((await adminCall(viewer, "GET", "/api/admin/settings/payment-methods")).status).toBe(200);
    expect((await adminCall(viewer, "PATCH", `/api/admin/settings/payment-methods/${cod.id}`, { title: "x" })).status).toBe(403);
    expect((await adminCall(viewer, "POST", "/api/admin/settings/locales", { code: "de", name: "x" })).status).toBe(403);
  });
});
