// One-line helpers for Admin API tests: an integration token for the owner or for a fresh sub-admin with a role of
// exactly the given permissions; declared operations (tests/support/invoke.ts) and hand-made requests with it.
 
import { getDb } from "../../lib/db/client.ts";
import { issueIntegrationToken, type IntegrationTokenInput } from "../../lib/integrations/tokens.ts";
import { DEMO_ADMIN } from "../../lib/seed/index.ts";
import type { AnyOperation } from "../../lib/operations/define.ts";
import { call, graphql, unique, type CallOptions } from "./client.ts";
import { invoke, type InvokeOptions, type Result, type Via } from "./invoke.ts";

type TokenOptions = Omit<IntegrationTokenInput, "adminId"> & {
  /** The owning admin: the seeded store owner by default, or a new sub-admin whose role holds exactly these. */
  role?: "all" | string[];
};

export interface AdminCredential {
  token: string;
  tokenId: number;
  adminId: number;
}

/** A new admin user with a new role (`all` or a permission list). */
export async function subAdmin(role: "all" | string[]): Promise<{ adminId: number; roleId: number; email: string }> {
  const db = await getDb();
  const r = await db.adminRole.create({
    data: { name: unique("role"), permissionType: role === "all" ? "all" : "custom", permissions: role === "all" ? [] : role },
  });
  const email = `${unique("admin")}@example.com`;
  const a = await db.adminUser.create({ data: { name: "Sub admin", email, passwordHash: "x", roleId: r.id, status: true, isOwner: false } });
  return { adminId: a.id, roleId: r.id, email };
}

export async function adminCredential(opts: TokenOptions = {}): Promise<AdminCredential> {
  const db = await getDb();
  const { role, ...rest } = opts;
  const adminId = role
    ? (await subAdmin(role)).adminId
    : (await db.adminUser.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } })).id;
  const issued = await issueIntegrationToken(db, { name: unique("token"), ...rest, adminId });
  return { token: issued.token, tokenId: issued.id, adminId };
}

/** The bearer alone, for the common case. */
export async function adminToken(opts: TokenOptions = {}): Promise<string> {
  return (await adminCredential(opts)).token;
}

export function adminCall<T = any>(token: string | null, method: string, path: string, body?: unknown, opts: CallOptions = {}) {
  return call<T>(method, path, body, { ...opts, bearer: token });
}

export function adminGraphql<T = any>(token: string | null, query: string, variables?: Record<string, unknown>, opts: CallOptions = {}) {
  return graphql<T>(query, variables, { ...opts, bearer: token, endpoint: "/api/admin/graphql" });
}

/** The status a GraphQL answer stands for: the first error's `extensions.status`, else the HTTP status. */
export function gqlStatus(res: { status: number; body: any }): number {
  return res.body?.errors?.[0]?.extensions?.status ?? res.status;
}

/**
 * Runs a declared admin operation (or its name) with an integration token, on either transport. A record action
 * names its record as `id` in the input: the REST path's `{id}` and the GraphQL input's `id`.
 */
export function asAdmin(via: Via, token: string | null, op: AnyOperation | string, input: unknown = {}, opts: InvokeOptions = {}): Promise<Result> {
  return invoke(via, op, input, { ...opts, bearer: token });
}

export interface OrderLine {
  productId: number;
  qty: number;
  /** Unit price in the base currency. */
  price: number;
  /** A variant line under the previous line (configurable products). */
  child?: boolean;
}

/** An order written straight to the database (reports and the sales back office need orders, not a checkout). */
export async function makeOrder(opts: { lines: OrderLine[]; createdAt?: Date; channelCode?: string; status?: string; customerId?: number | null }) {
  const db = await getDb();
  const channel = await db.channel.findUniqueOrThrow({ where: { code: opts.channelCode ?? "default" } });
  const createdAt = opts.createdAt ?? new Date();
  const products = await db.product.findMany({ where: { id: { in: opts.lines.map((l) => l.productId) } }, select: { id: true, sku: true, type: true } });
  const sub = opts.lines.filter((l) => !l.child).reduce((a, l) => a + l.qty * l.price, 0);
  const order = await db.order.create({
    data: {
      incrementId: unique("ORD"),
      status: opts.status ?? "pending",
      channelId: channel.id,
      channelName: channel.name,
      customerId: opts.customerId ?? null,
      customerEmail: "buyer@example.com",
      customerFirstName: "Buyer",
      customerLastName: "Test",
      isGuest: !opts.customerId,
      baseCurrencyCode: "USD",
      channelCurrencyCode: "USD",
      orderCurrencyCode: "USD",
      totalItemCount: opts.lines.filter((l) => !l.child).length,
      totalQtyOrdered: opts.lines.filter((l) => !l.child).reduce((a, l) => a + l.qty, 0),
      subTotal: sub, baseSubTotal: sub, grandTotal: sub, baseGrandTotal: sub,
      shippingMethod: "flatrate_flatrate", shippingTitle: "Flat Rate",
      createdAt, updatedAt: createdAt,
      payment: { create: { method: "cashondelivery", methodTitle: "Cash On Delivery" } },
      addresses: {
        create: ["billing", "shipping"].map((addressType) => ({
          addressType, firstName: "Buyer", lastName: "Test", address: "1 Main St", country: "US", state: "NY", city: "New York", postcode: "10001", email: "buyer@example.com",
        })),
      },
    },
  });
  let parentId: number | null = null;
  const items = [];
  for (const line of opts.lines) {
    const p = products.find((x) => x.id === line.productId)!;
    const total = line.qty * line.price;
    const item: { id: number } = await db.orderItem.create({
      data: {
        orderId: order.id, productId: p.id, parentId: line.child ? parentId : null, sku: p.sku, type: p.type, name: `Item ${p.sku}`,
        qtyOrdered: line.qty, price: line.price, basePrice: line.price, total, baseTotal: total, createdAt,
      },
    });
    if (!line.child) parentId = item.id;
    items.push(item);
  }
  return { id: order.id, incrementId: order.incrementId, itemIds: items.map((i) => i.id) };
}

/**
 * A disabled simple product of the test's own (en and fr names, one image, stock on the default channel): orders,
 * reviews and visits can land on it without changing anything the shop's suites read.
 */
export async function hiddenProduct(price = 10) {
  const db = await getDb();
  const sku = unique("HID").toUpperCase();
  const channel = await db.channel.findUniqueOrThrow({ where: { code: "default" } });
  const p = await db.product.create({
    data: {
      sku, type: "simple", price, status: false,
      translations: { create: ["en", "fr"].map((locale) => ({ locale, name: `Hidden ${locale} ${sku}`, urlKey: `${sku.toLowerCase()}-${locale}` })) },
      channels: { create: { channelId: channel.id } },
      images: { create: { path: `product/${sku}/1.png`, position: 1 } },
      inventories: { create: { channelId: channel.id, qty: 5 } },
    },
  });
  return { id: p.id, sku, price, name: `Hidden en ${sku}` };
}
