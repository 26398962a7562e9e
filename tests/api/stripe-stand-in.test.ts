// The local Stripe (tests/support/stripe-stand-in.ts) driven only as the payment provider drives the real one: through
// the official SDK pointed at it, and, for the hosted page, as a browser would with plain fetch. What the SDK makes of
// each answer (the object, the error class, a replay, a retry) is the fidelity that matters: a test passing against
// the stand-in should pass against Stripe. No database and no network beyond 127.0.0.1.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { startStripeStandIn, type StripeEvent, type StripeStandIn } from "../support/stripe-stand-in.ts";

let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = client();
});
afterAll(() => standIn.close());

function client(key = standIn.secretKey, maxNetworkRetries = 0): Stripe {
  return new Stripe(key, { host: standIn.host, port: standIn.port, protocol: standIn.protocol, maxNetworkRetries });
}

const SUCCESS_URL = "https://shop.test/checkout/success?session={CHECKOUT_SESSION_ID}";

/** 2 × 12.50 + 1 × 4.99 = 29.99 USD. */
function createSession(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: "payment",
    success_url: SUCCESS_URL,
    cancel_url: "https://shop.test/cart",
    client_reference_id: "100000042",
    customer_email: "ann@example.com",
    metadata: { order: "100000042" },
    payment_intent_data: { metadata: { order: "100000042", store: "main" } },
    line_items: [
      { price_data: { currency: "USD", unit_amount: 1250, product_data: { name: "Tee" } }, quantity: 2 },
      { price_data: { currency: "usd", unit_amount: 499, product_data: { name: "Mug" } }, quantity: 1 },
    ],
    ...extra,
  });
}

/** A session paid on Stripe's page: its payment intent's id. */
async function paidIntent(): Promise<string> {
  const session = await createSession();
  standIn.pay(session.id);
  return standIn.sessions.get(session.id)!.payment_intent!;
}

/** The error a call rejects with (failing the test when it resolves). */
async function failure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (e) {
    return e as Stripe.errors.StripeError;
  }
  throw new Error("expected the call to fail");
}

const refundsOf = (intent: string) => standIn.refunds.filter((r) => r.payment_intent === intent);

/** A session paid on Stripe's page when it captures manually: authorized, not paid. */
async function authorized(): Promise<{ session: string; intent: string; events: StripeEvent[] }> {
  const session = await createSession({ payment_intent_data: { metadata: { order: "100000042", store: "main" }, capture_method: "manual" } });
  const events = standIn.pay(session.id);
  return { session: session.id, intent: standIn.sessions.get(session.id)!.payment_intent!, events };
}

/** A payment intent's charge, as the SDK reads it. */
async function chargeOf(intent: string): Promise<Stripe.Charge> {
  return (await stripe.paymentIntents.retrieve(intent, { expand: ["latest_charge"] })).latest_charge as Stripe.Charge;
}

/** The events of one type about one payment intent. */
const eventsOf = (type: string, intent: string) => standIn.events.filter((e) => e.type === type && e.data.object.id === intent);

