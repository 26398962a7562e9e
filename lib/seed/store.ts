// Store-wide reference data: locales, currencies, channels, countries, settings, shipping, payment, coupons,
// customer groups and the RMA vocabulary.
import type { Tx } from "./support.ts";
import { RETURN_STATUSES } from "../returns/statuses.ts";

export interface StoreRefs {
  localeIds: Record<"en" | "fr", number>;
  currencyIds: Record<"USD" | "EUR", number>;
  channelIds: Record<"default" | "b2b", number>;
  customerGroupIds: Record<"general" | "wholesale" | "guest", number>;
}

export async function seedLocalesAndCurrencies(tx: Tx) {
  const en = await tx.locale.create({ data: { code: "en", name: "English", direction: "ltr" } });
  const fr = await tx.locale.create({ data: { code: "fr", name: "Français", direction: "ltr" } });
  const usd = await tx.currency.create({ data: { code: "USD", name: "US Dollar", symbol: "$", decimals: 2 } });
  const eur = await tx.currency.create({ data: { code: "EUR", name: "Euro", symbol: "€", decimals: 2 } });
  await tx.exchangeRate.create({ data: { currencyId: eur.id, rate: "0.92" } });
  return { localeIds: { en: en.id, fr: fr.id }, currencyIds: { USD: usd.id, EUR: eur.id } };
}

export async function seedChannels(
  tx: Tx,
  refs: Pick<StoreRefs, "localeIds" | "currencyIds">,
  rootCategoryId: number,
): Promise<StoreRefs["channelIds"]> {
  const { localeIds, currencyIds } = refs;
  const main = await tx.channel.create({
    data: {
      code: "default",
      name: "Default Store",
      description: "The demo storefront",
      hostname: "localhost",
      defaultLocaleId: localeIds.en,
      baseCurrencyId: currencyIds.USD,
      rootCategoryId,
      timezone: "UTC",
      locales: { create: [{ localeId: localeIds.en }, { localeId: localeIds.fr }] },
      currencies: { create: [{ currencyId: currencyIds.USD }, { currencyId: currencyIds.EUR }] },
      translations: {
        create: [
          { locale: "en", name: "Default Store", description: "The demo storefront", maintenanceModeText: "The store is down for maintenance. Please come back soon." },
          { locale: "fr", name: "Boutique par défaut", description: "La boutique de démonstration", maintenanceModeText: "La boutique est en maintenance. Revenez bientôt." },
        ],
      },
    },
  });
  const b2b = await tx.channel.create({
    data: {
      code: "b2b",
      name: "B2B Store",
      description: "Wholesale storefront with a small assortment",
      defaultLocaleId: localeIds.en,
      baseCurrencyId: currencyIds.USD,
      rootCategoryId,
      timezone: "UTC",
      locales: { create: [{ localeId: localeIds.en }] },
      currencies: { create: [{ currencyId: currencyIds.USD }] },
      allowedIps: "127.0.0.1",
      translations: {
        create: [{ locale: "en", name: "B2B Store", description: "Wholesale storefront with a small assortment", maintenanceModeText: "Wholesale ordering is paused for maintenance." }],
      },
    },
  });
  return { default: main.id, b2b: b2b.id };
}

/** The countries first seeded, with their hand-written names: ids 1–14, in this order, as before. */
const COUNTRIES: [code: string, name: string][] = [
  ["US", "United States"],
  ["CA", "Canada"],
  ["GB", "United Kingdom"],
  ["FR", "France"],
  ["DE", "Germany"],
  ["IN", "India"],
  ["ES", "Spain"],
  ["IT", "Italy"],
  ["NL", "Netherlands"],
  ["BE", "Belgium"],
  ["AU", "Australia"],
  ["JP", "Japan"],
  ["BR", "Brazil"],
  ["MX", "Mexico"],
];

/**
 * The rest of ISO 3166-1 (249 in all), by code, after those: a storefront's address form offers every country, and
 * the family's examples name countries by numbers up to 106. English names are CLDR's, as the other locales' are.
 */
