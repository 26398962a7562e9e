// The authorization matrix, generated from the operation declarations: every Shop and Admin operation, on REST,
// on GraphQL and as an MCP tool (lib/mcp), called in every credential situation SPEC.md names ("Authentication",
// "Errors"); MCP carries the same refusals, as HTTP answers of its gate or as tool errors. Each answer
// must have the status SPEC.md gives; a refusal carries no data, never reaches the domain when the gate or the
// access check refuses it, and leaves every table's row count (and the records of the customer it targets)
// unchanged; no answer to anyone else shows the first customer's records.
//
// Calls use the smallest valid input of each operation's schema, with record ids pointing at the first
// customer's records where the operation takes one (OWNED) and at a nonexistent id on the Admin API, so admitted
// admin writes touch nothing real. Refusals of every operation run before any admitted call.
import { beforeAll, describe, expect, it } from "vitest";
import type { AnyOperation } from "../../lib/operations/define.ts";
import { unique, type CallOptions } from "../support/client.ts";
import { minimal } from "./support/zod-arbitrary.ts";
import { cases, operations, send, serverError, type Outcome, type Transport } from "./support/operations.ts";
import { changedCounts, spyOnRuns, tableCounts } from "./support/database.ts";
import {
  adminWorld, CONSUMES_CUSTOMER, FROM_OUTSIDE, shopperWith, shopWorld, type AdminWorld, type Owned, type ShopWorld,
} from "./support/credentials.ts";
import { DEMO_CUSTOMER } from "../../lib/seed/index.ts";
import { PNG } from "../support/cart-fixtures.ts";

/** An id no table reaches (ids are 32-bit). */
const NONEXISTENT_ID = 2_147_483_000;

type Expectation =
  /** Passes the gate and the access check: the domain runs (or the input is refused after the check, 422). */
  | { admit: true }
  /** Refused with this status; `reaches` when the domain itself refuses (a cart call without a cart). */
  | { status: number; code?: string; reaches?: boolean }
  /** A record of another customer: 403 or 404 (422 for a create that names it), and the record untouched. */
  | { notYours: true };

const ADMIT: Expectation = { admit: true };
const NOT_YOURS: Expectation = { notYours: true };

interface Situation<W> {
  name: string;
  opts(world: W, op: AnyOperation): CallOptions | Promise<CallOptions>;
  expect(op: AnyOperation): Expectation;
}

/** A call as the given operation input, per transport when they differ (REST path parameters; GraphQL and MCP take the input). */
interface Call {
  input: Record<string, unknown>;
  rest?: { input?: Record<string, unknown>; pathParams?: Record<string, unknown> };
}

/** Operations that act on one of the first customer's records, and how to name it. */
const OWNED: Record<string, (o: Owned, who: { id: number }) => Call> = {
  customerOrder: (o) => ({ input: { id: o.orderId } }),
  createCancelOrder: (o) => ({ input: { id: o.orderId } }),
  createReorderOrder: (o) => ({ input: { id: o.orderId } }),
  wishlist: (o) => ({ input: { id: o.wishlistId } }),
  deleteWishlist: (o) => ({ input: { id: o.wishlistId } }),
  moveWishlistToCart: (o) => ({ input: { wishlistItemId: o.wishlistId, quantity: 1 } }),
  deleteCompareItem: (o) => ({ input: { id: o.compareId } }),
  updateProductReview: (o) => ({ input: { id: o.reviewId, title: "Changed by someone else" } }),
  deleteProductReview: (o) => ({ input: { id: o.reviewId } }),
  gdprRequest: (o) => ({ input: { id: o.gdprId } }),
  revokeGdprRequest: (o) => ({ input: { id: o.gdprId } }),
  deleteGdprRequest: (o) => ({ input: { id: o.gdprId } }),
  euWithdrawal: (o) => ({ input: { id: o.withdrawalId } }),
  createEuWithdrawal: (o) => ({ input: { orderId: o.orderId, reasonText: "Not mine" } }),
  returnableItems: (o) => ({ input: { orderId: o.orderId } }),
  customerReturn: (o) => ({ input: { id: o.returnId } }),
  cancelCustomerReturn: (o) => ({ input: { id: o.returnId } }),
  reopenCustomerReturn: (o) => ({ input: { id: o.returnId } }),
  closeCustomerReturn: (o) => ({ input: { id: o.returnId } }),
  customerReturnMessages: (o) => ({ input: { id: o.returnId } }),
  customerReturnImage: (o) => ({ input: { id: o.returnId, imageId: 1 } }),
  sendCustomerReturnMessage: (o) => ({
    input: { returnId: o.returnId, message: "Not mine" },
    rest: { input: { message: "Not mine" }, pathParams: { id: o.returnId } },
  }),
  createCustomerReturn: (o) => ({
    input: { orderItemId: o.orderItemId, rmaQty: 1, resolutionType: "return", rmaReasonId: o.reasonId, agreement: true, information: "Not mine" },
  }),
  createAddUpdateCustomerAddress: (o) => ({ input: { id: o.addressId, firstName: "Mallory", city: "Elsewhere" } }),
  updateCustomerAddress: (o) => ({ input: { id: o.addressId, firstName: "Mallory", city: "Elsewhere" } }),
  deleteCustomerAddress: (o) => ({ input: { id: o.addressId } }),
  updateCustomerProfile: (_o, who) => ({ input: { id: who.id, firstName: "Mallory" } }),
};