describe("checkout sessions", () => {
  it("creates one with two line items: the total, the page's url, and the form encoding Stripe receives", async () => {
    const before = standIn.requests.length;
    const session = await createSession();
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{24}$/);
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: 2999,
      amount_total: 2999,
      currency: "usd",
      client_reference_id: "100000042",
      customer_email: "ann@example.com",
      metadata: { order: "100000042" },
      payment_intent: null,
      success_url: SUCCESS_URL,
      cancel_url: "https://shop.test/cart",
      url: `${standIn.url}/c/pay/${session.id}`,
      livemode: false,
    });
    expect(session.expires_at - session.created).toBe(24 * 3600);
    // The SDK sent one form-encoded POST, keyed by an idempotency key it made up itself.
    const sent = standIn.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "POST", path: "/v1/checkout/sessions", idempotencyKey: expect.stringMatching(/^stripe-node-retry-/) });
    expect(sent[0].params).toMatchObject({ line_items: [{ price_data: { unit_amount: "1250", product_data: { name: "Tee" } }, quantity: "2" }, {}] });
  });

  it("retrieves it, and its line items", async () => {
    const created = await createSession();
    const { lastResponse: _retrieved, ...session } = await stripe.checkout.sessions.retrieve(created.id);
    const { lastResponse: _created, ...original } = created;
    expect(session).toEqual(original);
    const items = await stripe.checkout.sessions.listLineItems(created.id);
    expect(items.has_more).toBe(false);
    expect(items.data.map((i) => [i.description, i.quantity, i.amount_total, i.price?.unit_amount, i.currency])).toEqual([
      ["Tee", 2, 2500, 1250, "usd"],
      ["Mug", 1, 499, 499, "usd"],
    ]);
    expect(items.data[0].id).toMatch(/^li_/);
    const firstOnly = await stripe.checkout.sessions.listLineItems(created.id, { limit: 1 });
    expect(firstOnly.data).toHaveLength(1);
    expect(firstOnly.has_more).toBe(true);
  });

  it("expands the payment intent on retrieve", async () => {
    const session = await createSession();
    standIn.pay(session.id);
    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    expect(expanded.payment_intent).toMatchObject({ object: "payment_intent", amount: 2999, status: "succeeded" });
  });

  it("answers an unknown session with resource_missing", async () => {
    const e = await failure(stripe.checkout.sessions.retrieve("cs_test_nosuchsession"));
    expect(e).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(e).toMatchObject({ statusCode: 404, code: "resource_missing", param: "session", message: "No such checkout.session: 'cs_test_nosuchsession'" });
  });

  it("refuses bad input naming the param, creating nothing", async () => {
    const count = standIn.sessions.size;
    const noSuccessUrl = await failure(createSession({ success_url: undefined }));
    expect(noSuccessUrl).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(noSuccessUrl).toMatchObject({ statusCode: 400, param: "success_url", message: "Missing required param: success_url." });
    const noQuantity = await failure(
      createSession({ line_items: [{ price_data: { currency: "usd", unit_amount: 100, product_data: { name: "Pen" } }, quantity: 0 }] }),
    );
    expect(noQuantity).toMatchObject({ type: "StripeInvalidRequestError", param: "line_items[0][quantity]" });
    const negative = await failure(
      createSession({ line_items: [{ price_data: { currency: "usd", unit_amount: -1, product_data: { name: "Pen" } }, quantity: 1 }] }),
    );
    expect(negative).toMatchObject({ type: "StripeInvalidRequestError", param: "line_items[0][price_data][unit_amount]" });
    const unknown = await failure(stripe.checkout.sessions.create({ mode: "payment", success_url: SUCCESS_URL, line_items: [], colour: "red" } as Stripe.Checkout.SessionCreateParams));
    expect(unknown).toMatchObject({ type: "StripeInvalidRequestError", param: "colour" });
    expect(standIn.sessions.size).toBe(count);
  });

  it("refuses another API key as Stripe does", async () => {
    const e = await failure(client("sk_test_someoneelse1234").checkout.sessions.retrieve("cs_test_whatever"));
    expect(e).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(e.statusCode).toBe(401);
    expect(e.message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);
  });

  it("expires an open session, and refuses to expire a complete one", async () => {
    const open = await createSession();
    const expired = await stripe.checkout.sessions.expire(open.id);
    expect(expired).toMatchObject({ id: open.id, status: "expired", url: null });
    expect(standIn.events.at(-1)).toMatchObject({ type: "checkout.session.expired", data: { object: { id: open.id, status: "expired" } } });
    const complete = await createSession();
    standIn.pay(complete.id);
    const e = await failure(stripe.checkout.sessions.expire(complete.id));
    expect(e).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(e.message).toBe("Only Checkout Sessions with a status of `open` can be expired.");
    expect((await stripe.checkout.sessions.retrieve(complete.id)).status).toBe("complete");
  });
});

