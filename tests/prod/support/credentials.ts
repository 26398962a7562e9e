// Every credential situation SPEC.md names, made once per run: good and bad storefront keys, two customers and
// the records of the first (so the second can be pointed at them), a guest cart, the legacy apiToken, and
// integration tokens with and without a permission, expired, revoked or IP-blocked.
import { call, cartToken, customer, getDb, storefrontKey, unique, type CallOptions } from "../../support/client.ts";
import { adminCredential, subAdmin } from "../../support/admin.ts";
import { freshProduct } from "../../support/checkout.ts";
import { placedOrder, raise, reasons } from "../../support/returns.ts";
import { createStorefrontKey, deactivateStorefrontKey } from "../../../lib/storefront-keys/index.ts";
import { issueIntegrationToken, PERMISSIONS } from "../../../lib/integrations/tokens.ts";

const HOUR = 3_600_000;
/** An allowlist the caller's forwarded address is outside of. */
const ALLOWLIST = "10.1.0.0/16";
const OUTSIDE = { "X-Forwarded-For": "10.2.0.7" };

export interface Shopper {
  id: number;
  email: string;
  token: string;
  apiToken: string;
}

export async function shopperWith(key: string, marker: string): Promise<Shopper> {
  const c = await customer(key, { firstName: marker, lastName: marker });
  return { id: c.id, email: c.email, token: c.token, apiToken: c.apiToken };
}

/** Records of one customer, each carrying a marker no other customer's answer may show. */
export interface Owned {
  orderId: number;
  orderItemId: number;
  returnId: number;
  addressId: number;
  wishlistId: number;
  compareId: number;
  reviewId: number;
  gdprId: number;
  withdrawalId: number;
  reasonId: number;
}