/** Per-operation inputs where the smallest valid one cannot stand (the one small table of overrides). */
const INPUTS: Record<string, Record<string, unknown>> = {
  createCustomer: { firstName: "Matrix", lastName: "Shopper", email: "matrix@example.com", password: "Matrix123!pass", confirmPassword: "Matrix123!pass" },
  createCustomerLogin: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
  uploadCustomizableFile: { file: new File([PNG], "pixel.png", { type: "image/png" }) },
};

/** Where an operation answers a situation its own way (the one small table of expectation overrides). */
const EXPECTED: Record<string, Record<string, Expectation>> = {
  // The GraphQL twin of a REST-only upload refuses every cart caller the same way.
  createUploadCustomizableFile: { "the key alone": { status: 400, code: "upload_rest_only", reaches: true } },
};

function callFor(op: AnyOperation, world?: ShopWorld): Call {
  if (world && OWNED[op.name]) return OWNED[op.name](world.owned, world.alice);
  if (INPUTS[op.name]) return { input: INPUTS[op.name] };
  return { input: minimal(op.input, { id: op.surface === "admin" ? NONEXISTENT_ID : 1 }) as Record<string, unknown> };
}

/** Customer-only operations refuse a missing or bad customer bearer with 401, or the status they declare (returns: 403). */
const customerRefusal = (op: AnyOperation): Expectation => ({ status: op.rest?.unauthenticatedStatus ?? 401, code: "unauthenticated" });
/** A refused storefront key is 403 `invalid_key`, or the status the operation declares (returns: 401). */
const keyRefusal = (op: AnyOperation): Expectation => ({ status: op.rest?.invalidKeyStatus ?? 403, code: "invalid_key" });

