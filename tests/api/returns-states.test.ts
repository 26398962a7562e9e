// The return state machine, cell by cell: from each of the nine states, every action is either taken (to the
// state written here) or refused with 400 and leaves the return where it was. The expectations are written out
// below, not read from lib/returns/transitions.ts, so the table is checked rather than restated. Customer actions
// run on both transports; the store's run through its domain functions (the admin API binds them later).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../support/client.ts";
import { act, placedOrder, raise, shopper, statusOf, storeAct, VIAS, type Shopper, type StoreAction, type Via } from "../support/returns.ts";

const ID = { pending: 1, accepted: 2, solved: 3, awaiting: 4, dispatched: 5, received: 6, declined: 7, itemCanceled: 8, canceled: 9 } as const;
type State = keyof typeof ID;
type CustomerAction = "cancel" | "close" | "reopen" | "message";
type Step = StoreAction | CustomerAction;

/** How a fresh return reaches each state; item-canceled needs a cancel_items return, every other a return one. */
const PATHS: Record<State, Step[]> = {
  pending: [],
  accepted: ["accept"],
  awaiting: ["accept", "awaitPackage"],
  dispatched: ["accept", "awaitPackage", "markDispatched"],
  received: ["accept", "markReceived"],
  declined: ["decline"],
  itemCanceled: ["accept", "cancelItems"],
  canceled: ["cancel"],
  solved: ["close"],
};

/** Allowed actions from each state and where they lead (`same`: the thread grows, the state stays). */
const ALLOWED: Record<State, Partial<Record<Step, State | "same">>> = {
  pending: { cancel: "canceled", close: "solved", message: "same", accept: "accepted", decline: "declined", reply: "same" },
  accepted: {
    cancel: "canceled", close: "solved", message: "same", decline: "declined", awaitPackage: "awaiting",
    markReceived: "received", solve: "solved", reply: "same",
  },
  awaiting: { cancel: "canceled", close: "solved", message: "same", decline: "declined", markDispatched: "dispatched", markReceived: "received", reply: "same" },
  dispatched: { close: "solved", message: "same", markReceived: "received", reply: "same" },
  received: { close: "solved", message: "same", solve: "solved", reply: "same" },
  declined: { reopen: "pending", message: "same", reply: "same" },
  itemCanceled: { close: "solved", message: "same", solve: "solved", reply: "same" },
  canceled: { reopen: "pending", message: "same", reply: "same" },
  solved: { message: "same", reply: "same" },
};

const CUSTOMER_ACTIONS: CustomerAction[] = ["cancel", "close", "reopen", "message"];
const STORE_ACTIONS: StoreAction[] = ["accept", "decline", "awaitPackage", "markDispatched", "markReceived", "cancelItems", "solve", "reply"];
const STATES = Object.keys(ID) as State[];

let me: Shopper;
let lineId: number;

beforeAll(async () => {
  me = await shopper();
  // A processing order with 300 of 400 units shipped: room for returns of goods and for canceling items.
  const order = await placedOrder(me, [{ qty: 400, shipped: 300 }], { status: "processing" });
  lineId = order.lines[0].id;
});

async function customerAct(via: Via, action: CustomerAction, id: number) {
  if (action === "message") return act(via, me, "sendCustomerReturnMessage", { returnId: id, message: "Any news?" });
  const name = ({ cancel: "cancelCustomerReturn", close: "closeCustomerReturn", reopen: "reopenCustomerReturn" } as const)[action];
  return act(via, me, name, { id });
}

async function take(step: Step, id: number): Promise<number> {
  return (CUSTOMER_ACTIONS as string[]).includes(step) ? (await customerAct("rest", step as CustomerAction, id)).status : storeAct(step as StoreAction, id);
}

/** A new return of one unit, driven into `state`. */
async function returnIn(state: State): Promise<number> {
  const created = await raise("rest", me, lineId, 1, { resolutionType: state === "itemCanceled" ? "cancel_items" : "return" });
  for (const step of PATHS[state]) expect(await take(step, created.id), `${step} on the way to ${state}`).toBeLessThan(300);
  expect(await statusOf(created.id)).toBe(ID[state]);
  return created.id;
}

