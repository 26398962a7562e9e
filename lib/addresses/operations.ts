// The customer's address book on REST (every path form SPEC.md lists) and GraphQL.
import { z } from "zod";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { boolParam, email, recordId, text } from "../operations/fields.ts";
import { deletedShape } from "../wire/shapes.ts";
import { camelKeys } from "../wire/case.ts";
import { createAddress, deleteAddress, listAddresses, updateAddress, type AddressFields } from "./addresses.ts";

const shopCustomer = { surface: "shop", access: "customer" } as const;

const line = z.string().trim().max(255);

const AddressInput = z.object({
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  companyName: z.string().trim().max(255).optional(),
  vatId: z.string().trim().max(50).optional(),
  email: email().optional(),
  phone: z.string().trim().max(40).optional(),
  /** SPEC.md's name for the street: one string (lines split on "\n") or an array of lines. */
  address: z.union([line, z.array(line).max(10)]).optional(),
  address1: text(255).optional(),
  address2: line.optional(),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { message: "must be a two-letter country code" }).optional(),
  state: z.string().trim().max(100).optional(),
  city: text(100).optional(),
  postcode: text(20).optional(),
  defaultAddress: boolParam().optional(),
  useForShipping: boolParam().optional(),
});

const Address = z
  .object({
    id: z.int(),
    customerId: z.int(),
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string().nullable(),
    vatId: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string(),
    address1: z.string(),
    address2: z.string().nullable(),
    country: z.string(),
    state: z.string().nullable(),
    city: z.string(),
    postcode: z.string(),
    defaultAddress: z.boolean(),
    useForShipping: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "CustomerAddress", iri: "/api/shop/customer-addresses" });

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
  run: listAddresses,
});

export const createAddUpdateCustomerAddress = operation({
  ...shopCustomer,
  name: "createAddUpdateCustomerAddress",
  kind: "mutation",
  summary:
    "Add an address, or with `id` (GraphQL) change one of the caller's. A new address needs firstName, lastName, a street " +
    "(`address1`, or `address` as a string or lines), city, postcode and a known country (and state where the country lists " +
    "states). `defaultAddress: true` makes it the only default; the first address is the default.",
  input: AddressInput.extend({ id: recordId().optional() }),
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
