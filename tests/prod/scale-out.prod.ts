// Several stateless instances on one PostgreSQL and one Redis (SPEC.md rule 8-10, DESIGN.md "Databases"): two real
// server processes on different ports share one storefront key's budget and one integration token's cap, and
// race for the last units of a product without overselling. SIGTERM lets the requests in flight finish; SIGKILL in
// the middle of concurrent checkouts loses nothing: after a restart every order is whole and the stock adds up.
// PostgreSQL only (DATABASE_URL): on the SQLite pass of CI this file reports itself skipped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, storefrontKey } from "../support/client.ts";
import { sha256 } from "../../lib/auth/secrets.ts";
import { adminCredential } from "../support/admin.ts";
import { ADDRESS, freshProduct, stock } from "../support/checkout.ts";
import { hiddenProduct, makeOrder } from "../support/admin.ts";
import { productionBuild, request, startInstance, type Instance } from "./support/instances.ts";
import { freePort } from "../../scripts/support/free-port.ts";
import { webhookReceiver } from "../support/webhook-receiver.ts";

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
if (!onPostgres) console.log("Scale-out tests: skipped (they need DATABASE_URL to name PostgreSQL).");

let dist: string;
/** Both instances' settings: one database, one Redis, counters under a prefix of this run alone. */
const env = () => ({
  DATABASE_URL: process.env.DATABASE_URL!,
  REDIS_URL,
  RATE_LIMIT_PREFIX: `rl-test-${process.pid}-${Date.now().toString(36)}`,
  STOREFRONT_RATE_LIMIT: "1000000",
  DATABASE_POOL_SIZE: "8",
  // info: each job a worker completes leaves a line, which the job test counts.
  LOG_LEVEL: "info",
  // The unpaid-order expiry every 1.2 s, for orders of a payment method of this run alone (the job test's).
  ORDER_EXPIRY_INTERVAL_MINUTES: "0.02",
  UNPAID_ORDER_METHODS: `transfer-${process.pid}`,
  // The webhook test's receiver listens on this machine; deliveries are looked for every second.
  OUTBOUND_ALLOWED_NETWORKS: "127.0.0.1/32",
  WEBHOOK_POLL_SECONDS: "1",
});
let shared: ReturnType<typeof env>;
let a: Instance;
let b: Instance;

async function start(name: string, port?: number): Promise<Instance> {
  return startInstance(name, dist, port ?? (await freePort()), shared);
}