async function messageCount(id: number) {
  return (await getDb()).returnMessage.count({ where: { returnId: id } });
}

function expectation(state: State, action: Step) {
  const to = ALLOWED[state][action];
  return { allowed: to !== undefined, statusId: to === undefined || to === "same" ? ID[state] : ID[to] };
}

describe.each(VIAS)("customer actions over %s", (via) => {
  const cells = STATES.flatMap((s) => CUSTOMER_ACTIONS.map((a) => [s, a] as [State, CustomerAction]));
  it.each(cells)("from %s: %s", async (state, action) => {
    const id = await returnIn(state);
    const before = await messageCount(id);
    const { allowed, statusId } = expectation(state, action);
    const res = await customerAct(via, action, id);
    expect(res.status, JSON.stringify(res.body)).toBe(allowed ? (action === "message" ? 201 : 200) : 400);
    expect(await statusOf(id)).toBe(statusId);
    // Close and message add to the thread; a refused action adds nothing.
    expect(await messageCount(id)).toBe(before + (allowed && (action === "close" || action === "message") ? 1 : 0));
    if (allowed && action !== "message") expect(res.body.statusId).toBe(statusId);
  });
});

describe("store actions", () => {
  const cells = STATES.flatMap((s) => STORE_ACTIONS.map((a) => [s, a] as [State, StoreAction]));
  it.each(cells)("from %s: %s", async (state, action) => {
    const id = await returnIn(state);
    const { allowed, statusId } = expectation(state, action);
    expect(await storeAct(action, id)).toBe(allowed ? 200 : 400);
    expect(await statusOf(id)).toBe(statusId);
  });
});

describe("guards", () => {
  it("only a return of goods waits for, ships or receives a package; only a cancelation cancels items", async () => {
    const cancelation = (await raise("rest", me, lineId, 1, { resolutionType: "cancel_items" })).id;
    expect(await storeAct("accept", cancelation)).toBe(200);
    for (const action of ["awaitPackage", "markReceived"] as const) expect(await storeAct(action, cancelation)).toBe(400);
    expect(await storeAct("cancelItems", cancelation)).toBe(200);
    const goods = await returnIn("accepted");
    expect(await storeAct("cancelItems", goods)).toBe(400);
    expect(await statusOf(goods)).toBe(ID.accepted);
  });

  it.each(VIAS)("refuses to reopen once the return window has passed (%s)", async (via) => {
    const who = await shopper(me.key);
    const order = await placedOrder(who, [{ qty: 2, period: 10 }]);
    const r = await raise(via, who, order.lines[0].id, 1);
    await act(via, who, "cancelCustomerReturn", { id: r.id });
    await (await getDb()).order.update({ where: { id: order.id }, data: { createdAt: new Date(Date.now() - 11 * 86_400_000) } });
    const detail = (await act(via, who, "customerReturn", { id: r.id })).body;
    expect(detail).toMatchObject({ statusId: 9, isExpired: true, canReopen: false, canClose: false });
    const res = await act(via, who, "reopenCustomerReturn", { id: r.id });
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/window/);
  });

  it.each(VIAS)("refuses to reopen when another return has taken the units since (%s)", async (via) => {
    const who = await shopper(me.key);
    const order = await placedOrder(who, [{ qty: 1 }]);
    const first = await raise(via, who, order.lines[0].id, 1);
    expect((await act(via, who, "cancelCustomerReturn", { id: first.id })).body.canReopen).toBe(true);
    await raise(via, who, order.lines[0].id, 1);
    expect((await act(via, who, "customerReturn", { id: first.id })).body).toMatchObject({ statusId: 9, canReopen: false, isExpired: false });
    const res = await act(via, who, "reopenCustomerReturn", { id: first.id });
    expect(res.status).toBe(400);
    expect(res.message).toMatch(/taken by another return/);
  });

  it("lets the customer reopen a return the store declined", async () => {
    const id = await returnIn("declined");
    const detail = (await act("rest", me, "customerReturn", { id })).body;
    expect(detail).toMatchObject({ statusId: 7, statusTitle: "Declined", canReopen: true, canClose: false });
    expect((await act("graphql", me, "reopenCustomerReturn", { id })).body).toMatchObject({ statusId: 1, canReopen: false, canClose: true });
  });
});
