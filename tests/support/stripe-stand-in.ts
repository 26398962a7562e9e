// A local Stripe for the tests, so none of them ever reaches api.stripe.com: a node:http server speaking the part of
// Stripe's HTTP API the Stripe payment provider calls (Checkout Sessions and their line items, payment intents, their
// capture or cancellation when the session captures manually, refunds), which the official SDK is pointed at with
// `new Stripe(key, { host, port, protocol })`. It keeps Stripe's wire behaviour wherever a client can tell the
// difference: form-encoded params in bracket notation, Bearer auth, Stripe's error bodies and statuses (so the SDK
// raises the same error classes), idempotency keys answered by a byte-for-byte replay, events signed as Stripe signs
// them. It also plays the shopper: pay() completes a session as paying on Stripe's page would (or, capturing
// manually, authorizes it), and that page is served at session.url. tests/api/stripe-stand-in.test.ts holds
// it to the SDK; what it does not model is said where it matters (see the report in that file's header).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import Stripe from "stripe";

const SECRET_KEY = "sk_test_standin";
/** The SDK's own pinned version, which is what Stripe stamps on events for an endpoint of that version. */
const API_VERSION: string = Stripe.API_VERSION;

export type Metadata = Record<string, string>;

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  metadata: Metadata;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  /** Stripe clears it once the session is no longer open. */
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface LineItem {
  id: string;
  object: "item";
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  quantity: number;
  price: { id: string; object: "price"; currency: string; product: string; type: "one_time"; unit_amount: number };
}

export type CaptureMethod = "automatic" | "manual";
export type CancellationReason = "duplicate" | "fraudulent" | "requested_by_customer" | "abandoned";

export interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  /** What a capture can still take: the authorized amount while `requires_capture`, otherwise 0. */
  amount_capturable: number;
  amount_received: number;
  canceled_at: number | null;
  cancellation_reason: CancellationReason | null;
  /** The session's payment_intent_data[capture_method]. */
  capture_method: CaptureMethod;
  currency: string;
  description: string | null;
  /** processing: an asynchronous method on its way; requires_capture: a manual-capture authorization. */
  status: "processing" | "requires_capture" | "succeeded" | "canceled";
  latest_charge: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
}

export interface Charge {
  id: string;
  object: "charge";
  amount: number;
  /** 0 until a manual-capture charge is captured; then what was captured (the rest is released as a refund). */
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  currency: string;
  metadata: Metadata;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  status: "succeeded";
  created: number;
  livemode: false;
}

export interface Refund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
  created: number;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  // The object of whichever type the event names (a session, a payment intent, a charge, or what a test passed to
  // event()): tests read it as a webhook handler reads a parsed body.
  data: { object: any };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

export interface StandInError {
  status: number;
  type: string;
  code: string;
  message: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
}

/** One POST of a signed event to webhookUrl by the hosted page; status 0 when the receiver could not be reached. */
export interface WebhookDelivery {
  eventId: string;
  type: string;
  status: number;
}

export interface StripeStandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  /** host, port and protocol go into the SDK's options. */
  host: string;
  port: number;
  protocol: "http";
  /** "sk_test_standin"; any other bearer gets Stripe's 401. */
  secretKey: string;
  /** The signing secret of sign() and of the hosted page's deliveries. */
  webhookSecret: string;
  sessions: Map<string, CheckoutSession>;
  paymentIntents: Map<string, PaymentIntent>;
  charges: Map<string, Charge>;
  /** Every refund created, in order. */
  refunds: Refund[];
  /** Every event the stand-in generated, in order. */
  events: StripeEvent[];
  /** Every /v1 request that reached the stand-in, failed ones and the SDK's retries included. */
  requests: RecordedRequest[];
  /** Every POST of the hosted page to webhookUrl, in order. */
  deliveries: WebhookDelivery[];
  /** Where the hosted page POSTs the signed events of a payment, awaiting each, before it redirects. */
  webhookUrl: string | null;
  /**
   * Completes an open session as a shopper paying on Stripe's page would: a payment intent for amount_total (with
   * the session's payment_intent_data.metadata) and, when paid, its charge. "unpaid" is an asynchronous method (a
   * debit, say): the session is complete but unpaid and the intent processing, with no charge until succeedLater().
   * Returns the events Stripe would send: checkout.session.completed, then payment_intent.succeeded when paid.
   * A session created with payment_intent_data[capture_method]=manual is authorized rather than paid: complete but
   * "unpaid" (Stripe says unpaid until the money is captured), its intent requires_capture with amount_capturable the
   * whole amount, its charge uncaptured (nothing to refund yet); the events are checkout.session.completed, then
   * payment_intent.amount_capturable_updated. POST /v1/payment_intents/:id/capture then takes the money, /cancel
   * releases it. Manual capture of an asynchronous method is not modelled: "unpaid" on such a session throws.
   */
  pay(sessionId: string, opts?: { paymentStatus?: "paid" | "unpaid" }): StripeEvent[];
  /** The asynchronous payment of an "unpaid" session succeeds: the charge is made; returns [payment_intent.succeeded]. */
  succeedLater(sessionId: string): StripeEvent[];
  /** The next `times` refund creations (default 1) fail with `error` (default: charge_disputed, 400). */
  declineRefunds(times?: number, error?: StandInError): void;
  /** The next n /v1 requests answer 500 with Stripe's api_error body, as when Stripe is down. */
  failNext(n: number): void;
  /**
   * The next n /v1 requests are carried out (and their answers kept for their idempotency keys), but the connection is
   * cut instead of answering: Stripe did the work and the caller never heard. The SDK retries such a request with the
   * same key (a reset connection once even with maxNetworkRetries: 0), and gets the replay.
   */
  loseNextResponses(n: number): void;
  /** An event envelope as Stripe sends it (appended to events). */
  event(type: string, object: unknown): StripeEvent;
  /** The exact body and Stripe-Signature header of a delivery, signed by the SDK's own helper; pass another secret to forge. */
  sign(event: unknown, secret?: string): { payload: string; signature: string };
  close(): Promise<void>;
}

