// Admin roles and the owner, the demo customer, and the activity that makes reports and reviews non-empty.
import { randomBytes } from "node:crypto";
import type { StoreRefs } from "./store.ts";
import { hoursBefore, type Tx } from "./support.ts";

export const DEMO_ADMIN = { name: "Admin", email: "admin@example.com", password: "Lantern-Orbit-Meadow-7" } as const;

export const DEMO_CUSTOMER = {
  firstName: "Jane",
  lastName: "Doe",
  email: "customer@example.com",
  password: "Copper-Kettle-Garden-9",
} as const;

export const CATALOG_MANAGER_PERMISSIONS = [
  "catalog.products.view",
  "catalog.products.create",
  "catalog.products.edit",
  "catalog.categories.view",
];

/**
 * The roles and the store owner. `mustChangePassword` marks an owner whose password was generated for a production
 * start: the panel lets that owner do nothing but choose a new one.
 */
export async function seedAdmins(
  tx: Tx,
  passwordHash: string,
  mustChangePassword = false,
): Promise<{ roles: number; admins: number }> {
  const administrator = await tx.adminRole.create({
    data: {
      name: "Administrator",
      description: "Full access to everything",
      permissionType: "all",
      permissions: [],
    },
  });
  await tx.adminRole.create({
    data: {
      name: "Catalog manager",
      description: "Views and edits products; views categories",
      permissionType: "custom",
      permissions: CATALOG_MANAGER_PERMISSIONS,
    },
  });
  await tx.adminUser.create({
    data: {
      name: DEMO_ADMIN.name,
      email: DEMO_ADMIN.email,
      passwordHash,
      roleId: administrator.id,
      status: true,
      isOwner: true,
      mustChangePassword,
    },
  });
  return { roles: 2, admins: 1 };
}

export async function seedCustomer(
  tx: Tx,
  refs: Pick<StoreRefs, "channelIds" | "customerGroupIds">,
  passwordHash: string,
): Promise<number> {
  const customer = await tx.customer.create({
    data: {
      firstName: DEMO_CUSTOMER.firstName,
      lastName: DEMO_CUSTOMER.lastName,
      email: DEMO_CUSTOMER.email,
      passwordHash,
      phone: "+1 212 555 0142",
      gender: "Female",
      dateOfBirth: "1990-04-12",
      status: 1,
      isVerified: true,
      customerGroupId: refs.customerGroupIds.general,
      channelId: refs.channelIds.default,
      // Legacy field: a random value nobody can authenticate with.
      apiToken: randomBytes(40).toString("hex"),
      addresses: {
        create: {
          firstName: DEMO_CUSTOMER.firstName,
          lastName: DEMO_CUSTOMER.lastName,
          email: DEMO_CUSTOMER.email,
          phone: "+1 212 555 0142",
          address: "350 Fifth Avenue\nSuite 4200",
          country: "US",
          state: "NY",
          city: "New York",
          postcode: "10118",
          defaultAddress: true,
          useForShipping: true,
        },
      },
    },
  });
  return customer.id;
}

const REVIEWERS = ["Alex Martin", "Sam Lee", "Chris Dupont", "Maria Garcia", "Lena Fischer", "Priya Shah"];

/** Reviews on the first few products: mostly approved, a few pending, one disapproved. */
export async function seedReviews(
  tx: Tx,
  productIds: number[],
  customerId: number | null,
  channelId: number,
  now: Date,
): Promise<number> {
  const plan: [product: number, rating: number, status: string, byCustomer?: boolean][] = [
    [0, 5, "approved"], [0, 4, "approved"], [0, 4, "approved", true], [0, 2, "pending"],
    [1, 5, "approved"], [1, 3, "approved"], [2, 2, "approved"], [2, 1, "disapproved"],
    [3, 4, "approved"], [4, 5, "pending", true], [5, 3, "approved"], [6, 4, "approved"],
  ];
  const titles: Record<number, string> = { 1: "Disappointing", 2: "Not great", 3: "Okay", 4: "Very good", 5: "Excellent" };
  await tx.productReview.createMany({
    data: plan.map(([product, rating, status, wanted], i) => {
      // Without a demo customer (production seed) those reviews are a guest's like the others.
      const byCustomer = wanted && customerId !== null;
      const createdAt = hoursBefore(now, (i + 1) * 17);
      return {
        productId: productIds[product],
        customerId: byCustomer ? customerId : null,
        name: byCustomer ? `${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}` : REVIEWERS[i % REVIEWERS.length],
        email: byCustomer ? DEMO_CUSTOMER.email : null,
        title: titles[rating],
        comment: `${titles[rating]}: rated ${rating} out of 5.`,
        rating,
        status,
        locale: "en",
        channelId,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  });
  return plan.length;
}

/** Product page visits over the last three weeks, for the most-visited report. */
export async function seedVisits(
  tx: Tx,
  productIds: number[],
  customerId: number | null,
  channelId: number,
  now: Date,
): Promise<number> {
  // Visit i lands on product (i*i) mod 12, which makes a few products clearly the most visited.
  const visits = Array.from({ length: 80 }, (_, i) => ({
    productId: productIds[(i * i) % 12],
    customerId: i % 4 === 0 ? customerId : null,
    channelId,
    createdAt: hoursBefore(now, (i * 6) % (21 * 24) + 1),
  }));
  await tx.productVisit.createMany({ data: visits });
  return visits.length;
}

export async function seedSearchTerms(tx: Tx, channelId: number, now: Date): Promise<number> {
  const terms: [term: string, locale: string, results: number, uses: number][] = [
    ["shirt", "en", 8, 42],
    ["dress", "en", 6, 35],
    ["jeans", "en", 4, 28],
    ["headphones", "en", 2, 19],
    ["watch", "en", 2, 12],
    ["camera", "en", 2, 9],
    ["gift", "en", 1, 4],
    ["unicorn", "en", 0, 3],
    ["robe", "fr", 6, 15],
    ["chaussures", "fr", 0, 7],
  ];
  await tx.searchTerm.createMany({
    data: terms.map(([term, locale, results, uses], i) => {
      const createdAt = hoursBefore(now, (i + 1) * 9);
      return { term, locale, results, uses, channelId, createdAt, updatedAt: createdAt };
    }),
  });
  return terms.length;
}
