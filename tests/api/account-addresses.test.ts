// The customer's address book on REST (every SPEC.md path form) and GraphQL: create, list, update, delete,
// default handling, the `address` synonym, bad input and isolation.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { invoke, must, VIAS, type Via } from "../support/invoke.ts";
import {
  createAddUpdateCustomerAddress,
  deleteCustomerAddress,
  getCustomerAddresses,
  updateCustomerAddress,
} from "../../lib/addresses/operations.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const HOME = { firstName: "Ada", lastName: "Lovelace", address1: "12 Analytical Street", city: "San Francisco", state: "CA", country: "US", postcode: "94107", phone: "555-0100" };
const PARIS = { firstName: "Ada", lastName: "Lovelace", address: ["3 rue de Rivoli", "Bâtiment B"], city: "Paris", country: "FR", postcode: "75001" };

const rows = async (customerId: number) => (await getDb()).customerAddress.findMany({ where: { customerId }, orderBy: { id: "asc" } });
/** GraphQL changes an address through createAddUpdateCustomerAddress with `id`; REST through its PUT paths. */
const updateOp = (via: Via) => (via === "rest" ? updateCustomerAddress : createAddUpdateCustomerAddress);

describe.each(VIAS)("addresses over %s", (via) => {
  it("creates an address; the first one becomes the default", async () => {
    const me = await customer(key);
    const body = must(await invoke(via, createAddUpdateCustomerAddress, HOME, { key, bearer: me.token }), 201);
    expect(body).toMatchObject({ ...HOME, address: HOME.address1, address2: null, defaultAddress: true, useForShipping: false, customerId: me.id });
    const [row] = await rows(me.id);
    expect(row).toMatchObject({ id: body.id, address: "12 Analytical Street", state: "CA", country: "US", defaultAddress: true });
  });

  it.each([
    ["a string with line breaks", { address: "3 rue de Rivoli\nBâtiment B" }],
    ["an array of lines", { address: ["3 rue de Rivoli", "Bâtiment B"] }],
    ["address1 and address2", { address1: "3 rue de Rivoli", address2: "Bâtiment B" }],
  ])("takes the street as %s", async (_name, street) => {
    const me = await customer(key);
    const { address: _a, ...rest } = PARIS;
    const body = must(await invoke(via, createAddUpdateCustomerAddress, { ...rest, ...street }, { key, bearer: me.token }), 201);
    expect(body).toMatchObject({ address: "3 rue de Rivoli\nBâtiment B", address1: "3 rue de Rivoli", address2: "Bâtiment B", state: null });
  });

  it("accepts a state by name and stores its code", async () => {
    const me = await customer(key);
    const body = must(await invoke(via, createAddUpdateCustomerAddress, { ...HOME, state: "california" }, { key, bearer: me.token }), 201);
    expect(body.state).toBe("CA");
  });

  describe("refuses a malformed address with 422 and writes nothing", () => {
    const { firstName: _f, ...noFirstName } = HOME;
    const { address1: _s, ...noStreet } = HOME;
    const { state: _st, ...noState } = HOME;
    it.each([
      ["no first name", noFirstName, "firstName"],
      ["no street", noStreet, "address1"],
      ["an empty street", { ...HOME, address1: undefined, address: ["", "  "] }, "address1"],
      ["a street of too many lines", { ...HOME, address1: undefined, address: ["1", "2", "3", "4", "5"] }, "address"],
      ["a street that is neither text nor lines", { ...HOME, address1: undefined, address: { line: "x" } }, "address"],
      ["an unknown country", { ...HOME, country: "ZZ" }, "country"],
      ["a three-letter country", { ...HOME, country: "USA" }, "country"],
      ["no state where the country lists states", noState, "state"],
      ["a state the country does not have", { ...HOME, state: "XX" }, "state"],
      ["an invalid email", { ...HOME, email: "nope" }, "email"],
      ["a postcode that is too long", { ...HOME, postcode: "9".repeat(30) }, "postcode"],
      ["a non-boolean defaultAddress", { ...HOME, defaultAddress: "maybe" }, "defaultAddress"],
    ])("%s", async (_name, input, field) => {
      const me = await customer(key);
      const res = await invoke(via, createAddUpdateCustomerAddress, input, { key, bearer: me.token });
      expect(res.status, JSON.stringify(res.body)).toBe(via === "graphql" && field === "defaultAddress" ? 400 : 422);
      if (res.status === 422) expect(Object.keys(res.body.errors ?? {}).join(" ")).toContain(field);
      expect(await rows(me.id)).toHaveLength(0);
    });
  });

  it("changes only the fields given", async () => {
    const me = await customer(key);
    const created = must(await invoke(via, createAddUpdateCustomerAddress, HOME, { key, bearer: me.token }), 201);
    const body = must(await invoke(via, updateOp(via), { id: created.id, city: "Oakland", postcode: "94601" }, { key, bearer: me.token }));
    expect(body).toMatchObject({ id: created.id, city: "Oakland", postcode: "94601", address1: HOME.address1, state: "CA", defaultAddress: true });
    expect((await rows(me.id))[0]).toMatchObject({ city: "Oakland", postcode: "94601", state: "CA" });
  });

  it("re-checks the state when the country changes", async () => {
    const me = await customer(key);
    const created = must(await invoke(via, createAddUpdateCustomerAddress, HOME, { key, bearer: me.token }), 201);
    expect((await invoke(via, updateOp(via), { id: created.id, country: "CA" }, { key, bearer: me.token })).status).toBe(422);
    const body = must(await invoke(via, updateOp(via), { id: created.id, country: "FR" }, { key, bearer: me.token }));
    expect(body).toMatchObject({ country: "FR", state: null });
  });

  it("keeps one default: a new default takes it over, deleting it hands it to the newest other", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const first = must(await invoke(via, createAddUpdateCustomerAddress, HOME, auth), 201);
    const second = must(await invoke(via, createAddUpdateCustomerAddress, { ...PARIS }, auth), 201);
    expect(second.defaultAddress).toBe(false);
    const third = must(await invoke(via, createAddUpdateCustomerAddress, { ...PARIS, city: "Lyon", defaultAddress: true }, auth), 201);
    expect((await rows(me.id)).map((r) => [r.id, r.defaultAddress])).toEqual([[first.id, false], [second.id, false], [third.id, true]]);
    must(await invoke(via, updateOp(via), { id: first.id, defaultAddress: true }, auth));
    expect((await rows(me.id)).filter((r) => r.defaultAddress).map((r) => r.id)).toEqual([first.id]);
    must(await invoke(via, deleteCustomerAddress, { id: first.id }, auth));
    expect((await rows(me.id)).map((r) => [r.id, r.defaultAddress])).toEqual([[second.id, false], [third.id, true]]);
  });

  it("lists the caller's addresses only, default first, with paging", async () => {
    const me = await customer(key);
    const other = await customer(key);
    const auth = { key, bearer: me.token };
    must(await invoke(via, createAddUpdateCustomerAddress, HOME, auth), 201);
    const paris = must(await invoke(via, createAddUpdateCustomerAddress, { ...PARIS, defaultAddress: true }, auth), 201);
    must(await invoke(via, createAddUpdateCustomerAddress, HOME, { key, bearer: other.token }), 201);
    const list = await invoke(via, getCustomerAddresses, {}, auth);
    expect(must(list).map((a: { id: number }) => a.id)[0]).toBe(paris.id);
    expect(list.total).toBe(2);
    expect(list.body.every((a: { customerId: number }) => a.customerId === me.id)).toBe(true);
    const page2 = await invoke(via, getCustomerAddresses, {}, { ...auth, perPage: 1, page: 2 });
    expect(must(page2)).toHaveLength(1);
    expect(page2.total).toBe(2);
  });

  it("answers 404 for another customer's address and leaves it untouched", async () => {
    const me = await customer(key);
    const other = await customer(key);
    const theirs = must(await invoke(via, createAddUpdateCustomerAddress, HOME, { key, bearer: other.token }), 201);
    const before = await rows(other.id);
    expect((await invoke(via, updateOp(via), { id: theirs.id, city: "Nowhere" }, { key, bearer: me.token })).status).toBe(404);
    expect((await invoke(via, deleteCustomerAddress, { id: theirs.id }, { key, bearer: me.token })).status).toBe(404);
    expect(await rows(other.id)).toEqual(before);
    expect(await rows(me.id)).toHaveLength(0);
  });

  it("answers 404 for an address that does not exist and 422 for an id that is no id", async () => {
    const me = await customer(key);
    expect((await invoke(via, deleteCustomerAddress, { id: 987654321 }, { key, bearer: me.token })).status).toBe(404);
    expect((await invoke(via, updateOp(via), { id: -3, city: "X" }, { key, bearer: me.token })).status).toBe(422);
  });

  it("needs a customer", async () => {
    expect((await invoke(via, getCustomerAddresses, {}, { key })).status).toBe(401);
    expect((await invoke(via, createAddUpdateCustomerAddress, HOME, { key })).status).toBe(401);
  });
});