describe("paying", () => {
  it("completes the session: paid, with a payment intent carrying payment_intent_data's metadata", async () => {
    const session = await createSession();
    const events = standIn.pay(session.id);
    expect(events.map((e) => e.type)).toEqual(["checkout.session.completed", "payment_intent.succeeded"]);
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: "complete", payment_status: "paid", url: null });
    expect(after.payment_intent).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    const intent = await stripe.paymentIntents.retrieve(after.payment_intent as string);
    expect(intent).toMatchObject({ amount: 2999, amount_received: 2999, currency: "usd", status: "succeeded", metadata: { order: "100000042", store: "main" } });
    expect(intent).toMatchObject({ capture_method: "automatic", amount_capturable: 0, canceled_at: null, cancellation_reason: null });
    expect(intent.latest_charge).toMatch(/^ch_/);
    expect(events[0].data.object).toMatchObject({ id: session.id, status: "complete", payment_intent: intent.id });
    expect(events[1].data.object).toMatchObject({ id: intent.id, metadata: { order: "100000042", store: "main" } });
  });

  it("signs events so that the SDK verifies them, and a forgery does not", async () => {
    const [completed] = standIn.pay((await createSession()).id);
    const { payload, signature } = standIn.sign(completed);
    const verified = stripe.webhooks.constructEvent(payload, signature, standIn.webhookSecret);
    expect(verified).toMatchObject({ id: completed.id, type: "checkout.session.completed", api_version: Stripe.API_VERSION, object: "event" });
    const forged = standIn.sign(completed, "whsec_notstripes");
    expect(() => stripe.webhooks.constructEvent(forged.payload, forged.signature, standIn.webhookSecret)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const tampered = payload.replace(completed.id, "evt_someoneelse");
    expect(() => stripe.webhooks.constructEvent(tampered, signature, standIn.webhookSecret)).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it("an asynchronous method: complete but unpaid, nothing to refund, until the payment succeeds later", async () => {
    const session = await createSession();
    const events = standIn.pay(session.id, { paymentStatus: "unpaid" });
    expect(events.map((e) => e.type)).toEqual(["checkout.session.completed"]);
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: "complete", payment_status: "unpaid" });
    const intentId = after.payment_intent as string;
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({ status: "processing", amount_received: 0, latest_charge: null });
    const early = await failure(stripe.refunds.create({ payment_intent: intentId }));
    expect(early).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(early.statusCode).toBe(400);
    const later = standIn.succeedLater(session.id);
    expect(later.map((e) => e.type)).toEqual(["payment_intent.succeeded"]);
    expect(later[0].data.object).toMatchObject({ id: intentId, status: "succeeded", metadata: { order: "100000042" } });
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({ status: "succeeded", amount_received: 2999, latest_charge: expect.stringMatching(/^ch_/) });
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe("paid");
  });
});