async function must(res: { status: number; body: any }, what: string): Promise<any> {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function recordsOf(key: string, who: Shopper, marker: string): Promise<Owned> {
  const auth: CallOptions = { key, bearer: who.token };
  const order = await placedOrder({ key, id: who.id, token: who.token }, [{ qty: 3 }]);
  const returned = await raise("rest", { key, id: who.id, token: who.token }, order.lines[0].id, 1);
  const productId = await freshProduct({ qty: 50 });
  const address = await must(
    await call("POST", "/api/shop/customer-addresses", {
      firstName: marker, lastName: marker, address1: "1 Owned Street", city: "Springfield", country: "US", state: "CA",
      postcode: "90001", phone: "555-0101", email: who.email,
    }, auth),
    "address",
  );
  const wish = await must(await call("POST", "/api/shop/wishlists", { productId }, auth), "wishlist");
  const compare = await must(await call("POST", "/api/shop/compare-items", { productId }, auth), "compare");
  const review = await must(
    await call("POST", "/api/shop/product-reviews", { productId, title: marker, comment: marker, rating: 5, name: marker, email: who.email }, auth),
    "review",
  );
  const gdpr = await must(await call("POST", "/api/shop/gdpr-requests", { type: "update", message: marker }, auth), "gdpr");
  const withdrawal = await must(await call("POST", "/api/shop/eu-withdrawals", { orderId: order.id, reasonText: marker }, auth), "withdrawal");
  const db = await getDb();
  const wishlistId = wish.id ?? (await db.wishlistItem.findFirstOrThrow({ where: { customerId: who.id } })).id;
  const compareId = compare.id ?? (await db.compareItem.findFirstOrThrow({ where: { customerId: who.id } })).id;
  return {
    orderId: order.id,
    orderItemId: order.lines[0].id,
    returnId: returned.id,
    addressId: address.id,
    wishlistId,
    compareId,
    reviewId: review.id,
    gdprId: gdpr.id,
    withdrawalId: withdrawal.id,
    reasonId: (await reasons()).returnOnly,
  };
}

export interface ShopWorld {
  key: string;
  /** The owner of `owned`; every answer to anyone else must be free of `marker`. */
  alice: Shopper;
  bob: Shopper;
  marker: string;
  owned: Owned;
  cartToken: string;
  deactivatedKey: string;
  expiredKey: string;
  blockedKey: string;
  integrationToken: string;
  /** A state of Alice's records to compare before and after calls that must not touch them. */
  snapshot(): Promise<string>;
}

export async function shopWorld(): Promise<ShopWorld> {
  const db = await getDb();
  const key = await storefrontKey();
  const marker = unique("Alice");
  const alice = await shopperWith(key, marker);
  const bob = await shopperWith(key, unique("Bob"));
  const owned = await recordsOf(key, alice, marker);
  const off = await createStorefrontKey(db, { name: unique("off") });
  await deactivateStorefrontKey(db, off.id);
  const snapshot = async () => {
    const customerId = alice.id;
    const rows = await Promise.all([
      db.customer.findUnique({ where: { id: customerId } }),
      db.order.findUnique({ where: { id: owned.orderId }, include: { items: true, payment: true } }),
      db.customerAddress.findMany({ where: { customerId } }),
      db.wishlistItem.findMany({ where: { customerId } }),
      db.compareItem.findMany({ where: { customerId } }),
      db.productReview.findMany({ where: { customerId } }),
      db.gdprRequest.findMany({ where: { customerId } }),
      db.euWithdrawal.findMany({ where: { customerId } }),
      db.returnRequest.findMany({ where: { customerId }, include: { messages: true, images: true } }),
      db.cart.findMany({ where: { customerId }, include: { items: true } }),
    ]);
    return JSON.stringify(rows, (_, v) => (typeof v === "bigint" ? String(v) : v));
  };
  return {
    key,
    alice,
    bob,
    marker,
    owned,
    cartToken: await cartToken(key),
    deactivatedKey: off.key,
    expiredKey: await storefrontKey({ expiresAt: new Date(Date.now() - HOUR) }),
    blockedKey: await storefrontKey({ allowedIps: ALLOWLIST }),
    integrationToken: (await adminCredential()).token,
    snapshot,
  };
}

export interface AdminWorld {
  key: string;
  owner: string;
  customerToken: string;
  apiToken: string;
  cartToken: string;
  expired: string;
  revoked: string;
  blocked: string;
  /** A token whose owner's role holds exactly `permission` (any token when null). */
  withPermission(permission: string | null): Promise<string>;
  /** A token whose owner's role holds every permission but `permission`. */
  withoutPermission(permission: string): Promise<string>;
}

export async function adminWorld(): Promise<AdminWorld> {
  const db = await getDb();
  const key = await storefrontKey();
  const shopper = await shopperWith(key, unique("Carol"));
  const owner = await adminCredential();
  const expired = await adminCredential();
  await db.integrationToken.update({ where: { id: expired.tokenId }, data: { expiresAt: new Date(Date.now() - HOUR) } });
  const revoked = await adminCredential();
  await db.integrationToken.update({ where: { id: revoked.tokenId }, data: { revokedAt: new Date() } });
  const blocked = await adminCredential({ allowedIps: ALLOWLIST });
  const withCache = new Map<string, Promise<string>>();
  const withoutCache = new Map<string, Promise<string>>();
  const roleToken = async (role: string[]) => {
    const admin = await subAdmin(role);
    return (await issueIntegrationToken(db, { adminId: admin.adminId, name: unique("matrix"), scope: "role" })).token;
  };
  return {
    key,
    owner: owner.token,
    customerToken: shopper.token,
    apiToken: shopper.apiToken,
    cartToken: await cartToken(key),
    expired: expired.token,
    revoked: revoked.token,
    blocked: blocked.token,
    withPermission(permission) {
      const name = permission ?? "(any)";
      if (!withCache.has(name)) withCache.set(name, roleToken(permission ? [permission] : [PERMISSIONS[0]]));
      return withCache.get(name)!;
    },
    withoutPermission(permission) {
      if (!withoutCache.has(permission)) withoutCache.set(permission, roleToken(PERMISSIONS.filter((p) => p !== permission)));
      return withoutCache.get(permission)!;
    },
  };
}

export const FROM_OUTSIDE = OUTSIDE;

/** Operations that end the caller's session or account: a test gives each call a customer of its own. */
export const CONSUMES_CUSTOMER = new Set(["createLogout", "deleteCustomerProfile"]);
