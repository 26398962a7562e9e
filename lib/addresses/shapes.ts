// The address book's wire shapes, shared by the shop's operations (./operations.ts) and the Admin API's.
import { z } from "zod";
import { boolParam, email, text } from "../operations/fields.ts";

const line = z.string().trim().max(255);

export const AddressInput = z.object({
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

export const Address = z
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
    /** The family's further fields: `addressId` repeats the number, `name` is first and last name, `additional` is always null. */
    addressId: z.int(),
    addressType: z.string(),
    name: z.string(),
    additional: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "CustomerAddress", iri: "/api/shop/customer-addresses" });

