// A customer's address book from the back office: the same rules as the shop's own (lib/addresses/), for the
// customer the address names (`customerId`, fixed once made).
import { z } from "zod";
import { intParam, recordId } from "../../operations/fields.ts";
import { Address, AddressInput } from "../../addresses/shapes.ts";
import { toAddress } from "../../addresses/addresses.ts";
import { adminResource } from "../resource.ts";
import { createCustomerAddress, deleteCustomerAddress, updateCustomerAddress } from "./address-service.ts";

export const AdminCustomerAddress = Address.extend({}).meta({ id: "AdminCustomerAddress", iri: "/api/admin/customers/addresses" });

export const customerAddresses = adminResource({
  path: "customers/addresses", one: "CustomerAddress", many: "CustomerAddresses", permission: "customers",
  permissions: { create: "customers.edit", remove: "customers.edit" }, model: "customerAddress", output: AdminCustomerAddress,
  toOutput: (_ctx, a) => toAddress(a),
  filters: z.object({ customerId: intParam().optional(), country: z.string().trim().max(2).optional().describe("Exact two-letter country code, case-insensitive.") }),
  where: (_ctx, f) => ({ ...(f.customerId !== undefined ? { customerId: f.customerId } : {}), ...(f.country ? { country: f.country.toUpperCase() } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), customer_id: (d) => ({ customerId: d }) }, default: "id" },
  create: {
    input: AddressInput.extend({ customerId: recordId() }),
    summary: "Add an address to a customer's book; the customer's first address becomes the default.",
    run: createCustomerAddress,
  },
  update: { input: AddressInput, run: updateCustomerAddress },
  remove: deleteCustomerAddress,
});