// ---- Ids, time, money ----------------------------------------------------------------------------------------------

const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let s = "";
  for (const b of bytes) s += ALNUM[b % ALNUM.length];
  return `${prefix}${s}`;
}
const now = () => Math.floor(Date.now() / 1000);

/** An amount in minor units as Stripe writes it in messages: "$12.00", "¥1,200". */
function money(amount: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() });
    return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${amount} ${currency}`;
  }
}

// ---- Errors --------------------------------------------------------------------------------------------------------

/**
 * An error answer. `saved` is whether Stripe keeps it for the idempotency key: it does once the endpoint started
 * executing (a refused refund, an amount too large), not when the request failed validation or never got in.
 */
class ApiError extends Error {
  constructor(
    readonly status: number,
    // payment_intent: the intent as it stands, which Stripe attaches to an error about one (the SDK's error.payment_intent).
    readonly body: { type: string; code?: string; message: string; param?: string; payment_intent?: unknown },
    readonly saved = false,
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param?: string) => new ApiError(400, { type: "invalid_request_error", message, param });
const missingParam = (param: string) => invalid(`Missing required param: ${param}.`, param);
const noSuch = (kind: string, id: string, param: string) =>
  new ApiError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'`, param });
/** A refusal by the endpoint itself, kept for the idempotency key. */
const refused = (message: string, code?: string, param?: string) =>
  new ApiError(400, { type: "invalid_request_error", code, message, param }, true);
/** A payment intent in the wrong status for what was asked: Stripe's payment_intent_unexpected_state, with the intent. */
const unexpectedState = (message: string, intent: PaymentIntent) =>
  new ApiError(400, { type: "invalid_request_error", code: "payment_intent_unexpected_state", message, payment_intent: { ...intent } }, true);

// ---- Stripe's form encoding ----------------------------------------------------------------------------------------

// `a[b][0][c]=v` nests; `a[]=v` appends. Objects whose keys are exactly 0..n-1 become arrays, except under a
// `metadata` key (whose keys may well be digits). Values stay strings, as on the wire; each endpoint reads its own.
type FormValue = string | FormValue[] | { [key: string]: FormValue };
type Params = { [key: string]: FormValue };
type RawObject = { [key: string]: string | RawObject };

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function decodeComponent(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    throw invalid(`Invalid URL encoding: ${s}`);
  }
}

function parseForm(text: string): Params {
  const root: RawObject = {};
  for (const pair of text.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const name = decodeComponent(eq < 0 ? pair : pair.slice(0, eq));
    const value = decodeComponent(eq < 0 ? "" : pair.slice(eq + 1));
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    const path = m ? [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])] : [name];
    let node = root;
    path.forEach((part, i) => {
      if (FORBIDDEN_KEYS.has(part)) throw invalid(`Invalid parameter name: ${name}`, name);
      const key = part === "" ? String(Object.keys(node).length) : part;
      const prefix = path[0] + path.slice(1, i + 1).map((s) => `[${s}]`).join("");
      if (i === path.length - 1) {
        if (typeof node[key] === "object") throw invalid(`Invalid hash`, prefix);
        node[key] = value;
        return;
      }
      const next = node[key] ?? (node[key] = {});
      if (typeof next === "string") throw invalid(`Invalid hash`, prefix);
      node = next;
    });
  }
  return normalize(root, "") as Params;
}

function normalize(value: string | RawObject, key: string): FormValue {
  if (typeof value === "string") return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, normalize(value[k], k)] as const);
  const isList = key !== "metadata" && keys.length > 0 && keys.every((k, i) => k === String(i));
  return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

/** Params in a stable order, to tell "the same parameters" from different ones whatever order they came in. */
function fingerprint(value: FormValue): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(fingerprint).join(",")}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${fingerprint(value[k])}`)
    .join(",")}}`;
}

// Readers of one param each, with Stripe's messages for a value of the wrong kind.

function rejectUnknown(params: Params, allowed: readonly string[], prefix = ""): void {
  for (const key of Object.keys(params)) {
    if (allowed.includes(key)) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    throw invalid(
      `Received unknown parameter: ${name}. (Stripe stand-in: if this is a real Stripe parameter the provider needs, teach tests/support/stripe-stand-in.ts about it.)`,
      name,
    );
  }
}

function readString(params: Params, key: string, param = key): string | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw invalid(`Invalid string: ${JSON.stringify(v)}`, param);
  if (v === "")
    throw invalid(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      param,
    );
  return v;
}

