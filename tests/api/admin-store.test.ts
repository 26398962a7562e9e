// Store settings over the Admin API: locales, currencies, exchange rates, channels (the shop sees each write at
// once), shipping and payment methods.
import { beforeAll, describe, expect, it } from "vitest";
import { call, getDb, storefrontKey } from "../support/client.ts";
import { adminCall, adminToken, sendAdmin, TRANSPORTS, type AdminMutation } from "../support/admin.ts";

let token: string;
beforeAll(async () => {
  token = await adminToken();
});

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

describe.each(TRANSPORTS)("locales, currencies and channels over %s", (transport) => {
  it("a new channel with a new locale and currency is live on the shop at once", async () => {
    const locale = await sendAdmin(transport, token, { method: "POST", path: "/api/admin/settings/locales", mutation: "createAdminLocale", resource: "adminLocale", selection: "id _id code" }, { code: `${letters(2)}_${letters(2).toUpperCase()}`, name: "Test locale" });
    expect(locale.status, JSON.stringify(locale.raw)).toBe(transport === "REST" ? 201 : 200);
    const code = letters(3).toUpperCase();
    const existing = await (await getDb()).currency.count({ where: { code } });
    const currency = await sendAdmin(transport, token, { method: "POST", path: "/api/admin/settings/currencies", mutation: "createAdminCurrency", resource: "adminCurrency", selection: "id _id code exchangeRate" }, { code, name: "Test", symbol: "T$", decimals: 2 });
    if (existing) return expect(currency.status).toBe(422);
    const currencyId = transport === "REST" ? currency.data.id : currency.data._id;
    const rate = await sendAdmin(transport, token, { method: "POST", path: "/api/admin/settings/exchange-rates", mutation: "createAdminExchangeRate", resource: "adminExchangeRate", selection: "id currencyCode rate" }, { currencyId, rate: 1.5 });
    expect(rate.data).toMatchObject({ currencyCode: code, rate: 1.5 });
    const channelCode = `ch-${letters(6)}`;
    const channel = await sendAdmin(transport, token, { method: "POST", path: "/api/admin/settings/channels", mutation: "createAdminChannel", resource: "adminChannel", selection: "id _id code defaultLocale baseCurrency locales currencies" }, {
      code: channelCode, name: "Test channel", defaultLocale: "en", baseCurrency: "USD", locales: ["en", locale.data.code], currencies: ["USD", code],
    });
    expect(channel.status, JSON.stringify(channel.raw)).toBe(transport === "REST" ? 201 : 200);
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
    const cases: [AdminMutation, Record<string, unknown>, string][] = [
      [{ method: "POST", path: "/api/admin/settings/locales", mutation: "createAdminLocale", resource: "adminLocale", selection: "id" }, { code: "en", name: "Again" }, "code"],
      [{ method: "POST", path: "/api/admin/settings/locales", mutation: "createAdminLocale", resource: "adminLocale", selection: "id" }, { code: "English", name: "x" }, "code"],
      [{ method: "POST", path: "/api/admin/settings/currencies", mutation: "createAdminCurrency", resource: "adminCurrency", selection: "id" }, { code: "usd", name: "x", symbol: "$" }, "code"],
      [{ method: "POST", path: "/api/admin/settings/currencies", mutation: "createAdminCurrency", resource: "adminCurrency", selection: "id" }, { code: "QQQ", name: "x", symbol: "$", decimals: 9 }, "decimals"],
      [{ method: "POST", path: "/api/admin/settings/exchange-rates", mutation: "createAdminExchangeRate", resource: "adminExchangeRate", selection: "id" }, { currencyId: 99999999, rate: 2 }, "currencyId"],
      [{ method: "POST", path: "/api/admin/settings/exchange-rates", mutation: "createAdminExchangeRate", resource: "adminExchangeRate", selection: "id" }, { currencyId: 1, rate: 0 }, "rate"],
      [{ method: "POST", path: "/api/admin/settings/channels", mutation: "createAdminChannel", resource: "adminChannel", selection: "id" }, { code: `c${letters(5)}`, name: "x", defaultLocale: "fr", baseCurrency: "USD", locales: ["en"], currencies: ["USD"] }, "defaultLocale"],
      [{ method: "POST", path: "/api/admin/settings/channels", mutation: "createAdminChannel", resource: "adminChannel", selection: "id" }, { code: `c${letters(5)}`, name: "x", defaultLocale: "en", baseCurrency: "USD", locales: ["en", "zz"], currencies: ["USD"] }, "locales"],
      [{ method: "POST", path: "/api/admin/settings/channels", mutation: "createAdminChannel", resource: "adminChannel", selection: "id" }, { code: "default", name: "x", defaultLocale: "en", baseCurrency: "USD", locales: ["en"], currencies: ["USD"] }, "code"],
    ];
    for (const [m, input, field] of cases) {
      const res = await sendAdmin(transport, token, m, input);
      expect(res.status, `${m.mutation} ${JSON.stringify(input)}`).toBe(422);
      expect(Object.keys(res.fields), m.mutation).toContain(field);
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

  it("configures shipping and payment methods, which cannot be created", async () => {
    const db = await getDb();
    const flat = await db.shippingMethod.findUniqueOrThrow({ where: { code: "flatrate" } });
    const bad = await adminCall(token, "PATCH", `/api/admin/settings/shipping-methods/${flat.id}`, { config: { rate: -1, type: "per_order" } });
    expect(bad.status).toBe(422);
    const same = await adminCall(token, "PATCH", `/api/admin/settings/shipping-methods/${flat.id}`, { config: flat.config, sort_order: flat.sortOrder });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.config).toEqual(flat.config);
    expect((await adminCall(token, "POST", "/api/admin/settings/shipping-methods", { code: "drone" })).status).toBe(405);
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