const MORE_COUNTRIES = `
  AD AE AF AG AI AL AM AO AQ AR AS AT AW AX AZ BA BB BD BF BG BH BI BJ BL BM BN BO BQ BS BT BV BW BY BZ CC CD
  CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DJ DK DM DO DZ EC EE EG EH ER ET FI FJ FK FM FO GA GD GE GF
  GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IO IQ IR IS JE JM JO KE KG KH KI KM
  KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV
  MW MY MZ NA NC NE NF NG NI NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA
  SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
  UA UG UM UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.trim().split(/\s+/);

function allCountries(): [code: string, name: string][] {
  const english = new Intl.DisplayNames(["en"], { type: "region" });
  return [...COUNTRIES, ...MORE_COUNTRIES.map((code): [string, string] => [code, english.of(code) ?? code])];
}

const STATES: Record<string, [code: string, name: string][]> = {
  US: [
    ["AL", "Alabama"], ["AK", "Alaska"], ["AZ", "Arizona"], ["AR", "Arkansas"], ["CA", "California"],
    ["CO", "Colorado"], ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"], ["FL", "Florida"],
    ["GA", "Georgia"], ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"], ["IN", "Indiana"], ["IA", "Iowa"],
    ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"], ["ME", "Maine"], ["MD", "Maryland"],
    ["MA", "Massachusetts"], ["MI", "Michigan"], ["MN", "Minnesota"], ["MS", "Mississippi"], ["MO", "Missouri"],
    ["MT", "Montana"], ["NE", "Nebraska"], ["NV", "Nevada"], ["NH", "New Hampshire"], ["NJ", "New Jersey"],
    ["NM", "New Mexico"], ["NY", "New York"], ["NC", "North Carolina"], ["ND", "North Dakota"], ["OH", "Ohio"],
    ["OK", "Oklahoma"], ["OR", "Oregon"], ["PA", "Pennsylvania"], ["RI", "Rhode Island"], ["SC", "South Carolina"],
    ["SD", "South Dakota"], ["TN", "Tennessee"], ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"],
    ["VA", "Virginia"], ["WA", "Washington"], ["WV", "West Virginia"], ["WI", "Wisconsin"], ["WY", "Wyoming"],
  ],
  CA: [
    ["AB", "Alberta"], ["BC", "British Columbia"], ["MB", "Manitoba"], ["NB", "New Brunswick"],
    ["NL", "Newfoundland and Labrador"], ["NS", "Nova Scotia"], ["NT", "Northwest Territories"], ["NU", "Nunavut"],
    ["ON", "Ontario"], ["PE", "Prince Edward Island"], ["QC", "Quebec"], ["SK", "Saskatchewan"], ["YT", "Yukon"],
  ],
  IN: [
    ["AP", "Andhra Pradesh"], ["DL", "Delhi"], ["GJ", "Gujarat"], ["HR", "Haryana"], ["KA", "Karnataka"],
    ["KL", "Kerala"], ["MH", "Maharashtra"], ["PB", "Punjab"], ["RJ", "Rajasthan"], ["TN", "Tamil Nadu"],
    ["TG", "Telangana"], ["UP", "Uttar Pradesh"], ["WB", "West Bengal"],
  ],
  AT: [
    ["BL", "Burgenland"], ["KN", "Kärnten"], ["NO", "Niederösterreich"], ["OO", "Oberösterreich"], ["SB", "Salzburg"],
    ["ST", "Steiermark"], ["TI", "Tirol"], ["VB", "Vorarlberg"], ["WI", "Wien"],
  ],
  DE: [
    ["BW", "Baden-Württemberg"], ["BY", "Bayern"], ["BE", "Berlin"], ["BB", "Brandenburg"], ["HB", "Bremen"],
    ["HH", "Hamburg"], ["HE", "Hessen"], ["MV", "Mecklenburg-Vorpommern"], ["NI", "Niedersachsen"],
    ["NW", "Nordrhein-Westfalen"], ["RP", "Rheinland-Pfalz"], ["SL", "Saarland"], ["SN", "Sachsen"],
    ["ST", "Sachsen-Anhalt"], ["SH", "Schleswig-Holstein"], ["TH", "Thüringen"],
  ],
};

export async function seedCountries(tx: Tx): Promise<{ countries: number; states: number }> {
  const countries = await tx.country.createManyAndReturn({
    data: allCountries().map(([code, name]) => ({ code, name })),
    select: { id: true, code: true },
  });
  const idByCode = new Map(countries.map((c) => [c.code, c.id]));
  const states = Object.entries(STATES).flatMap(([country, list]) =>
    list.map(([code, name]) => ({ countryId: idByCode.get(country)!, code, name })),
  );
  await tx.countryState.createMany({ data: states });
  return { countries: countries.length, states: states.length };
}

export async function seedSettings(tx: Tx): Promise<void> {
  await tx.coreConfig.create({ data: { code: "rma.return_period_days", value: "30" } });
}

export async function seedCustomerGroups(tx: Tx): Promise<StoreRefs["customerGroupIds"]> {
  const rows = await tx.customerGroup.createManyAndReturn({
    data: [
      { code: "guest", name: "Guest", isUserDefined: false },
      { code: "general", name: "General", isUserDefined: false },
      { code: "wholesale", name: "Wholesale", isUserDefined: false },
    ],
    select: { id: true, code: true },
  });
  const id = (code: string) => rows.find((r) => r.code === code)!.id;
  return { general: id("general"), wholesale: id("wholesale"), guest: id("guest") };
}

export async function seedShippingAndPayment(tx: Tx, channelIds: number[]): Promise<void> {
  await tx.shippingMethod.createMany({
    data: [
      {
        code: "flatrate",
        title: "Flat Rate",
        description: "Flat rate shipping",
        sortOrder: 1,
        config: { rate: 10, type: "per_order" },
      },
      {
        code: "free",
        title: "Free Shipping",
        description: "Free shipping on orders of 100 or more",
        sortOrder: 2,
        config: { threshold: 100 },
      },
    ],
  });
  const methods = [
    { code: "cashondelivery", title: "Cash On Delivery", description: "Pay when the parcel arrives", offsite: false },
    { code: "moneytransfer", title: "Money Transfer", description: "Pay by bank transfer", offsite: false },
    {
      code: "paypal_standard",
      title: "PayPal (simulated)",
      description: "Pay on a simulated PayPal page",
      offsite: true,
      config: { sandbox: true },
    },
    // Offered once STRIPE_SECRET_KEY is set (lib/payments/providers.ts).
    { code: "stripe", title: "Credit or debit card", description: "Pay by card on Stripe's secure page", offsite: true },
  ];
  for (const [i, method] of methods.entries()) {
    await tx.paymentMethod.create({
      data: {
        ...method,
        sortOrder: i + 1,
        channels: { create: channelIds.map((channelId) => ({ channelId })) },
      },
    });
  }
}

export async function seedCoupons(tx: Tx): Promise<void> {
  await tx.coupon.createMany({
    data: [
      { code: "SAVE10", name: "10% off everything", type: "percent", amount: "10", status: true },
      { code: "FLAT5", name: "5 off your order", type: "fixed", amount: "5", usageLimit: 100, status: true },
    ],
  });
}

export async function seedReturnVocabulary(tx: Tx): Promise<{ statuses: number; reasons: number }> {
  await tx.returnStatus.createMany({ data: RETURN_STATUSES.map((s) => ({ ...s })) });
  const reasons = [
    { title: "Wrong size", resolutionType: "return" },
    { title: "Item arrived damaged", resolutionType: "both" },
    { title: "Not as described", resolutionType: "return" },
    { title: "Changed my mind", resolutionType: "both" },
    { title: "Ordered by mistake", resolutionType: "cancel_items" },
  ];
  await tx.returnReason.createMany({ data: reasons.map((r, i) => ({ ...r, position: i + 1, status: true })) });
  return { statuses: RETURN_STATUSES.length, reasons: reasons.length };
}