function readInteger(params: Params, key: string, param: string, min: number, minMessage?: string): number | undefined {
  const s = readString(params, key, param);
  if (s === undefined) return undefined;
  if (!/^-?\d+$/.test(s) || !Number.isSafeInteger(Number(s))) throw invalid(`Invalid integer: ${s}`, param);
  const n = Number(s);
  if (n < min) throw invalid(minMessage ?? `This value must be greater than or equal to ${min}.`, param);
  return n;
}

function readObject(params: Params, key: string, param = key): Params | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (v === "") return {}; // `metadata=` : an empty hash
  if (typeof v === "string" || Array.isArray(v)) throw invalid("Invalid object", param);
  return v;
}

function readList(params: Params, key: string, param = key): FormValue[] | undefined {
  const v = params[key];
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) throw invalid("Invalid array", param);
  return v;
}

function readMetadata(params: Params, key: string, param = key): Metadata {
  const hash = readObject(params, key, param) ?? {};
  const metadata: Metadata = {};
  const keys = Object.keys(hash);
  if (keys.length > 50) throw invalid("Invalid metadata: metadata can have at most 50 keys.", param);
  for (const k of keys) {
    const v = hash[k];
    if (typeof v !== "string") throw invalid("Invalid metadata: metadata values must be strings.", `${param}[${k}]`);
    if (k.length > 40) throw invalid(`Invalid metadata: keys can be at most 40 characters long.`, `${param}[${k}]`);
    if (v.length > 500) throw invalid(`Invalid metadata: values can be at most 500 characters long.`, `${param}[${k}]`);
    if (v !== "") metadata[k] = v; // an empty value unsets the key
  }
  return metadata;
}

/** `expand[]`: the paths asked for, each one checked against what this object can expand. */
function readExpand(params: Params, expandable: readonly string[]): string[] {
  const list = readList(params, "expand") ?? [];
  return list.map((v, i) => {
    if (typeof v !== "string") throw invalid("Invalid string", `expand[${i}]`);
    if (!expandable.includes(v)) throw invalid(`This property cannot be expanded (${v}).`);
    return v;
  });
}

// ---- The server ----------------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  body: unknown;
}

interface SavedAnswer {
  path: string;
  fingerprint: string;
  status: number;
  text: string;
  requestId: string;
}

