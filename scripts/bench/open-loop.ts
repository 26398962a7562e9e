// The open-loop load generator (issue 29), run by the bench in a process of its own. Requests are sent on a
// schedule fixed by the arrival rate, never waiting for earlier answers: a slow server meets as many requests as a
// fast one, they queue, and the latency of each is counted from the moment it was due to be sent (not from when it
// went out), so neither the queue nor a late generator hides any time. The traffic is a storefront's mix: catalog
// reads, cart calls, and the steps of guest checkouts in progress. Rates rise step by step; a step is held when
// reads and checkout steps both keep their p99 under the bounds and nothing fails; the run stops after the first
// step that is not held. Prints one JSON line: an OpenLoopStep per step run.
import type { RequestSpec } from "./drive.ts";

export interface ReadGroup {
  /** e.g. "list", "detail", "search", "categories". */
  kind: string;
  /** Share of all requests (the groups' weights and the cart and checkout shares add up to 1). */
  weight: number;
  /** Sent round-robin within the group. */
  requests: RequestSpec[];
}

export interface OpenLoopSpec {
  url: string;
  storefrontKey: string;
  reads: ReadGroup[];
  cartShare: number;
  checkoutShare: number;
  checkout: { productIds: number[]; address: Record<string, unknown> };
  /** Arrivals per second of each step, in order. */
  rates: number[];
  stepSeconds: number;
  /** A first stretch at the first rate whose answers are thrown away (JIT, caches, connections). */
  warmupSeconds: number;
  /** "poisson": independent arrivals (exponential gaps, seeded so runs repeat); "even": evenly spaced. */
  arrivals: "poisson" | "even";
  readP99Ms: number;
  checkoutP99Ms: number;
  /** A request not answered by then counts as an error. */
  timeoutMs: number;
}

export interface Latencies {
  count: number;
  p50: number;
  p99: number;
}

export interface OpenLoopStep {
  rate: number;
  /** Requests sent per second over the step (the rate, give or take the randomness of the arrivals). */
  sentPerSecond: number;
  reads: Latencies;
  cart: Latencies;
  checkoutSteps: Latencies;
  /** Orders placed during the step. */
  checkouts: number;
  errors: number;
  firstError?: string;
  /** How late the generator sent its latest request, in ms: when large, the generator, not the server, fell behind. */
  maxSendLagMs: number;
  held: boolean;
}

type Kind = "read" | "cart" | "checkout";

interface Tally {
  latencies: Record<Kind, number[]>;
  errors: number;
  firstError?: string;
  checkouts: number;
  sent: number;
  maxLag: number;
}

const newTally = (): Tally => ({ latencies: { read: [], cart: [], checkout: [] }, errors: 0, checkouts: 0, sent: 0, maxLag: 0 });

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function latencies(values: number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: round3(percentile(sorted, 50)), p99: round3(percentile(sorted, 99)) };
}

/** A small seeded generator (mulberry32): the same arrivals and the same mix on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = Record<string, unknown>;

/** One HTTP call of a session: what it sends, given what the session learnt so far. */
interface Call {
  method: "GET" | "POST" | "PUT";
  path: string;
  body?: (s: Session) => unknown;
  /** Reads what the session needs from the answer; throws when the answer is not what the flow expects. */
  after?: (s: Session, body: Json) => void;
}

interface Session {
  token?: string;
  itemId?: number;
  productId: number;
  next: number;
}

const cartToken: Call = {
  method: "POST",
  path: "/api/shop/cart-tokens",
  body: () => ({}),
  after: (s, b) => {
    if (typeof b.cartToken !== "string") throw new Error("no cartToken");
    s.token = b.cartToken;
  },
};
const addToCart: Call = {
  method: "POST",
  path: "/api/shop/cart/add-to-cart",
  body: (s) => ({ productId: s.productId, quantity: 1 }),
  after: (s, b) => {
    const items = (b.data as { items?: { id: number }[] } | undefined)?.items ?? (b as { items?: { id: number }[] }).items;
    if (items?.length) s.itemId = items[0].id;
  },
};

/** A shopper's cart calls: a new cart, an item, the cart read, the quantity changed, the cart read again. */
const CART_FLOW: Call[] = [
  cartToken,
  addToCart,
  { method: "POST", path: "/api/shop/cart", body: () => ({}) },
  {
    method: "PUT",
    path: "/api/shop/cart/update-cart-item",
    body: (s) => {
      if (s.itemId === undefined) throw new Error("add-to-cart answered without the cart's lines");
      return { cartItemId: s.itemId, quantity: 2 };
    },
  },
  { method: "POST", path: "/api/shop/cart", body: () => ({}) },
];

/** The seven calls of a guest checkout, as the closed-loop checkout scenario sends them (./drive.ts). */
function checkoutFlow(address: Record<string, unknown>): Call[] {
  return [
    cartToken,
    addToCart,
    { method: "POST", path: "/api/shop/checkout/set-billing-address", body: () => address },
    { method: "GET", path: "/api/shop/checkout/get-shipping-methods" },
    { method: "POST", path: "/api/shop/checkout/set-shipping-method", body: () => ({ shippingMethod: "flatrate_flatrate" }) },
    { method: "POST", path: "/api/shop/checkout/set-payment-method", body: () => ({ paymentMethod: "cashondelivery" }) },
    {
      method: "POST",
      path: "/api/shop/checkout/place-order",
      body: () => ({}),
      after: (_s, b) => {
        if (!b.orderId) throw new Error(`place-order answered without an order: ${JSON.stringify(b).slice(0, 200)}`);
      },
    },
  ];
}