describe("address REST path forms", () => {
  it("serves SPEC.md's customers/* verbs, addressId and snake_case", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const created = await call("POST", "/api/shop/customers/create-customer-address", { first_name: "Ada", last_name: "L", address: "1 Main St", city: "Austin", state: "TX", country: "us", postcode: "73301", default_address: "1" }, auth);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ country: "US", state: "TX", defaultAddress: true });
    const list = await call("GET", "/api/shop/customers/get-customer-addresses", undefined, auth);
    expect(list.status).toBe(200);
    expect(list.headers.get("X-Total-Count")).toBe("1");
    const updated = await call("PUT", "/api/shop/customers/update-customer-address", { address_id: created.body.id, city: "Dallas" }, auth);
    expect(updated.status).toBe(200);
    expect(updated.body.city).toBe("Dallas");
    const viaPath = await call("PUT", `/api/shop/customer-addresses/${created.body.id}`, { postcode: "75001" }, auth);
    expect(viaPath.body.postcode).toBe("75001");
    const deleted = await call("DELETE", `/api/shop/customers/delete-customer-address?id=${created.body.id}`, undefined, auth);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: created.body.id, success: true, message: expect.any(String) });
    expect(await rows(me.id)).toHaveLength(0);
  });

  it("creates on POST even when the body carries an id", async () => {
    const me = await customer(key);
    const first = await call("POST", "/api/shop/customer-addresses", HOME, { key, bearer: me.token });
    const second = await call("POST", "/api/shop/customer-addresses", { ...HOME, id: first.body.id, city: "Oakland" }, { key, bearer: me.token });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect(await rows(me.id)).toHaveLength(2);
  });
});