const ROUTES_HINT = "Please see https://stripe.com/docs or we can help at https://support.stripe.com/.";
const SESSION_PARAMS = [
  "mode",
  "success_url",
  "cancel_url",
  "line_items",
  "client_reference_id",
  "customer_email",
  "metadata",
  "payment_intent_data",
  "expires_at",
  "expand",
  // Accepted and not modelled: they change what the shopper sees on Stripe's page, not what comes back.
  "locale",
  "payment_method_types",
  "submit_type",
  "billing_address_collection",
] as const;

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const lineItems = new Map<string, LineItem[]>();
  // What payment_intent_data asked of a session's payment intent, kept until pay() makes it (Stripe does not show it on
  // the session either).
  const intentData = new Map<string, { metadata: Metadata; description: string | null; captureMethod: CaptureMethod }>();
  const saved = new Map<string, SavedAnswer>();
  let failures = 0;
  let losses = 0;
  const declines: StandInError[] = [];

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(`Stripe stand-in failed: ${e instanceof Error ? e.stack : String(e)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  const standIn: StripeStandIn = {
    url,
    host: "127.0.0.1",
    port,
    protocol: "http",
    secretKey: SECRET_KEY,
    webhookSecret: `whsec_${randomId("", 32)}`,
    sessions: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    refunds: [],
    events: [],
    requests: [],
    deliveries: [],
    webhookUrl: null,
    pay,
    succeedLater,
    declineRefunds(times = 1, error = { status: 400, type: "invalid_request_error", code: "charge_disputed", message: "This charge has been disputed and cannot be refunded." }) {
      for (let i = 0; i < times; i++) declines.push(error);
    },
    failNext(n) {
      failures += n;
    },
    loseNextResponses(n) {
      losses = n;
    },
    event,
    sign(evt, secret) {
      const payload = JSON.stringify(evt, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: secret ?? standIn.webhookSecret });
      return { payload, signature };
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };

  // ---- Objects and events ----

  function event(type: string, object: unknown, request: StripeEvent["request"] = { id: null, idempotency_key: null }): StripeEvent {
    const evt: StripeEvent = {
      id: randomId("evt_"),
      object: "event",
      api_version: API_VERSION,
      created: now(),
      type,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request,
    };
    standIn.events.push(evt);
    return evt;
  }

  /** The session, expired first if its expires_at has passed while it was open (as Stripe expires it). */
  function sessionOf(id: string): CheckoutSession | undefined {
    const session = standIn.sessions.get(id);
    if (session?.status === "open" && now() >= session.expires_at) expireSession(session);
    return session;
  }

  function expireSession(session: CheckoutSession): void {
    session.status = "expired";
    session.url = null;
    event("checkout.session.expired", session);
  }

  /**
   * The intent's charge. Captured, the money is taken and the intent succeeded; uncaptured (manual capture), the
   * amount is only authorized: the intent requires_capture and the charge, though `paid`, has nothing to refund.
   */
  function makeCharge(intent: PaymentIntent, captured = true): Charge {
    const charge: Charge = {
      id: randomId("ch_"),
      object: "charge",
      amount: intent.amount,
      amount_captured: captured ? intent.amount : 0,
      amount_refunded: 0,
      captured,
      currency: intent.currency,
      metadata: { ...intent.metadata },
      paid: true,
      payment_intent: intent.id,
      refunded: false,
      status: "succeeded",
      created: now(),
      livemode: false,
    };
    standIn.charges.set(charge.id, charge);
    intent.status = captured ? "succeeded" : "requires_capture";
    intent.amount_received = captured ? intent.amount : 0;
    intent.amount_capturable = captured ? 0 : intent.amount;
    intent.latest_charge = charge.id;
    return charge;
  }

  /**
   * Gives back what a partial capture did not take, as Stripe does: a refund of it on the charge (listed with the
   * intent's refunds, with no reason and no metadata), so that only what was captured is left to refund. Stripe's
   * charge.refunded event for it is not modelled.
   */
  function release(charge: Charge, amount: number): void {
    if (amount <= 0) return;
    standIn.refunds.push({
      id: randomId("re_"),
      object: "refund",
      amount,
      charge: charge.id,
      currency: charge.currency,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason: null,
      status: "succeeded",
      created: now(),
    });
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
  }

  function pay(sessionId: string, opts: { paymentStatus?: "paid" | "unpaid" } = {}): StripeEvent[] {
    const session = sessionOf(sessionId);
    if (!session) throw new Error(`Stripe stand-in: no Checkout Session ${sessionId}`);
    if (session.status !== "open") throw new Error(`Stripe stand-in: Checkout Session ${sessionId} is ${session.status}, only an open one can be paid`);
    const data = intentData.get(session.id) ?? { metadata: {}, description: null, captureMethod: "automatic" };
    const manual = data.captureMethod === "manual";
    if (manual && opts.paymentStatus === "unpaid")
      throw new Error(`Stripe stand-in: Checkout Session ${sessionId} captures manually; an asynchronous payment of it is not modelled`);
    const intent: PaymentIntent = {
      id: randomId("pi_"),
      object: "payment_intent",
      amount: session.amount_total,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: data.captureMethod,
      currency: session.currency,
      description: data.description,
      status: "processing",
      latest_charge: null,
      metadata: { ...data.metadata },
      created: now(),
      livemode: false,
    };
    standIn.paymentIntents.set(intent.id, intent);
    const paid = !manual && (opts.paymentStatus ?? "paid") === "paid";
    if (paid || manual) makeCharge(intent, paid);
    session.status = "complete";
    session.payment_status = paid ? "paid" : "unpaid";
    session.payment_intent = intent.id;
    session.url = null;
    session.customer_details = { email: session.customer_email, name: null };
    const events = [event("checkout.session.completed", session)];
    if (paid) events.push(event("payment_intent.succeeded", intent));
    if (manual) events.push(event("payment_intent.amount_capturable_updated", intent));
    return events;
  }

  function succeedLater(sessionId: string): StripeEvent[] {
    const session = standIn.sessions.get(sessionId);
    const intent = session?.payment_intent ? standIn.paymentIntents.get(session.payment_intent) : undefined;
    if (!session || !intent || intent.status !== "processing")
      throw new Error(`Stripe stand-in: Checkout Session ${sessionId} has no payment in progress (pay it with { paymentStatus: "unpaid" } first)`);
    makeCharge(intent);
    session.payment_status = "paid";
    return [event("payment_intent.succeeded", intent)];
  }

  // ---- Endpoints ----

  function createSession(p: Params): Answer {
    rejectUnknown(p, SESSION_PARAMS);
    const mode = readString(p, "mode");
    if (mode === undefined) throw missingParam("mode");
    if (mode === "setup" || mode === "subscription") throw invalid("The Stripe stand-in only implements mode `payment`.", "mode");
    if (mode !== "payment") throw invalid("Invalid mode: must be one of payment, setup, or subscription", "mode");
    const successUrl = readString(p, "success_url");
    if (successUrl === undefined) throw missingParam("success_url");
    const cancelUrl = readString(p, "cancel_url") ?? null;
    for (const [param, value] of [["success_url", successUrl], ["cancel_url", cancelUrl]] as const) {
      if (value !== null && !/^https?:\/\//i.test(value)) throw invalid("Not a valid URL", param);
    }
    const items = readList(p, "line_items");
    if (!items || items.length === 0) throw missingParam("line_items");
    if (items.length > 100) throw invalid("Invalid line_items: must have at most 100 items.", "line_items");
    const created = now();
    const lines = items.map((raw, i): LineItem => {
      const at = `line_items[${i}]`;
      if (typeof raw !== "object" || Array.isArray(raw)) throw invalid("Invalid object", at);
      rejectUnknown(raw, ["price_data", "quantity", "price"], at);
      const priceId = readString(raw, "price", `${at}[price]`);
      if (priceId !== undefined) throw noSuch("price", priceId, `${at}[price]`);
      const priceData = readObject(raw, "price_data", `${at}[price_data]`);
      if (!priceData) throw missingParam(`${at}[price_data]`);
      rejectUnknown(priceData, ["currency", "unit_amount", "product_data", "tax_behavior"], `${at}[price_data]`);
      const currency = readString(priceData, "currency", `${at}[price_data][currency]`);
      if (currency === undefined) throw missingParam(`${at}[price_data][currency]`);
      if (!/^[a-z]{3}$/i.test(currency)) throw invalid(`Invalid currency: ${currency}`, `${at}[price_data][currency]`);
      const unitAmount = readInteger(priceData, "unit_amount", `${at}[price_data][unit_amount]`, 0);
      if (unitAmount === undefined) throw missingParam(`${at}[price_data][unit_amount]`);
      const product = readObject(priceData, "product_data", `${at}[price_data][product_data]`);
      if (!product) throw missingParam(`${at}[price_data][product_data]`);
      rejectUnknown(product, ["name", "description", "images", "metadata"], `${at}[price_data][product_data]`);
      const name = readString(product, "name", `${at}[price_data][product_data][name]`);
      if (name === undefined) throw missingParam(`${at}[price_data][product_data][name]`);
      const quantity = readInteger(raw, "quantity", `${at}[quantity]`, 1);
      if (quantity === undefined) throw missingParam(`${at}[quantity]`);
      const total = unitAmount * quantity;
      return {
        id: randomId("li_"),
        object: "item",
        amount_discount: 0,
        amount_subtotal: total,
        amount_tax: 0,
        amount_total: total,
        currency: currency.toLowerCase(),
        description: name,
        quantity,
        price: { id: randomId("price_"), object: "price", currency: currency.toLowerCase(), product: randomId("prod_", 14), type: "one_time", unit_amount: unitAmount },
      };
    });
    const currency = lines[0].currency;
    if (lines.some((l) => l.currency !== currency)) throw invalid("All line items must have the same currency.", "line_items");
    const clientReferenceId = readString(p, "client_reference_id") ?? null;
    if (clientReferenceId !== null && clientReferenceId.length > 200) throw invalid("Invalid client_reference_id: must be at most 200 characters.", "client_reference_id");
    const customerEmail = readString(p, "customer_email") ?? null;
    if (customerEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) throw invalid(`Invalid email address: ${customerEmail}`, "customer_email");
    const expiresAt = readInteger(p, "expires_at", "expires_at", 0) ?? created + 24 * 3600;
    if (expiresAt < created + 30 * 60) throw invalid("The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", "expires_at");
    if (expiresAt > created + 24 * 3600) throw invalid("The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", "expires_at");
    const metadata = readMetadata(p, "metadata");
    const pid = readObject(p, "payment_intent_data") ?? {};
    rejectUnknown(pid, ["metadata", "description", "capture_method"], "payment_intent_data");
    const captureMethod = readString(pid, "capture_method", "payment_intent_data[capture_method]") ?? "automatic";
    if (captureMethod === "automatic_async")
      throw invalid("The Stripe stand-in only implements payment_intent_data[capture_method] `automatic` and `manual`.", "payment_intent_data[capture_method]");
    if (captureMethod !== "automatic" && captureMethod !== "manual")
      throw invalid("Invalid payment_intent_data[capture_method]: must be one of automatic, automatic_async, or manual", "payment_intent_data[capture_method]");
    const forIntent: { metadata: Metadata; description: string | null; captureMethod: CaptureMethod } = {
      metadata: readMetadata(pid, "metadata", "payment_intent_data[metadata]"),
      description: readString(pid, "description", "payment_intent_data[description]") ?? null,
      captureMethod,
    };
    readExpand(p, ["payment_intent", "line_items"]);

    const amount = lines.reduce((sum, l) => sum + l.amount_total, 0);
    const id = randomId("cs_test_");
    const session: CheckoutSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: amount,
      amount_total: amount,
      currency,
      client_reference_id: clientReferenceId,
      customer_email: customerEmail,
      customer_details: null,
      metadata,
      payment_intent: null,
      success_url: successUrl,
      cancel_url: cancelUrl,
      url: `${url}/c/pay/${id}`,
      created,
      expires_at: expiresAt,
      livemode: false,
    };
    standIn.sessions.set(id, session);
    lineItems.set(id, lines);
    intentData.set(id, forIntent);
    return { status: 200, body: expandSession(session, p) };
  }

  function expandSession(session: CheckoutSession, p: Params): unknown {
    const expand = readExpand(p, ["payment_intent", "line_items"]);
    const out: Record<string, unknown> = { ...session };
    if (expand.includes("payment_intent") && session.payment_intent) out.payment_intent = standIn.paymentIntents.get(session.payment_intent);
    if (expand.includes("line_items")) out.line_items = lineItemList(session.id, {});
    return out;
  }

  function lineItemList(id: string, p: Params) {
    const limit = readInteger(p, "limit", "limit", 1) ?? 10;
    const all = lineItems.get(id) ?? [];
    return { object: "list", data: all.slice(0, limit), has_more: all.length > limit, url: `/v1/checkout/sessions/${id}/line_items` };
  }

  function mustSession(id: string): CheckoutSession {
    const session = sessionOf(id);
    if (!session) throw noSuch("checkout.session", id, "session");
    return session;
  }

  function expandIntent(intent: PaymentIntent, p: Params): unknown {
    const expand = readExpand(p, ["latest_charge"]);
    const out: Record<string, unknown> = { ...intent };
    if (expand.includes("latest_charge") && intent.latest_charge) out.latest_charge = standIn.charges.get(intent.latest_charge);
    return out;
  }

  function expandRefund(refund: Refund, p: Params): unknown {
    const expand = readExpand(p, ["charge", "payment_intent"]);
    const out: Record<string, unknown> = { ...refund };
    if (expand.includes("charge")) out.charge = standIn.charges.get(refund.charge);
    if (expand.includes("payment_intent")) out.payment_intent = standIn.paymentIntents.get(refund.payment_intent);
    return out;
  }

  function createRefund(p: Params, request: StripeEvent["request"]): Answer {
    rejectUnknown(p, ["payment_intent", "charge", "amount", "reason", "metadata", "expand"]);
    const intentId = readString(p, "payment_intent");
    const chargeId = readString(p, "charge");
    if (intentId === undefined && chargeId === undefined)
      throw invalid("One of the following params should be provided for this request: payment_intent or charge.");
    if (intentId !== undefined && chargeId !== undefined) throw invalid("You can only specify one of the following params: payment_intent or charge.");
    const amount = readInteger(p, "amount", "amount", 1, "Invalid positive integer");
    const reason = readString(p, "reason") ?? null;
    const reasons = ["duplicate", "fraudulent", "requested_by_customer"];
    if (reason !== null && !reasons.includes(reason)) throw invalid("Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer", "reason");
    const metadata = readMetadata(p, "metadata");
    readExpand(p, ["charge", "payment_intent"]);

    let charge: Charge | undefined;
    if (intentId !== undefined) {
      const intent = standIn.paymentIntents.get(intentId);
      if (!intent) throw noSuch("payment_intent", intentId, "payment_intent");
      charge = intent.latest_charge ? standIn.charges.get(intent.latest_charge) : undefined;
      if (!charge) throw refused(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, undefined, "payment_intent");
    } else {
      charge = standIn.charges.get(chargeId!);
      if (!charge) throw noSuch("charge", chargeId!, "charge");
    }
    // An authorization (manual capture) is not refunded but canceled; Stripe answers so even once it is canceled.
    if (!charge.captured)
      throw refused(
        `This uncaptured Charge was created by a PaymentIntent (${charge.payment_intent}). You must cancel the PaymentIntent to reverse the authorization instead of refunding the Charge directly.`,
        undefined,
        intentId !== undefined ? "payment_intent" : "charge",
      );
    const decline = declines.shift();
    if (decline) throw new ApiError(decline.status, { type: decline.type, code: decline.code, message: decline.message }, true);
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) throw refused(`Charge ${charge.id} has already been refunded.`, "charge_already_refunded");
    if (amount !== undefined && amount > left) {
      const against = charge.amount_refunded > 0 ? `unrefunded amount on charge (${money(left, charge.currency)})` : `charge amount (${money(charge.amount, charge.currency)})`;
      throw refused(`Refund amount (${money(amount, charge.currency)}) is greater than ${against}`, "amount_too_large", "amount");
    }
    const refund: Refund = {
      id: randomId("re_"),
      object: "refund",
      amount: amount ?? left,
      charge: charge.id,
      currency: charge.currency,
      metadata,
      payment_intent: charge.payment_intent,
      reason,
      status: "succeeded",
      created: now(),
    };
    standIn.refunds.push(refund);
    charge.amount_refunded += refund.amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    event("charge.refunded", charge, request);
    return { status: 200, body: expandRefund(refund, p) };
  }

  function mustIntent(id: string): PaymentIntent {
    const intent = standIn.paymentIntents.get(id);
    if (!intent) throw noSuch("payment_intent", id, "intent");
    return intent;
  }

  /**
   * POST /v1/payment_intents/:id/capture: takes `amount_to_capture` (default: all) of an authorization. The intent
   * succeeds with amount_received what was taken, its charge is captured for that much and the rest is released
   * (see release()), the Checkout Session of the intent becomes paid; payment_intent.succeeded follows. Only from
   * requires_capture: otherwise payment_intent_unexpected_state, and more than amount_capturable is amount_too_large.
   */
  function captureIntent(id: string, p: Params, request: StripeEvent["request"]): Answer {
    rejectUnknown(p, ["amount_to_capture", "expand"]);
    const amount = readInteger(p, "amount_to_capture", "amount_to_capture", 1, "Invalid positive integer");
    readExpand(p, ["latest_charge"]);
    const intent = mustIntent(id);
    if (intent.status === "succeeded") throw unexpectedState("This PaymentIntent could not be captured because it has already been captured.", intent);
    if (intent.status !== "requires_capture")
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        intent,
      );
    const charge = standIn.charges.get(intent.latest_charge!)!;
    const taken = amount ?? intent.amount_capturable;
    if (taken > intent.amount_capturable)
      throw refused(
        "The payment could not be captured because the requested capture amount is greater than the amount you can capture for this charge.",
        "amount_too_large",
        "amount_to_capture",
      );
    intent.status = "succeeded";
    intent.amount_received = taken;
    intent.amount_capturable = 0;
    charge.captured = true;
    charge.amount_captured = taken;
    release(charge, charge.amount - taken);
    for (const session of standIn.sessions.values()) if (session.payment_intent === intent.id) session.payment_status = "paid";
    event("payment_intent.succeeded", intent, request);
    return { status: 200, body: expandIntent(intent, p) };
  }

  /**
   * POST /v1/payment_intents/:id/cancel: releases an authorization (requires_capture): the intent is canceled, with
   * canceled_at and the cancellation_reason given, nothing left to capture; payment_intent.canceled follows. The
   * Checkout Session stays complete and unpaid, the charge uncaptured (so a refund is still refused). Not modelled:
   * Stripe's bookkeeping of the released amount on the charge (it reports it refunded). From any other status,
   * payment_intent_unexpected_state: Stripe cancels a Checkout Session's intent only from requires_capture.
   */
  function cancelIntent(id: string, p: Params, request: StripeEvent["request"]): Answer {
    rejectUnknown(p, ["cancellation_reason", "expand"]);
    const reason = readString(p, "cancellation_reason") ?? null;
    const reasons: readonly CancellationReason[] = ["duplicate", "fraudulent", "requested_by_customer", "abandoned"];
    if (reason !== null && !reasons.includes(reason as CancellationReason))
      throw invalid("Invalid cancellation_reason: must be one of duplicate, fraudulent, requested_by_customer, or abandoned", "cancellation_reason");
    readExpand(p, ["latest_charge"]);
    const intent = mustIntent(id);
    if (intent.status !== "requires_capture")
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action.`,
        intent,
      );
    intent.status = "canceled";
    intent.amount_capturable = 0;
    intent.canceled_at = now();
    intent.cancellation_reason = reason as CancellationReason | null;
    event("payment_intent.canceled", intent, request);
    return { status: 200, body: expandIntent(intent, p) };
  }

  function listRefunds(p: Params): Answer {
    rejectUnknown(p, ["payment_intent", "charge", "limit", "starting_after", "ending_before", "expand"]);
    const intentId = readString(p, "payment_intent");
    const chargeId = readString(p, "charge");
    const limit = readInteger(p, "limit", "limit", 1) ?? 10;
    if (limit > 100) throw invalid("This value must be less than or equal to 100.", "limit");
    const after = readString(p, "starting_after");
    const before = readString(p, "ending_before");
    readExpand(p, ["data.charge", "data.payment_intent"]);
    let list = standIn.refunds.filter((r) => (intentId === undefined || r.payment_intent === intentId) && (chargeId === undefined || r.charge === chargeId)).reverse();
    for (const [cursor, param] of [[after, "starting_after"], [before, "ending_before"]] as const) {
      if (cursor === undefined) continue;
      const at = list.findIndex((r) => r.id === cursor);
      if (at < 0) throw noSuch("refund", cursor, param);
      list = param === "starting_after" ? list.slice(at + 1) : list.slice(0, at).slice(-limit);
    }
    const expand = readExpand(p, ["data.charge", "data.payment_intent"]).map((e) => e.slice("data.".length));
    const data = list.slice(0, limit).map((r) => expandRefund(r, { expand }));
    return { status: 200, body: { object: "list", data, has_more: list.length > limit, url: "/v1/refunds" } };
  }

  function route(method: string, path: string, p: Params, request: StripeEvent["request"]): Answer {
    let m: RegExpExecArray | null;
    if (path === "/v1/checkout/sessions" && method === "POST") return createSession(p);
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === "GET") {
      rejectUnknown(p, ["expand"]);
      return { status: 200, body: expandSession(mustSession(m[1]), p) };
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/.exec(path)) && method === "GET") {
      rejectUnknown(p, ["limit", "expand"]);
      return { status: 200, body: lineItemList(mustSession(m[1]).id, p) };
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && method === "POST") {
      rejectUnknown(p, ["expand"]);
      const session = mustSession(m[1]);
      if (session.status !== "open") throw refused("Only Checkout Sessions with a status of `open` can be expired.");
      expireSession(session);
      return { status: 200, body: expandSession(session, p) };
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)) && method === "GET") {
      rejectUnknown(p, ["expand", "client_secret"]);
      return { status: 200, body: expandIntent(mustIntent(m[1]), p) };
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)\/capture$/.exec(path)) && method === "POST") return captureIntent(m[1], p, request);
    if ((m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path)) && method === "POST") return cancelIntent(m[1], p, request);
    if (path === "/v1/refunds" && method === "POST") return createRefund(p, request);
    if (path === "/v1/refunds" && method === "GET") return listRefunds(p);
    throw new ApiError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}). ${ROUTES_HINT}` });
  }

  // ---- HTTP ----

  function authorized(header: string | undefined): ApiError | null {
    let key: string | null = null;
    if (header?.startsWith("Bearer ")) key = header.slice("Bearer ".length).trim();
    else if (header?.startsWith("Basic ")) key = Buffer.from(header.slice("Basic ".length), "base64").toString().split(":")[0];
    if (key === SECRET_KEY) return null;
    if (!key)
      return new ApiError(401, {
        type: "invalid_request_error",
        message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      });
    const shown = key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}` : key;
    return new ApiError(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${shown}` });
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > 1 << 20) throw new ApiError(413, { type: "invalid_request_error", message: "Request body too large." });
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  function sendJson(res: http.ServerResponse, status: number, text: string, headers: Record<string, string>): void {
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), "cache-control": "no-cache, no-store", ...headers });
    res.end(text);
  }

  const errorText = (e: ApiError) => JSON.stringify({ error: Object.fromEntries(Object.entries(e.body).filter(([, v]) => v !== undefined)) }, null, 2);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    const target = new URL(req.url ?? "/", url);
    const path = target.pathname;
    if (path.startsWith("/c/pay/")) return hosted(req, res, method, path);

    const requestId = randomId("req_", 14);
    const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const headers: Record<string, string> = {
      "request-id": requestId,
      "stripe-version": typeof req.headers["stripe-version"] === "string" ? req.headers["stripe-version"] : API_VERSION,
    };
    if (method === "POST" && idempotencyKey !== null) headers["idempotency-key"] = idempotencyKey;

    let params: Params = {};
    let parseError: ApiError | null = null;
    try {
      const body = await readBody(req);
      params = parseForm(method === "POST" ? body : target.search.slice(1));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      parseError = e;
    }
    if (path.startsWith("/v1/")) standIn.requests.push({ method, path, idempotencyKey, params: structuredClone(params) });

    if (failures > 0 && path.startsWith("/v1/")) {
      failures--;
      const down = new ApiError(500, { type: "api_error", message: "Sorry, something went wrong. We've already been notified of the problem, but if you need any help, you can reach us at https://support.stripe.com/contact." });
      return sendJson(res, 500, errorText(down), headers);
    }
    if (!path.startsWith("/v1/")) {
      const e = new ApiError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}). ${ROUTES_HINT}` });
      return sendJson(res, 404, errorText(e), headers);
    }
    const denied = authorized(req.headers.authorization);
    if (denied) return sendJson(res, 401, errorText(denied), { ...headers, "www-authenticate": 'Basic realm="Stripe"' });
    if (parseError) return sendJson(res, parseError.status, errorText(parseError), headers);

    const keyed = method === "POST" && idempotencyKey !== null;
    const print = fingerprint(params);
    if (keyed) {
      if (idempotencyKey.length > 255) {
        const e = invalid("Keys for idempotent requests can be at most 255 characters long.");
        return sendJson(res, 400, errorText(e), headers);
      }
      const earlier = saved.get(idempotencyKey);
      if (earlier) {
        const retry = `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
        if (earlier.path !== path || earlier.fingerprint !== print) {
          const message =
            earlier.path !== path
              ? `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${path}' vs '${earlier.path}'). ${retry}`
              : `Keys for idempotent requests can only be used with the same parameters they were first used with. ${retry}`;
          return sendJson(res, 400, errorText(new ApiError(400, { type: "idempotency_error", message })), headers);
        }
        // A replay's answer can be lost on the way too.
        if (losses > 0) {
          losses--;
          req.socket.destroy();
          return;
        }
        return sendJson(res, earlier.status, earlier.text, { ...headers, "request-id": earlier.requestId, "idempotent-replayed": "true" });
      }
    }

    let status: number;
    let text: string;
    let keep: boolean;
    try {
      const answer = route(method, path, params, { id: requestId, idempotency_key: idempotencyKey });
      status = answer.status;
      text = JSON.stringify(answer.body, null, 2);
      keep = true;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      status = e.status;
      text = errorText(e);
      keep = e.saved;
    }
    if (keyed && keep) saved.set(idempotencyKey, { path, fingerprint: print, status, text, requestId });
    if (losses > 0) {
      losses--;
      req.socket.destroy();
      return;
    }
    sendJson(res, status, text, headers);
  }

  // ---- The hosted page, as a shopper's browser meets it ----

  async function hosted(req: http.IncomingMessage, res: http.ServerResponse, method: string, path: string): Promise<void> {
    await readBody(req).catch(() => "");
    const m = /^\/c\/pay\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
    const session = m ? sessionOf(m[1]) : undefined;
    const action = m?.[2];
    const page = (status: number, title: string, body = "") => {
      const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(html) });
      res.end(html);
    };
    if (!m || !session) return page(404, "Something went wrong: this Checkout Session does not exist.");
    if ((action === undefined && method !== "GET") || (action !== undefined && method !== "POST")) return page(405, "Method not allowed");
    if (session.status !== "open") return page(410, session.status === "complete" ? "This Checkout Session is already complete." : "This Checkout Session has expired.");

    if (action === "pay") {
      for (const evt of pay(session.id)) await deliver(evt);
      res.writeHead(303, { location: session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id) });
      res.end();
      return;
    }
    if (action === "cancel") {
      if (!session.cancel_url) return page(404, "This Checkout Session has no cancel_url.");
      res.writeHead(303, { location: session.cancel_url });
      res.end();
      return;
    }
    const items = (lineItems.get(session.id) ?? [])
      .map((l) => `<li>${l.quantity} × ${escapeHtml(l.description)}: ${escapeHtml(money(l.amount_total, l.currency))}</li>`)
      .join("");
    const cancel = session.cancel_url ? `<form method="post" action="/c/pay/${session.id}/cancel"><button>Cancel</button></form>` : "";
    page(
      200,
      `Pay ${money(session.amount_total, session.currency)}`,
      `<ul>${items}</ul><p id="amount">${escapeHtml(money(session.amount_total, session.currency))}</p><form method="post" action="/c/pay/${session.id}/pay"><button>Pay</button></form>${cancel}`,
    );
  }

  async function deliver(evt: StripeEvent): Promise<void> {
    const target = standIn.webhookUrl;
    if (!target) return;
    const { payload, signature } = standIn.sign(evt);
    let status = 0;
    try {
      const res = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature, "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
        body: payload,
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      // Stripe would retry later; the delivery is recorded as unreachable.
    }
    standIn.deliveries.push({ eventId: evt.id, type: evt.type, status });
  }

  return standIn;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
