// The customer's address book on REST (every path form SPEC.md lists) and GraphQL.
import { z } from "zod";
import { fromListArgs, listArgs } from "../account/shapes.ts";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { recordId } from "../operations/fields.ts";
import { Validation } from "../errors.ts";
import { deletedShape } from "../wire/shapes.ts";
import { camelKeys } from "../wire/case.ts";
import { Address, AddressInput } from "./shapes.ts";
import { addressOf, createAddress, deleteAddress, listAddresses, updateAddress, type AddressFields } from "./addresses.ts";

const shopCustomer = { surface: "shop", access: "customer" } as const;

/** `addressId` is accepted for `id`. */
function withId(raw: Record<string, unknown>): Record<string, unknown> {
  const { addressId, address_id, ...rest } = raw;
  return { ...rest, id: rest.id ?? addressId ?? address_id };
}

export const getCustomerAddresses = operation({
  ...shopCustomer,
  name: "getCustomerAddresses",
  kind: "query",
  summary: "The signed-in customer's addresses, the default first.",
  input: z.object({}),
  output: Address,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/customer-addresses", "/api/shop/customers/get-customer-addresses"] },
  graphql: { args: listArgs({}), input: (a) => fromListArgs(a, {}) },
  run: listAddresses,
});

export const customerAddress = operation({
  ...shopCustomer,
  name: "customerAddress",
  kind: "query",
  summary: "One of the signed-in customer's addresses, by id (GraphQL: IRI or number); another customer's address is 404.",
  input: z.object({ id: recordId() }),
  output: Address,
  rest: { method: "GET", paths: ["/api/shop/customer-addresses/{id}"] },
  run: (ctx, { id }) => addressOf(ctx, id),
});

export const createAddUpdateCustomerAddress = operation({
  ...shopCustomer,
  name: "createAddUpdateCustomerAddress",
  kind: "mutation",
  summary:
    "Add an address, or with `id` (GraphQL) change one of the caller's. A new address needs firstName, lastName, a street " +
    "(`address1`, or `address` as a string or lines), city, postcode and a known country (and state where the country lists " +
    "states). `defaultAddress: true` makes it the only default; the first address is the default.",
  // `addressId` is the family's name for `id` (GraphQL maps it onto `id`).
  input: AddressInput.extend({ id: recordId().optional(), addressId: recordId().optional() }),
  output: Address,
  // REST creates here (an `id` in the body is ignored) and updates through updateCustomerAddress.
  rest: {
    method: "POST",
    paths: ["/api/shop/customer-addresses", "/api/shop/customers/create-customer-address"],
    status: 201,
    input: (raw) => {
      const { id: _id, addressId: _a, ...rest } = camelKeys(raw);
      return rest;
    },
  },
  graphql: { input: withId },
  run: (ctx, input) => (input.id === undefined ? createAddress(ctx, input as AddressFields) : updateAddress(ctx, { ...input, id: input.id })),
});

export const updateCustomerAddress = operation({
  ...shopCustomer,
  name: "updateCustomerAddress",
  kind: "mutation",
  summary: "Change one of the caller's addresses (`id` or `addressId`); only the fields given change. GraphQL: createAddUpdateCustomerAddress.",
  input: AddressInput.extend({ id: recordId() }),
  output: Address,
  rest: {
    method: "PUT",
    paths: ["/api/shop/customers/update-customer-address", "/api/shop/customer-addresses/{id}"],
    input: (raw) => withId(camelKeys(raw)),
  },
  graphql: false,
  run: updateAddress,
});

export const deleteCustomerAddress = operation({
  ...shopCustomer,
  name: "deleteCustomerAddress",
  kind: "mutation",
  summary: "Delete one of the caller's addresses (`id` or `addressId`); deleting the default makes the newest other address the default.",
  input: z.object({ id: recordId() }),
  output: deletedShape("CustomerAddressDeletion", "/api/shop/customer-addresses"),
  rest: {
    method: "DELETE",
    paths: ["/api/shop/customers/delete-customer-address", "/api/shop/customer-addresses/{id}"],
    input: (raw) => withId(camelKeys(raw)),
  },
  graphql: { input: withId, resource: "customerAddress" },
  run: deleteAddress,
});

/** The family's name for deleteCustomerAddress (`{ addressId }`); both are served. */
export const createDeleteCustomerAddress = operation({
  ...deleteCustomerAddress,
  name: "createDeleteCustomerAddress",
  input: z.object({ addressId: recordId().optional(), id: recordId().optional() }),
  rest: undefined,
  graphql: { resource: "deleteCustomerAddress" },
  run: (ctx, input) => {
    const id = input.addressId ?? input.id;
    if (id === undefined) throw Validation.field("addressId", "is required");
    return deleteAddress(ctx, { id });
  },
});