const SHOP: Situation<ShopWorld>[] = [
  { name: "no credential", opts: () => ({}), expect: () => ({ status: 401, code: "missing_key" }) },
  { name: "an integration token and no key", opts: (w) => ({ bearer: w.integrationToken }), expect: () => ({ status: 401, code: "missing_key" }) },
  { name: "a deactivated key", opts: (w) => ({ key: w.deactivatedKey, bearer: w.alice.token }), expect: keyRefusal },
  { name: "an expired key", opts: (w) => ({ key: w.expiredKey, bearer: w.alice.token }), expect: keyRefusal },
  {
    name: "an IP-blocked key",
    opts: (w) => ({ key: w.blockedKey, bearer: w.alice.token, headers: FROM_OUTSIDE }),
    expect: keyRefusal,
  },
  {
    name: "the key alone",
    opts: (w) => ({ key: w.key }),
    expect: (op) => (op.access === "public" ? ADMIT : op.access === "customer" ? customerRefusal(op) : { status: 401, code: "unauthenticated", reaches: true }),
  },
  {
    name: "a guest cart token",
    opts: (w) => ({ key: w.key, bearer: w.cartToken }),
    expect: (op) => (op.access === "customer" ? customerRefusal(op) : ADMIT),
  },
  {
    name: "the legacy apiToken",
    opts: (w) => ({ key: w.key, bearer: w.alice.apiToken }),
    expect: (op) => (op.access === "public" ? ADMIT : op.access === "customer" ? customerRefusal(op) : { status: 401, code: "unauthenticated" }),
  },
  {
    name: "an integration token with the key",
    opts: (w) => ({ key: w.key, bearer: w.integrationToken }),
    expect: (op) => (op.access === "public" ? ADMIT : op.access === "customer" ? customerRefusal(op) : { status: 401, code: "unauthenticated" }),
  },
  {
    name: "another customer's token",
    opts: async (w, op) => ({ key: w.key, bearer: CONSUMES_CUSTOMER.has(op.name) ? (await shopperWith(w.key, unique("Eve"))).token : w.bob.token }),
    expect: (op) => (OWNED[op.name] ? NOT_YOURS : ADMIT),
  },
  {
    name: "the customer's own token",
    opts: async (w, op) => ({ key: w.key, bearer: CONSUMES_CUSTOMER.has(op.name) ? (await shopperWith(w.key, unique("Dan"))).token : w.alice.token }),
    expect: () => ADMIT,
  },
];

const permissionOf = (op: AnyOperation) => (typeof op.access === "object" ? op.access.admin : null);
const adminRefusal: Expectation = { status: 401, code: "unauthenticated" };

const ADMIN: Situation<AdminWorld>[] = [
  { name: "no credential", opts: () => ({}), expect: () => adminRefusal },
  { name: "a storefront key alone", opts: (w) => ({ key: w.key }), expect: () => adminRefusal },
  { name: "a customer token", opts: (w) => ({ bearer: w.customerToken }), expect: () => adminRefusal },
  { name: "a guest cart token", opts: (w) => ({ bearer: w.cartToken }), expect: () => adminRefusal },
  { name: "the legacy apiToken", opts: (w) => ({ bearer: w.apiToken }), expect: () => adminRefusal },
  { name: "an expired integration token", opts: (w) => ({ bearer: w.expired }), expect: () => adminRefusal },
  { name: "a revoked integration token", opts: (w) => ({ bearer: w.revoked }), expect: () => adminRefusal },
  { name: "an IP-blocked integration token", opts: (w) => ({ bearer: w.blocked, headers: FROM_OUTSIDE }), expect: () => adminRefusal },
  {
    name: "a token with every permission but the needed one",
    opts: async (w, op) => ({ bearer: permissionOf(op) ? await w.withoutPermission(permissionOf(op)!) : await w.withPermission(null) }),
    expect: (op) => (permissionOf(op) ? { status: 403, code: "forbidden" } : ADMIT),
  },
  { name: "a token with exactly the needed permission", opts: async (w, op) => ({ bearer: await w.withPermission(permissionOf(op)) }), expect: () => ADMIT },
  { name: "the owner's token beside a storefront key", opts: (w) => ({ key: w.key, bearer: w.owner }), expect: () => ADMIT },
];

const isAdmit = (e: Expectation): e is { admit: true } => "admit" in e;

const runs = spyOnRuns([...operations.shop, ...operations.admin]);

function describeOutcome(situation: string, o: Outcome) {
  return `${situation} → ${o.transport} ${o.http} (status ${o.status}, ${o.code}): ${o.text.slice(0, 400)}`;
}

/** What a situation must answer for an operation, overrides first. */
const expectationOf = <W>(op: AnyOperation, situation: Situation<W>) => EXPECTED[op.name]?.[situation.name] ?? situation.expect(op);