describe("refunds", () => {
  it("a partial refund, then the rest; then nothing is left", async () => {
    const intent = await paidIntent();
    const part = await stripe.refunds.create({ payment_intent: intent, amount: 1000, reason: "requested_by_customer", metadata: { rma: "7" } });
    expect(part).toMatchObject({ object: "refund", amount: 1000, currency: "usd", payment_intent: intent, status: "succeeded", reason: "requested_by_customer", metadata: { rma: "7" } });
    expect(part.id).toMatch(/^re_/);
    expect(standIn.events.at(-1)).toMatchObject({ type: "charge.refunded", data: { object: { object: "charge", amount: 2999, amount_refunded: 1000, refunded: false } } });
    const rest = await stripe.refunds.create({ payment_intent: intent });
    expect(rest.amount).toBe(1999);
    const charged = standIn.events.at(-1)!;
    expect(charged).toMatchObject({ type: "charge.refunded", data: { object: { id: part.charge, payment_intent: intent, amount_refunded: 2999, refunded: true, status: "succeeded" } } });
    expect(charged.request.idempotency_key).toMatch(/^stripe-node-retry-/);
    const again = await failure(stripe.refunds.create({ payment_intent: intent, amount: 1 }));
    expect(again).toMatchObject({ type: "StripeInvalidRequestError", code: "charge_already_refunded" });
    expect(refundsOf(intent).map((r) => r.amount)).toEqual([1000, 1999]);
  });

  it("more than is left: amount_too_large, nothing refunded", async () => {
    const intent = await paidIntent();
    await stripe.refunds.create({ payment_intent: intent, amount: 1000 });
    const events = standIn.events.length;
    const e = await failure(stripe.refunds.create({ payment_intent: intent, amount: 5000 }));
    expect(e).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(e).toMatchObject({ code: "amount_too_large", param: "amount", message: "Refund amount ($50.00) is greater than unrefunded amount on charge ($19.99)" });
    expect(refundsOf(intent)).toHaveLength(1);
    expect(standIn.events.length).toBe(events);
  });

  it("an unknown payment intent is resource_missing", async () => {
    const e = await failure(stripe.refunds.create({ payment_intent: "pi_nosuchintent" }));
    expect(e).toMatchObject({ type: "StripeInvalidRequestError", statusCode: 404, code: "resource_missing", param: "payment_intent" });
  });

  it("the same idempotency key twice refunds once, replaying the first answer; with other params it is refused", async () => {
    const intent = await paidIntent();
    const idempotencyKey = `refund-${intent}-1`;
    const first = await stripe.refunds.create({ payment_intent: intent, amount: 500 }, { idempotencyKey });
    const second = await stripe.refunds.create({ payment_intent: intent, amount: 500 }, { idempotencyKey });
    expect(second.id).toBe(first.id);
    expect(second).toEqual(first);
    expect(second.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(first.lastResponse.headers["idempotent-replayed"]).toBeUndefined();
    expect(refundsOf(intent)).toHaveLength(1);
    const other = await failure(stripe.refunds.create({ payment_intent: intent, amount: 600 }, { idempotencyKey }));
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other.message).toMatch(/^Keys for idempotent requests can only be used with the same parameters they were first used with/);
    expect(refundsOf(intent)).toHaveLength(1);
  });

  it("a declined refund throws and records nothing; the next one goes through", async () => {
    const intent = await paidIntent();
    const events = standIn.events.length;
    standIn.declineRefunds();
    const e = await failure(stripe.refunds.create({ payment_intent: intent }));
    expect(e).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(e.code).toBe("charge_disputed");
    expect(refundsOf(intent)).toHaveLength(0);
    expect(standIn.events.length).toBe(events);
    expect((await stripe.refunds.create({ payment_intent: intent })).amount).toBe(2999);
  });

  it("a declined refund can carry any Stripe error", async () => {
    const intent = await paidIntent();
    standIn.declineRefunds(1, { status: 402, type: "card_error", code: "expired_card", message: "The card has expired." });
    const e = await failure(stripe.refunds.create({ payment_intent: intent }));
    expect(e).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(e).toMatchObject({ statusCode: 402, code: "expired_card" });
  });

  it("Stripe down once: the SDK's own retry, with the same key, refunds exactly once", async () => {
    const intent = await paidIntent();
    const before = standIn.requests.length;
    standIn.failNext(1);
    const refund = await client(standIn.secretKey, 1).refunds.create({ payment_intent: intent, amount: 700 });
    expect(refund.amount).toBe(700);
    expect(refundsOf(intent)).toHaveLength(1);
    const tries = standIn.requests.slice(before);
    expect(tries.map((r) => r.path)).toEqual(["/v1/refunds", "/v1/refunds"]);
    expect(tries[1].idempotencyKey).toBe(tries[0].idempotencyKey);
    // Without retries the caller sees Stripe's api_error, and nothing was refunded.
    standIn.failNext(1);
    const e = await failure(stripe.refunds.create({ payment_intent: intent, amount: 700 }));
    expect(e).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(e.statusCode).toBe(500);
    expect(refundsOf(intent)).toHaveLength(1);
  });

  it("an answer lost on the way back: the SDK asks again with the same key and gets the replay, refunding once", async () => {
    const intent = await paidIntent();
    const before = standIn.requests.length;
    standIn.loseNextResponses(1);
    // maxNetworkRetries is 0 here: the SDK still retries a reset connection once, since the request may have landed.
    const refund = await stripe.refunds.create({ payment_intent: intent, amount: 300 });
    expect(refund.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(refundsOf(intent)).toEqual([expect.objectContaining({ id: refund.id, amount: 300 })]);
    const tries = standIn.requests.slice(before);
    expect(tries).toHaveLength(2);
    expect(tries[1].idempotencyKey).toBe(tries[0].idempotencyKey);
  });

  it("lists a payment intent's refunds, newest first", async () => {
    const intent = await paidIntent();
    await paidIntent().then((other) => stripe.refunds.create({ payment_intent: other, amount: 1 }));
    const a = await stripe.refunds.create({ payment_intent: intent, amount: 100 });
    const b = await stripe.refunds.create({ payment_intent: intent, amount: 200 });
    const list = await stripe.refunds.list({ payment_intent: intent });
    expect(list.data.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(list.has_more).toBe(false);
    const one = await stripe.refunds.list({ payment_intent: intent, limit: 1 });
    expect(one.data.map((r) => r.id)).toEqual([b.id]);
    expect(one.has_more).toBe(true);
  });
});

describe("manual capture", () => {
  it("paying authorizes: the session complete but unpaid, the intent requires_capture, its charge uncaptured; no refund", async () => {
    const before = standIn.requests.length;
    const { session, intent, events } = await authorized();
    expect(standIn.requests.slice(before)[0].params).toMatchObject({ payment_intent_data: { capture_method: "manual" } });
    expect(events.map((e) => e.type)).toEqual(["checkout.session.completed", "payment_intent.amount_capturable_updated"]);
    expect(events[0].data.object).toMatchObject({ id: session, status: "complete", payment_status: "unpaid", payment_intent: intent });
    expect(events[1].data.object).toMatchObject({ id: intent, status: "requires_capture", amount_capturable: 2999, metadata: { order: "100000042" } });
    expect(await stripe.checkout.sessions.retrieve(session)).toMatchObject({ status: "complete", payment_status: "unpaid", payment_intent: intent, url: null });
    expect(intent).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    const read = await stripe.paymentIntents.retrieve(intent);
    expect(read).toMatchObject({ amount: 2999, status: "requires_capture", capture_method: "manual", amount_capturable: 2999, amount_received: 0 });
    expect(read.latest_charge).toMatch(/^ch_/);
    expect(await chargeOf(intent)).toMatchObject({ id: read.latest_charge, captured: false, amount_captured: 0, amount_refunded: 0, refunded: false });
    expect(eventsOf("payment_intent.succeeded", intent)).toHaveLength(0);
    // Nothing is taken yet, so nothing can be given back: neither through the intent nor through its charge.
    const byIntent = await failure(stripe.refunds.create({ payment_intent: intent }));
    expect(byIntent).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(byIntent).toMatchObject({ statusCode: 400, param: "payment_intent" });
    expect(byIntent.message).toBe(
      `This uncaptured Charge was created by a PaymentIntent (${intent}). You must cancel the PaymentIntent to reverse the authorization instead of refunding the Charge directly.`,
    );
    const byCharge = await failure(stripe.refunds.create({ charge: read.latest_charge as string, amount: 100 }));
    expect(byCharge).toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400, param: "charge" });
    expect(refundsOf(intent)).toHaveLength(0);
  });

  it("capturing all: the intent succeeds, the session is paid, refunds work; the same key replays the one capture", async () => {
    const { session, intent } = await authorized();
    const idempotencyKey = `capture-${intent}`;
    const first = await stripe.paymentIntents.capture(intent, {}, { idempotencyKey });
    expect(first).toMatchObject({ id: intent, status: "succeeded", capture_method: "manual", amount_received: 2999, amount_capturable: 0 });
    expect(first.lastResponse.headers["idempotent-replayed"]).toBeUndefined();
    const second = await stripe.paymentIntents.capture(intent, {}, { idempotencyKey });
    expect(second.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(second).toEqual(first);
    const succeeded = eventsOf("payment_intent.succeeded", intent);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]).toMatchObject({ data: { object: { status: "succeeded", amount_received: 2999 } }, request: { idempotency_key: idempotencyKey } });
    expect(await stripe.checkout.sessions.retrieve(session)).toMatchObject({ status: "complete", payment_status: "paid" });
    expect(await stripe.paymentIntents.retrieve(intent)).toMatchObject({ status: "succeeded", amount_received: 2999, amount_capturable: 0 });
    expect(await chargeOf(intent)).toMatchObject({ captured: true, amount_captured: 2999, amount_refunded: 0, refunded: false });
    expect(refundsOf(intent)).toHaveLength(0);
    const refund = await stripe.refunds.create({ payment_intent: intent, amount: 1000 });
    expect(refund).toMatchObject({ amount: 1000, status: "succeeded", payment_intent: intent });
    expect((await stripe.refunds.create({ payment_intent: intent })).amount).toBe(1999);
  });

  it("capturing again with another key: payment_intent_unexpected_state, and the money is taken once", async () => {
    const { intent } = await authorized();
    await stripe.paymentIntents.capture(intent, { amount_to_capture: 2999 }, { idempotencyKey: `capture-${intent}-1` });
    const e = await failure(stripe.paymentIntents.capture(intent, { amount_to_capture: 2999 }, { idempotencyKey: `capture-${intent}-2` }));
    expect(e).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(e).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state", message: "This PaymentIntent could not be captured because it has already been captured." });
    expect(e.payment_intent).toMatchObject({ id: intent, status: "succeeded", amount_received: 2999 });
    expect(eventsOf("payment_intent.succeeded", intent)).toHaveLength(1);
    expect((await stripe.paymentIntents.retrieve(intent)).amount_received).toBe(2999);
  });

  it("a partial capture releases the rest; refunds then go up to what was captured", async () => {
    const { session, intent } = await authorized();
    const captured = await stripe.paymentIntents.capture(intent, { amount_to_capture: 2000 }, { idempotencyKey: `capture-${intent}` });
    expect(captured).toMatchObject({ status: "succeeded", amount_received: 2000, amount_capturable: 0 });
    expect((await stripe.checkout.sessions.retrieve(session)).payment_status).toBe("paid");
    // The 9.99 not captured goes back as Stripe gives it back: a refund on the charge, listed with the intent's.
    expect(await chargeOf(intent)).toMatchObject({ captured: true, amount: 2999, amount_captured: 2000, amount_refunded: 999, refunded: false });
    const released = await stripe.refunds.list({ payment_intent: intent });
    expect(released.data.map((r) => [r.amount, r.reason, r.status])).toEqual([[999, null, "succeeded"]]);
    const tooMuch = await failure(stripe.refunds.create({ payment_intent: intent, amount: 2001 }));
    expect(tooMuch).toMatchObject({ type: "StripeInvalidRequestError", code: "amount_too_large", message: "Refund amount ($20.01) is greater than unrefunded amount on charge ($20.00)" });
    expect((await stripe.refunds.create({ payment_intent: intent })).amount).toBe(2000);
    expect(await chargeOf(intent)).toMatchObject({ amount_refunded: 2999, refunded: true });
    const again = await failure(stripe.refunds.create({ payment_intent: intent, amount: 1 }));
    expect(again).toMatchObject({ code: "charge_already_refunded" });
    expect(refundsOf(intent).map((r) => r.amount)).toEqual([999, 2000]);
  });

  it("refuses a capture of more than the authorization, or of nothing, naming the param and capturing nothing", async () => {
    const { intent } = await authorized();
    const tooMuch = await failure(stripe.paymentIntents.capture(intent, { amount_to_capture: 3000 }));
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({ statusCode: 400, code: "amount_too_large", param: "amount_to_capture" });
    const zero = await failure(stripe.paymentIntents.capture(intent, { amount_to_capture: 0 }));
    expect(zero).toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400, param: "amount_to_capture" });
    expect(await stripe.paymentIntents.retrieve(intent)).toMatchObject({ status: "requires_capture", amount_capturable: 2999, amount_received: 0 });
    expect(eventsOf("payment_intent.succeeded", intent)).toHaveLength(0);
  });

  it("canceling an authorization releases it, leaving nothing to capture or refund; a paid intent cannot be canceled", async () => {
    const { session, intent } = await authorized();
    const started = Math.floor(Date.now() / 1000);
    const canceled = await stripe.paymentIntents.cancel(intent);
    expect(canceled).toMatchObject({ id: intent, status: "canceled", amount_capturable: 0, amount_received: 0, cancellation_reason: null });
    expect(canceled.canceled_at).toBeGreaterThanOrEqual(started);
    expect(canceled.canceled_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(eventsOf("payment_intent.canceled", intent)).toEqual([expect.objectContaining({ data: { object: expect.objectContaining({ status: "canceled" }) } })]);
    expect(await stripe.paymentIntents.retrieve(intent)).toMatchObject({ status: "canceled", amount_capturable: 0 });
    expect(await stripe.checkout.sessions.retrieve(session)).toMatchObject({ status: "complete", payment_status: "unpaid" });
    expect(await chargeOf(intent)).toMatchObject({ captured: false, amount_captured: 0 });
    const capture = await failure(stripe.paymentIntents.capture(intent));
    expect(capture).toMatchObject({ type: "StripeInvalidRequestError", code: "payment_intent_unexpected_state" });
    expect(capture.message).toMatch(/^This PaymentIntent could not be captured because it has a status of canceled\./);
    const twice = await failure(stripe.paymentIntents.cancel(intent));
    expect(twice).toMatchObject({ code: "payment_intent_unexpected_state" });
    expect(twice.message).toMatch(/^You cannot cancel this PaymentIntent because it has a status of canceled\./);
    expect((await failure(stripe.refunds.create({ payment_intent: intent }))).statusCode).toBe(400);
    expect(eventsOf("payment_intent.succeeded", intent)).toHaveLength(0);
    // A reason is kept; a paid intent is refunded, not canceled.
    const other = await authorized();
    expect((await stripe.paymentIntents.cancel(other.intent, { cancellation_reason: "abandoned" })).cancellation_reason).toBe("abandoned");
    const paid = await paidIntent();
    const e = await failure(stripe.paymentIntents.cancel(paid));
    expect(e).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(e).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });
    expect(e.message).toMatch(/^You cannot cancel this PaymentIntent because it has a status of succeeded\./);
    expect(await stripe.paymentIntents.retrieve(paid)).toMatchObject({ status: "succeeded", canceled_at: null });
  });

  it("an unknown payment intent is resource_missing to capture and to cancel", async () => {
    for (const call of [stripe.paymentIntents.capture("pi_nosuchintent"), stripe.paymentIntents.cancel("pi_nosuchintent")]) {
      const e = await failure(call);
      expect(e).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(e).toMatchObject({ statusCode: 404, code: "resource_missing", message: "No such payment_intent: 'pi_nosuchintent'" });
    }
  });

  it("refuses a capture_method Stripe does not know, or a cancellation_reason, naming the param and creating nothing", async () => {
    const count = standIn.sessions.size;
    const e = await failure(createSession({ payment_intent_data: { capture_method: "later" as Stripe.Checkout.SessionCreateParams.PaymentIntentData.CaptureMethod } }));
    expect(e).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(e).toMatchObject({ statusCode: 400, param: "payment_intent_data[capture_method]" });
    expect(standIn.sessions.size).toBe(count);
    const { intent } = await authorized();
    const reason = await failure(stripe.paymentIntents.cancel(intent, { cancellation_reason: "bored" as Stripe.PaymentIntentCancelParams.CancellationReason }));
    expect(reason).toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400, param: "cancellation_reason" });
    expect((await stripe.paymentIntents.retrieve(intent)).status).toBe("requires_capture");
  });
});