/**
 * Sessions that walk through a flow one call at a time. An arrival of the flow's kind takes the session that has
 * waited longest for its next call; when every session still waits for an answer, a new one starts. So the share
 * of checkout steps is made of whole checkouts in progress, and a slow server gets more of them at once, as a
 * shop would.
 */
class Flows {
  private ready: Session[] = [];
  private started = 0;
  constructor(private readonly flow: Call[], private readonly productIds: number[]) {}

  take(): { session: Session; call: Call } {
    const session = this.ready.shift() ?? { productId: this.productIds[this.started++ % this.productIds.length], next: 0 };
    return { session, call: this.flow[session.next] };
  }

  /** The call answered as expected: the session's next call may go. */
  done(session: Session): boolean {
    session.next++;
    if (session.next < this.flow.length) this.ready.push(session);
    return session.next === this.flow.length;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One call through Node's fetch. Its global undici Agent keeps no limit on connections per origin (`connections:
 * null`) and keeps them alive, so a request that arrives while others wait opens a connection of its own instead of
 * queueing in the generator: the queue it meets is the server's.
 */
async function send(spec: OpenLoopSpec, method: string, path: string, body: unknown, token: string | undefined): Promise<Json> {
  const headers: Record<string, string> = { "x-storefront-key": spec.storefrontKey, accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(spec.url + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(spec.timeoutMs),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path.split("?")[0]} ${res.status} ${text.slice(0, 200)}`);
  return text ? (JSON.parse(text) as Json) : {};
}

/** Runs one step at `rate` arrivals per second for `seconds`, and waits for its last answers. */
async function step(spec: OpenLoopSpec, rate: number, seconds: number, random: () => number): Promise<Tally> {
  const tally = newTally();
  const carts = new Flows(CART_FLOW, spec.checkout.productIds);
  const checkouts = new Flows(checkoutFlow(spec.checkout.address), spec.checkout.productIds);
  const turns = new Map<ReadGroup, number>();
  const pending = new Set<Promise<void>>();
  const readShare = spec.reads.reduce((sum, g) => sum + g.weight, 0);

  const fail = (message: string) => {
    tally.errors++;
    tally.firstError ??= message;
  };
  const timed = (kind: Kind, due: number, work: () => Promise<void>) => {
    const p = work().then(
      () => void tally.latencies[kind].push(performance.now() - due),
      (e: unknown) => fail(e instanceof Error ? e.message : String(e)),
    );
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  const flowCall = (kind: Kind, flows: Flows, due: number) => {
    const { session, call } = flows.take();
    timed(kind, due, async () => {
      const answer = await send(spec, call.method, call.path, call.body?.(session), session.token);
      call.after?.(session, answer);
      if (flows.done(session) && kind === "checkout") tally.checkouts++;
    });
  };
  const arrive = (due: number) => {
    tally.sent++;
    let u = random();
    if (u < spec.checkoutShare) return flowCall("checkout", checkouts, due);
    u -= spec.checkoutShare;
    if (u < spec.cartShare) return flowCall("cart", carts, due);
    u = ((u - spec.cartShare) / (1 - spec.checkoutShare - spec.cartShare)) * readShare;
    const group = spec.reads.find((g) => (u -= g.weight) < 0) ?? spec.reads.at(-1)!;
    const turn = turns.get(group) ?? 0;
    turns.set(group, turn + 1);
    const r = group.requests[turn % group.requests.length];
    timed("read", due, async () => void (await send(spec, r.method, r.path, r.body, undefined)));
  };

  const gap = () => (spec.arrivals === "even" ? 1000 / rate : (-Math.log(1 - random()) * 1000) / rate);
  const start = performance.now() + 10;
  const end = start + seconds * 1000;
  let due = start;
  while (due < end) {
    const now = performance.now();
    if (due > now) {
      // Timers fire about a millisecond late at best; arrivals due meanwhile go out together, timed from when due.
      await sleep(Math.max(0, due - now - 1));
      continue;
    }
    tally.maxLag = Math.max(tally.maxLag, now - due);
    arrive(due);
    due += gap();
  }
  while (pending.size) await Promise.all([...pending]);
  return tally;
}

function summary(spec: OpenLoopSpec, rate: number, tally: Tally): OpenLoopStep {
  const reads = latencies(tally.latencies.read);
  const checkoutSteps = latencies(tally.latencies.checkout);
  const under = (l: Latencies, bound: number) => l.count === 0 || l.p99 <= bound;
  return {
    rate,
    sentPerSecond: round3(tally.sent / spec.stepSeconds),
    reads,
    cart: latencies(tally.latencies.cart),
    checkoutSteps,
    checkouts: tally.checkouts,
    errors: tally.errors,
    ...(tally.firstError ? { firstError: tally.firstError } : {}),
    maxSendLagMs: round3(tally.maxLag),
    held: tally.errors === 0 && reads.count > 0 && under(reads, spec.readP99Ms) && under(checkoutSteps, spec.checkoutP99Ms),
  };
}

const spec = JSON.parse(process.argv[2]) as OpenLoopSpec;
const random = seeded(29);
if (spec.warmupSeconds > 0) await step(spec, spec.rates[0], spec.warmupSeconds, random);
const steps: OpenLoopStep[] = [];
for (const rate of spec.rates) {
  const result = summary(spec, rate, await step(spec, rate, spec.stepSeconds, random));
  steps.push(result);
  process.stderr.write(
    `[bench]   ${rate} req/s: reads p99 ${result.reads.p99.toFixed(1)} ms, checkout steps p99 ${result.checkoutSteps.p99.toFixed(1)} ms, ` +
      `${result.errors} errors${result.held ? "" : " (not held)"}\n`,
  );
  if (!result.held) break;
}
process.stdout.write(JSON.stringify(steps) + "\n");
