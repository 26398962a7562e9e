// The load generator, run by the bench in a process of its own: autocannon at a fixed concurrency. Scenarios that
// are compared with each other run interleaved, in short rounds (A B B A A B …), so that whatever else the machine
// does weighs on each of them alike; each first gets a warm-up that is thrown away. Prints one JSON line: per
// scenario, requests per second, exact p50 and p99 latencies (autocannon's own histogram rounds to whole
// milliseconds) and failures. A checkout scenario walks each connection through the whole guest checkout again
// and again and measures checkouts.
import autocannon from "autocannon";

export interface RequestSpec {
  method: "GET" | "POST" | "PUT";
  path: string;
  body?: unknown;
}

export interface Scenario {
  url: string;
  storefrontKey: string;
  /** Plain requests, sent round-robin by every connection. */
  requests?: RequestSpec[];
  /** A guest checkout of one of these products per round: the seven requests. */
  checkout?: { productIds: number[]; address: Record<string, unknown> };
  /** Connections of this scenario, when not the spec's. */
  connections?: number;
}

export interface LoadSpec {
  connections: number;
  warmupSeconds: number;
  /** Measured time of each scenario, split into `rounds` slices. */
  seconds: number;
  rounds: number;
  scenarios: Scenario[];
}

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** Checkout specs: placed orders, and the latencies are per whole checkout. */
  checkouts?: number;
  /** Requests (checkouts) per second of each interleaved round. */
  rounds: number[];
  firstFailure?: string;
}

type Context = { token?: string; startedAt?: number; round?: number };
type AutocannonRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest, context: Context) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Context) => void;
};

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function plainRequests(spec: Scenario): AutocannonRequest[] {
  return spec.requests!.map((r) => ({
    method: r.method,
    path: r.path,
    headers: {
      "x-storefront-key": spec.storefrontKey,
      accept: "application/json",
      ...(r.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}),
  }));
}

/** One guest checkout, seven requests: cart token, one item, address, shipping methods, shipping method, payment, place order. */
function checkoutRequests(spec: Scenario, record: Tally): AutocannonRequest[] {
  const { productIds, address } = spec.checkout!;
  let rounds = 0;
  const headers = (context: Context) => ({
    "x-storefront-key": spec.storefrontKey,
    accept: "application/json",
    "content-type": "application/json",
    authorization: `Bearer ${context.token ?? "none"}`,
  });
  const step = (path: string, body: ((context: Context) => unknown) | null, after?: (body: string, context: Context) => void): AutocannonRequest => ({
    method: body ? "POST" : "GET",
    path,
    setupRequest: (req, context) => (body ? { ...req, headers: headers(context), body: JSON.stringify(body(context)) } : { ...req, headers: headers(context) }),
    onResponse: (status, text, context) => {
      if (status >= 300) record.failures.push(`${path} ${status} ${text.slice(0, 200)}`);
      else after?.(text, context);
    },
  });
  return [
    {
      method: "POST",
      path: "/api/shop/cart-tokens",
      body: "{}",
      setupRequest: (req, context) => {
        context.startedAt = performance.now();
        context.round = rounds++;
        return { ...req, headers: { "x-storefront-key": spec.storefrontKey, accept: "application/json", "content-type": "application/json" } };
      },
      onResponse: (status, text, context) => {
        if (status !== 201) record.failures.push(`cart-tokens ${status} ${text.slice(0, 200)}`);
        else context.token = (JSON.parse(text) as { cartToken: string }).cartToken;
      },
    },
    step("/api/shop/cart/add-to-cart", (c) => ({ productId: productIds[(c.round ?? 0) % productIds.length], quantity: 1 })),
    step("/api/shop/checkout/set-billing-address", () => address),
    step("/api/shop/checkout/get-shipping-methods", null),
    step("/api/shop/checkout/set-shipping-method", () => ({ shippingMethod: "flatrate_flatrate" })),
    step("/api/shop/checkout/set-payment-method", () => ({ paymentMethod: "cashondelivery" })),
    step("/api/shop/checkout/place-order", () => ({}), (text, context) => {
      const placed = JSON.parse(text) as { orderId?: number | null };
      if (placed.orderId && context.startedAt !== undefined) record.checkoutMs.push(performance.now() - context.startedAt);
      else record.failures.push(`place-order answered without an order: ${text.slice(0, 200)}`);
    }),
  ];
}

interface Tally {
  latencies: number[];
  checkoutMs: number[];
  failures: string[];
  failed: number;
  requests: number;
  seconds: number;
  rounds: number[];
}

const newTally = (): Tally => ({ latencies: [], checkoutMs: [], failures: [], failed: 0, requests: 0, seconds: 0, rounds: [] });

/** One slice of load on one scenario, added to `tally`. */
async function run(spec: Scenario, defaultConnections: number, seconds: number, tally: Tally): Promise<void> {
  const connections = spec.connections ?? defaultConnections;
  const requests = spec.checkout ? checkoutRequests(spec, tally) : plainRequests(spec);
  let instance!: autocannon.Instance;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      { url: spec.url, connections, duration: seconds, requests: requests as autocannon.Request[], timeout: 30 },
      (err: unknown, result) => (err ? reject(err instanceof Error ? err : new Error(JSON.stringify(err))) : resolve(result)),
    );
  });
  instance.on("response", (_client, status, _bytes, ms) => {
    tally.latencies.push(ms);
    if (status >= 400 && tally.failures.length < 5 && !spec.checkout) tally.failures.push(`status ${status}`);
  });
  const checkoutsBefore = tally.checkoutMs.length;
  const result = await finished;
  const done = spec.checkout ? tally.checkoutMs.length - checkoutsBefore : result.requests.total;
  tally.rounds.push(round3(done / result.duration));
  tally.failed += result.non2xx + result.errors + result.timeouts;
  tally.requests += result.requests.total;
  tally.seconds += result.duration;
}

function summary(spec: Scenario, tally: Tally): LoadResult {
  const measured = spec.checkout ? tally.checkoutMs : tally.latencies;
  measured.sort((a, b) => a - b);
  const count = spec.checkout ? tally.checkoutMs.length : tally.requests;
  return {
    requests: tally.requests,
    seconds: tally.seconds,
    perSecond: round3(count / tally.seconds),
    p50: round3(percentile(measured, 50)),
    p99: round3(percentile(measured, 99)),
    failures: Math.max(tally.failed, tally.failures.length),
    ...(spec.checkout ? { checkouts: tally.checkoutMs.length } : {}),
    rounds: tally.rounds,
    ...(tally.failures[0] ? { firstFailure: tally.failures[0] } : {}),
  };
}

const spec = JSON.parse(process.argv[2]) as LoadSpec;
for (const scenario of spec.scenarios) if (spec.warmupSeconds > 0) await run(scenario, spec.connections, spec.warmupSeconds, newTally());
const tallies = spec.scenarios.map(newTally);
const slice = spec.seconds / spec.rounds;
for (let round = 0; round < spec.rounds; round++) {
  const order = spec.scenarios.map((_, i) => i);
  if (round % 2) order.reverse();
  for (const i of order) await run(spec.scenarios[i], spec.connections, slice, tallies[i]);
}
process.stdout.write(JSON.stringify(spec.scenarios.map((s, i) => summary(s, tallies[i]))) + "\n");