/** A guest cart on `via` holding one unit of `productId`, with address, flat rate and cash on delivery set. */
async function readyCart(via: Instance, key: string, productId: number): Promise<string> {
  const created = await request(via.baseUrl, "POST", "/api/shop/cart-tokens", { key, body: {} });
  const token = created.body.cartToken as string;
  const steps: [string, unknown][] = [
    ["/api/shop/cart/add-to-cart", { productId, quantity: 1 }],
    ["/api/shop/checkout/set-billing-address", ADDRESS],
    ["/api/shop/checkout/set-shipping-method", { shippingMethod: "flatrate_flatrate" }],
    ["/api/shop/checkout/set-payment-method", { paymentMethod: "cashondelivery" }],
  ];
  for (const [path, body] of steps) {
    const res = await request(via.baseUrl, "POST", path, { key, bearer: token, body });
    if (res.status !== 200) throw new Error(`${path} on ${via.name}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return token;
}

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map((item, j) => fn(item, i + j)))));
  return out;
}

const placeOrder = (via: Instance, key: string, token: string) =>
  request(via.baseUrl, "POST", "/api/shop/checkout/place-order", { key, bearer: token, body: {} });

/** Every order of `productId`: whole (its lines, payment, addresses, totals) and the stock adds up to `initial`. */
async function expectConsistent(productId: number, initial: number) {
  const db = await getDb();
  const orders = await db.order.findMany({
    where: { items: { some: { productId } } },
    include: { items: true, payment: true, addresses: true },
  });
  for (const order of orders) {
    const what = `order ${order.id}: ${JSON.stringify({ items: order.items.length, payment: !!order.payment, addresses: order.addresses.length })}`;
    expect(order.items.length, what).toBeGreaterThan(0);
    expect(order.payment?.method, what).toBe("cashondelivery");
    expect(order.addresses.map((x) => x.addressType).sort(), what).toEqual(["billing", "shipping"]);
    expect(order.totalQtyOrdered, what).toBe(order.items.filter((i) => !i.parentId).reduce((n, i) => n + i.qtyOrdered, 0));
    expect(order.cartId, what).not.toBeNull();
    const cart = await db.cart.findUnique({ where: { id: order.cartId! }, select: { isActive: true } });
    expect(cart?.isActive, `${what}: its cart is still open`).toBe(false);
  }
  const sold = orders.flatMap((o) => o.items).filter((i) => i.productId === productId).reduce((n, i) => n + i.qtyOrdered, 0);
  const left = await stock(productId);
  expect(left).toBeGreaterThanOrEqual(0);
  expect(left + sold, `stock ${left} + sold ${sold} against ${initial} received`).toBe(initial);
  return { orders: orders.length, sold, left };
}

describe.skipIf(!onPostgres)("two instances on one PostgreSQL and one Redis", () => {
  beforeAll(async () => {
    const build = await productionBuild();
    dist = build.dist;
    console.log(`Scale-out tests: ${build.built ? "built" : "reusing"} the production build in ${dist}.`);
    shared = env();
    [a, b] = await Promise.all([start("A"), start("B")]);
  }, 420_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("share one storefront key's budget: 10 calls spread over both pass, the 11th is refused on either", async () => {
    const key = await storefrontKey({ rateLimit: 10 });
    const remaining: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await request((i % 2 ? b : a).baseUrl, "GET", "/api/shop/channels", { key });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      remaining.push(Number(res.headers.get("X-RateLimit-Remaining")));
    }
    expect(remaining).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    for (const instance of [a, b]) {
      const res = await request(instance.baseUrl, "GET", "/api/shop/channels", { key });
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ error: "rate_limit_exceeded", retry_after: expect.any(Number) });
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
  });

  it("share one integration token's rate cap the same way", async () => {
    const { token } = await adminCredential({ rateLimit: 4 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await request((i % 2 ? a : b).baseUrl, "GET", "/api/admin/settings/channels", { bearer: token })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it("show an admin change made through one instance on the other's very next read, cached or not", async () => {
    const key = await storefrontKey();
    const { token } = await adminCredential();
    const id = await freshProduct({ qty: 5, price: "25" });
    const { sku } = await (await getDb()).product.findUniqueOrThrow({ where: { id }, select: { sku: true } });
    const query = `{ product(id: ${id}) { name price } }`;
    /** The product as B shows it: REST detail, REST search and GraphQL detail. */
    const seenOnB = async () => {
      const detail = await request(b.baseUrl, "GET", `/api/shop/products/${id}`, { key });
      const search = await request(b.baseUrl, "GET", `/api/shop/products?query=${sku}`, { key });
      const gql = await request(b.baseUrl, "POST", "/api/graphql", { key, body: { query } });
      const row = (search.body as { id: number; name: string; price: number }[]).find((r) => r.id === id);
      return [
        { name: detail.body.name, price: detail.body.price },
        row ? { name: row.name, price: row.price } : null,
        gql.body.data.product,
      ];
    };
    const before = { name: `Test ${sku}`, price: 25 };
    expect(await seenOnB()).toEqual([before, before, before]);
    expect(await seenOnB()).toEqual([before, before, before]); // now answered from B's caches

    const res = await request(a.baseUrl, "PATCH", `/api/admin/catalog/products/${id}`, {
      bearer: token,
      body: { price: 41.5, translations: [{ locale: "en", name: `Renamed ${sku}`, url_key: sku.toLowerCase() }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = { name: `Renamed ${sku}`, price: 41.5 };
    expect(await seenOnB()).toEqual([after, after, after]);

    // A storefront key deactivated through A is refused by B on its next call, though B has just verified it.
    const { createStorefrontKey } = await import("../../lib/storefront-keys/index.ts");
    const issued = await createStorefrontKey(await getDb(), { name: "scale-out-cache" });
    for (let i = 0; i < 2; i++) expect((await request(b.baseUrl, "GET", "/api/shop/locales", { key: issued.key })).status).toBe(200);
    const off = await request(a.baseUrl, "POST", `/api/admin/settings/storefront-keys/${issued.id}/deactivate`, { bearer: token });
    expect(off.status, JSON.stringify(off.body)).toBeLessThan(300);
    const refused = await request(b.baseUrl, "GET", "/api/shop/locales", { key: issued.key });
    expect([refused.status, refused.body.error]).toEqual([403, "invalid_key"]);
  });

  it("never oversell the last unit when two shoppers place their orders on different instances at once", async () => {
    const key = await storefrontKey();
    for (let round = 0; round < 5; round++) {
      const productId = await freshProduct({ qty: 1 });
      const [first, second] = await Promise.all([readyCart(a, key, productId), readyCart(b, key, productId)]);
      const answers = await Promise.all([placeOrder(a, key, first), placeOrder(b, key, second)]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(answers.map((r) => r.body))).toEqual([200, 422]);
      const result = await expectConsistent(productId, 1);
      expect(result).toEqual({ orders: 1, sold: 1, left: 0 });
    }
  });

  it("sell exactly the stock when a crowd spread over both instances checks out together", async () => {
    const key = await storefrontKey();
    const productId = await freshProduct({ qty: 5 });
    const carts = await inBatches(Array.from({ length: 16 }, (_, i) => i), 4, (i) => readyCart(i % 2 ? b : a, key, productId));
    const answers = await Promise.all(carts.map((token, i) => placeOrder(i % 2 ? a : b, key, token)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    expect(answers.every((r) => r.status === 200 || r.status === 422), JSON.stringify(answers.map((r) => [r.status, r.body?.error]))).toBe(true);
    expect(await expectConsistent(productId, 5)).toEqual({ orders: 5, sold: 5, left: 0 });
  });

  it("run each round of a scheduled job once on BullMQ: the unpaid-order expiry cancels an order once", async () => {
    const p = await hiddenProduct(10);
    const db = await getDb();
    const order = await makeOrder({ lines: [{ productId: p.id, qty: 2, price: 10 }], createdAt: new Date(Date.now() - 8 * 24 * 3600_000) });
    await db.orderPayment.update({ where: { orderId: order.id }, data: { method: shared.UNPAID_ORDER_METHODS, methodTitle: "Bank transfer" } });
    const before = await stock(p.id);
    for (let i = 0; i < 100 && (await db.order.findUniqueOrThrow({ where: { id: order.id } })).status !== "canceled"; i++) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 4000)); // a few rounds more

    /** The rounds each instance's worker completed, from its log. */
    const rounds = (instance: Instance) =>
      instance
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{") && l.includes('"job completed"'))
        .map((l) => JSON.parse(l) as { job: string; id: string; canceled?: string[] })
        .filter((l) => l.job === "orders.expire-unpaid");
    for (const instance of [a, b]) expect(instance.output()).toMatch(/"driver":"bullmq".*"job workers started"|"job workers started".*"driver":"bullmq"/);
    const all = [...rounds(a), ...rounds(b)];
    expect(all.length, `${a.output().slice(-2000)}\n${b.output().slice(-2000)}`).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((r) => r.id)).size, "a round ran on both instances").toBe(all.length);
    expect(all.filter((r) => r.canceled?.includes(order.incrementId))).toHaveLength(1);
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("canceled");
    expect(await stock(p.id)).toBe(before + 2);
    expect(await db.mailMessage.count({ where: { kind: "order_canceled", subject: { contains: order.incrementId } } })).toBe(1);
  });

  it("send each webhook delivery once, in order, whichever instance wrote the event or runs the job", async () => {
    const receiver = await webhookReceiver();
    const admin = await adminCredential();
    const made = await request(a.baseUrl, "POST", "/api/admin/settings/webhooks", { bearer: admin.token, body: { url: receiver.url, types: ["inventory.updated"] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    receiver.secret = made.body.secret;
    const key = await storefrontKey();
    const productId = await freshProduct({ qty: 30 });
    const carts = await inBatches(Array.from({ length: 12 }, (_, i) => i), 6, (i) => readyCart(i % 2 ? b : a, key, productId));
    const placed = await inBatches(carts, 6, (token, i) => placeOrder(i % 2 ? b : a, key, token));
    expect(placed.map((r) => r.status)).toEqual(carts.map(() => 200));
    const sales = () => receiver.got.filter((g) => g.body.data.productId === productId);
    for (let i = 0; i < 150 && sales().length < 12; i++) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 3000)); // rounds more on both instances: none may send again
    const got = sales();
    expect(got.map((g) => g.body.data.newQty)).toEqual(Array.from({ length: 12 }, (_, i) => 29 - i));
    expect(new Set(got.map((g) => g.id)).size).toBe(12);
    expect(got.every((g) => g.verified && g.answered === 204)).toBe(true);
    await request(a.baseUrl, "DELETE", `/api/admin/settings/webhooks/${made.body.id}`, { bearer: admin.token });
    await receiver.close();
  });

  it("finish the requests in flight on SIGTERM, then exit", async () => {
    const key = await storefrontKey();
    const c = await start("C");
    // Pages of different sizes, so that no answer is served again from a cache and each request does its work.
    const query = (n: number) => `{ products(first: ${n}) { totalCount edges { node { id sku name price formattedPrice minimumPrice baseImageUrl isSaleable } } } }`;
    let signalledAt = 0;
    await request(c.baseUrl, "POST", "/api/graphql", { key, body: { query: query(50) } }); // warm: the first request loads the route
    let first!: () => void;
    const firstAnswered = new Promise<void>((r) => (first = r));
    const calls = Array.from({ length: 120 }, (_, i) =>
      request(c.baseUrl, "POST", "/api/graphql", { key, body: { query: query(1 + (i % 49)) } }).then((res) => {
        first();
        return { res, at: Date.now() };
      }),
    );
    // The signal comes as soon as the instance answers one of them: the others are still in flight.
    await firstAnswered;
    signalledAt = Date.now();
    c.signal("SIGTERM");
    // While it drains, the instance tells load balancers to send nothing new.
    const health = await fetch(`${c.baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect((await health.json()).status).toBe("draining");
    const settled = await Promise.allSettled(calls);
    const failures = settled.filter((s) => s.status === "rejected").map((s) => String((s).reason?.cause ?? (s).reason));
    expect(failures, "requests broken off by the shutdown").toEqual([]);
    const done = settled.map((s) => (s as PromiseFulfilledResult<{ res: Awaited<ReturnType<typeof request>>; at: number }>).value);
    for (const { res } of done) {
      expect(res.status).toBe(200);
      expect(res.body.data.products.edges.length).toBeGreaterThan(0);
    }
    expect(done.filter((d) => d.at > signalledAt).length, "requests still in flight when the signal came").toBeGreaterThan(0);
    const exit = await Promise.race([c.exited, new Promise<null>((r) => setTimeout(() => r(null), 20_000))]);
    expect(exit, "exited after the signal").not.toBeNull();
    await expect(fetch(`${c.baseUrl}/api/health`)).rejects.toThrow();
  });

  it("lose no order, no unit of stock and no payment when an instance is killed in the middle of checkouts", async () => {
    const key = await storefrontKey();
    const initial = 12;
    const productId = await freshProduct({ qty: initial });
    const carts = await inBatches(Array.from({ length: 24 }, (_, i) => i), 4, (i) => readyCart(i % 2 ? b : a, key, productId));

    const started = Date.now();
    let answeredByA = 0;
    const attempts = carts.map((token, i) => {
      const via = i % 2 ? b : a;
      return placeOrder(via, key, token).then(
        (res) => {
          if (via === a) answeredByA++;
          return { token, via: via.name, status: res.status };
        },
        () => ({ token, via: via.name, status: null }),
      );
    });
    // Kill A in the middle of its share: once it has answered two checkouts, while the others are being served.
    while (answeredByA < 2 && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 2));
    a.signal("SIGKILL");
    const killedAt = Date.now() - started;
    const outcomes = await Promise.all(attempts);
    await a.exited;
    const cutOff = outcomes.filter((o) => o.status === null);
    console.log(
      `Crash test: A killed ${killedAt} ms in, after ${answeredByA} answers; ${cutOff.length} of its requests cut off; ` +
        `${outcomes.filter((o) => o.status === 200).length} orders answered before the restart.`,
    );
    expect(cutOff.length, "requests A was serving when it was killed").toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.via === "B").every((o) => o.status === 200 || o.status === 422)).toBe(true);

    // Whatever was cut off is in the database whole or not at all; the restarted instance finishes the job.
    a = await start("A", a.port);
    await expectConsistent(productId, initial);
    for (const o of outcomes.filter((x) => x.status === null)) {
      const retry = await placeOrder(a, key, o.token);
      expect([200, 422], JSON.stringify(retry.body)).toContain(retry.status);
    }
    const result = await expectConsistent(productId, initial);
    expect(result).toEqual({ orders: initial, sold: initial, left: 0 });
    const db = await getDb();
    const cartRows = await db.cart.findMany({ where: { tokenHash: { in: carts.map((t) => sha256(t.toLowerCase())) } }, select: { id: true, isActive: true } });
    const orderedCarts = new Set((await db.order.findMany({ where: { cartId: { in: cartRows.map((c) => c.id) } }, select: { cartId: true } })).map((o) => o.cartId));
    expect(orderedCarts.size).toBe(initial);
    // A cart is closed exactly when it became an order.
    for (const cart of cartRows) expect(cart.isActive, `cart ${cart.id}`).toBe(!orderedCarts.has(cart.id));
  });
});
