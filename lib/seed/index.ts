// The demo store: everything a fresh install needs to exercise the whole API (DESIGN.md, "demo store").
// Runs in one transaction on SQLite or PostgreSQL, so a failed seed leaves an empty database behind.
// Deterministic: values derive from indices; only timestamps follow the seed time, so activity stays recent.
import bcrypt from "bcryptjs";
import { randomSecret } from "../auth/secrets.ts";
import type { PrismaClient } from "../generated/sqlite/client.ts";
import { getSql } from "../db/client.ts";
import { followIdSequence } from "../db/sql/expressions.ts";
import { seedAttributes } from "./attributes.ts";
import { seedCategories } from "./categories.ts";
import { seedCmsPages } from "./cms.ts";
import { seedThemeCustomizations } from "./theme.ts";
import { seedAdmins, seedCustomer, seedReviews, seedSearchTerms, seedVisits, DEMO_ADMIN, DEMO_CUSTOMER } from "./people.ts";
import { demoProducts } from "./product-data.ts";
import { seedProducts, type CatalogSummary } from "./products.ts";
import {
  seedChannels,
  seedCountries,
  seedCoupons,
  seedCustomerGroups,
  seedLocalesAndCurrencies,
  seedReturnVocabulary,
  seedSettings,
  seedShippingAndPayment,
} from "./store.ts";

export { DEMO_ADMIN, DEMO_CUSTOMER } from "./people.ts";

export interface SeedSummary {
  locales: number;
  currencies: number;
  channels: number;
  countries: number;
  states: number;
  categories: number;
  attributes: number;
  attributeOptions: number;
  products: CatalogSummary;
  customerGroups: number;
  customers: number;
  adminRoles: number;
  admins: number;
  shippingMethods: number;
  paymentMethods: number;
  coupons: number;
  returnStatuses: number;
  returnReasons: number;
  cmsPages: number;
  reviews: number;
  productVisits: number;
  searchTerms: number;
  /** Wall-clock time of the seed in milliseconds. */
  durationMs: number;
  /** The sign-ins the seed made, to be printed once: nothing else knows the production owner's password. */
  logins: SeedLogins;
}

export interface SeedLogins {
  admin: { email: string; password: string; mustChangePassword: boolean };
  /** The demo customer; null on a production seed, which creates none. */
  customer: { email: string; password: string } | null;
}

export interface SeedOptions {
  /**
   * Production seeding: the demo catalog, but no account with a known password (a random owner password that must
   * be changed at first sign-in, no demo customer). Defaults to NODE_ENV=production.
   */
  production?: boolean;
}

/** The one place the seed reads the environment. */
export const isProductionSeed = (): boolean => process.env.NODE_ENV === "production";

const BCRYPT_COST = 10;

/** True once the store has been seeded (or set up by hand): a channel exists. */
export async function isSeeded(db: PrismaClient): Promise<boolean> {
  return (await db.channel.count()) > 0;
}

export async function seedDemoStore(db: PrismaClient, options: SeedOptions = {}): Promise<SeedSummary> {
  const production = options.production ?? isProductionSeed();
  const started = Date.now();
  const now = new Date(started);
  // 24 characters from 18 random bytes (144 bits): shown once, then only its hash exists.
  const adminPassword = production ? randomSecret(18) : DEMO_ADMIN.password;
  // Hash outside the transaction: bcrypt is slow on purpose and would hold the write lock.
  const [adminHash, customerHash] = await Promise.all([
    bcrypt.hash(adminPassword, BCRYPT_COST),
    production ? null : bcrypt.hash(DEMO_CUSTOMER.password, BCRYPT_COST),
  ]);

  const summary = await db.$transaction(
    async (tx) => {
      const { localeIds, currencyIds } = await seedLocalesAndCurrencies(tx);
      const categoryIds = await seedCategories(tx);
      const channelIds = await seedChannels(tx, { localeIds, currencyIds }, categoryIds.get("root")!);
      const geography = await seedCountries(tx);
      await seedSettings(tx);
      const customerGroupIds = await seedCustomerGroups(tx);
      await seedShippingAndPayment(tx, [channelIds.default, channelIds.b2b]);
      await seedCoupons(tx);
      const returns = await seedReturnVocabulary(tx);

      const attributes = await seedAttributes(tx);
      const catalog = await seedProducts(tx, { channelIds, categoryIds, attributes }, now);
      // Reviews and visits land on visible products, in catalog order.
      const visibleIds = demoProducts()
        .filter((p) => p.visible)
        .map((p) => catalog.idBySku.get(p.sku)!);

      const staff = await seedAdmins(tx, adminHash, production);
      const customerId = customerHash ? await seedCustomer(tx, { channelIds, customerGroupIds }, customerHash) : null;
      const cmsPages = await seedCmsPages(tx, channelIds.default);
      await seedThemeCustomizations(tx, channelIds.default, categoryIds.get("men")!, categoryIds.get("root")!);
      const reviews = await seedReviews(tx, visibleIds, customerId, channelIds.default, now);
      const productVisits = await seedVisits(tx, visibleIds, customerId, channelIds.default, now);
      const searchTerms = await seedSearchTerms(tx, channelIds.default, now);

      return {
        locales: Object.keys(localeIds).length,
        currencies: Object.keys(currencyIds).length,
        channels: Object.keys(channelIds).length,
        countries: geography.countries,
        states: geography.states,
        categories: categoryIds.size,
        attributes: Object.keys(attributes.attributeIds).length,
        attributeOptions: attributes.options,
        products: catalog.summary,
        customerGroups: Object.keys(customerGroupIds).length,
        customers: customerId === null ? 0 : 1,
        adminRoles: staff.roles,
        admins: staff.admins,
        shippingMethods: 2,
        paymentMethods: 3,
        coupons: 2,
        returnStatuses: returns.statuses,
        returnReasons: returns.reasons,
        cmsPages,
        reviews,
        productVisits,
        searchTerms,
      };
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
  // The attributes were given their ids (./attributes.ts): PostgreSQL's sequence moves past them, so the next
  // attribute an admin creates follows the seeded ones. After the commit: it reads the largest id on its own connection.
  await followIdSequence(await getSql(), "Attribute");
  const logins: SeedLogins = {
    admin: { email: DEMO_ADMIN.email, password: adminPassword, mustChangePassword: production },
    customer: production ? null : { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
  };
  return { ...summary, durationMs: Date.now() - started, logins };
}