/** One call in one situation (credentials already resolved), checked against its expectation. */
async function check<W>(op: AnyOperation, transport: Transport, situation: Situation<W>, opts: CallOptions, call: Call, secret?: { markers: string[] }) {
  const expected = expectationOf(op, situation);
  const input = transport === "REST" ? (call.rest?.input ?? call.input) : call.input;
  const before = runs.get(op.name) ?? 0;
  const o = await send(op, transport, input, { ...opts, pathParams: transport === "REST" ? call.rest?.pathParams : undefined });
  const reached = (runs.get(op.name) ?? 0) > before;
  const what = describeOutcome(situation.name, o);

  expect(serverError(o), what).toBeNull();
  if (secret) for (const m of secret.markers) expect(o.text.includes(m), `${what}\nshows another customer's ${m}`).toBe(false);
  if (isAdmit(expected)) {
    // Reaching `run` proves the gate and the access check let it through; what the domain then answers (a wrong
    // password, a record that does not exist, a privilege it will not grant) is its own business. A catalog read
    // may be answered from the response cache without running: its data is the proof then.
    const answered = o.status < 300 && o.carries;
    expect(reached || answered || o.code === "validation_failed", `${what}\nnever reached the operation`).toBe(true);
    return;
  }
  expect(o.carries, `${what}\na refusal carries data`).toBe(false);
  if ("notYours" in expected) {
    const allowed = op.kind === "mutation" && op.name.startsWith("create") ? [403, 404, 422] : [403, 404];
    expect(allowed, what).toContain(o.status);
    return;
  }
  expect(o.status, what).toBe(expected.status);
  if (expected.code) expect(o.code, what).toBe(expected.code);
  if (!expected.reaches) expect(reached, `${what}\nreached the operation`).toBe(false);
}

/** The situations of one kind with their credentials made up front, so making them is not counted as a write. */
async function situations<W>(all: Situation<W>[], world: W, op: AnyOperation, admitted: boolean) {
  const chosen = all.filter((s) => isAdmit(expectationOf(op, s)) === admitted);
  return Promise.all(chosen.map(async (situation) => ({ situation, opts: await situation.opts(world, op) })));
}

describe("Shop API", () => {
  let world: ShopWorld;
  beforeAll(async () => {
    world = await shopWorld();
  });
  const shopCases = cases("shop");
  const others = () => ({ markers: [world.marker, world.alice.email] });

  describe("refusals change nothing and show nothing", () => {
    it.each(shopCases)("$name over $transport", async ({ op, transport }) => {
      const call = callFor(op, world);
      const refusals = await situations(SHOP, world, op, false);
      const [counts, records] = [await tableCounts(), await world.snapshot()];
      for (const { situation, opts } of refusals) await check(op, transport, situation, opts, call, others());
      expect(changedCounts(counts, await tableCounts()), "row counts after refused calls").toEqual({});
      expect(await world.snapshot(), "the first customer's records after refused calls").toBe(records);
    });
  });

  describe("admitted calls reach the operation", () => {
    it.each(shopCases)("$name over $transport", async ({ op, transport }) => {
      const call = callFor(op, world);
      for (const { situation, opts } of await situations(SHOP, world, op, true)) {
        await check(op, transport, situation, opts, call, situation.name === "the customer's own token" ? undefined : others());
      }
    });
  });
});

describe("Admin API", () => {
  let world: AdminWorld;
  beforeAll(async () => {
    world = await adminWorld();
  });
  const adminCases = cases("admin");

  describe("refusals change nothing and show nothing", () => {
    it.each(adminCases)("$name over $transport", async ({ op, transport }) => {
      const call = callFor(op);
      const refusals = await situations(ADMIN, world, op, false);
      const counts = await tableCounts();
      for (const { situation, opts } of refusals) await check(op, transport, situation, opts, call);
      expect(changedCounts(counts, await tableCounts()), "row counts after refused calls").toEqual({});
    });
  });

  describe("admitted calls reach the operation", () => {
    it.each(adminCases)("$name over $transport", async ({ op, transport }) => {
      const call = callFor(op);
      for (const { situation, opts } of await situations(ADMIN, world, op, true)) await check(op, transport, situation, opts, call);
    });
  });
});