describe("the hosted page", () => {
  /** A local webhook endpoint: the bodies and signatures it received. */
  async function receiver() {
    const got: { body: string; signature: string }[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        got.push({ body: Buffer.concat(chunks).toString("utf8"), signature: String(req.headers["stripe-signature"]) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`;
    return { got, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it("shows the amount; cancel goes back to cancel_url leaving the session open", async () => {
    const session = await createSession();
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("$29.99");
    expect(html).toContain(`action="/c/pay/${session.id}/pay"`);
    const cancel = await fetch(`${session.url}/cancel`, { method: "POST", redirect: "manual" });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("location")).toBe("https://shop.test/cart");
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
  });

  it("pay: the signed events reach the webhook endpoint first, then the shopper is sent to success_url with the id", async () => {
    const endpoint = await receiver();
    standIn.webhookUrl = endpoint.url;
    try {
      const session = await createSession();
      const paid = await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" });
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(`https://shop.test/checkout/success?session=${session.id}`);
      const events = endpoint.got.map(({ body, signature }) => stripe.webhooks.constructEvent(body, signature, standIn.webhookSecret));
      expect(events.map((e) => e.type)).toEqual(["checkout.session.completed", "payment_intent.succeeded"]);
      expect(events[0].data.object).toMatchObject({ id: session.id, payment_status: "paid" });
      expect(standIn.deliveries.slice(-2).map((d) => d.status)).toEqual([200, 200]);
      // Paid once: the page is gone, and paying again is refused.
      expect((await fetch(session.url!)).status).toBe(410);
      expect((await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" })).status).toBe(410);
      expect(endpoint.got).toHaveLength(2);
    } finally {
      standIn.webhookUrl = null;
      await endpoint.close();
    }
  });

  it("an expired session's page says so", async () => {
    const session = await createSession();
    await stripe.checkout.sessions.expire(session.id);
    const page = await fetch(session.url!);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("expired");
  });
});
