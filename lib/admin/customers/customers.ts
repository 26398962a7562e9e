// Customers over the Admin API. A disabled or suspended customer's bearer tokens stop working at once (the shop gate
// checks both flags); a password given here replaces the customer's password and signs out all their tokens.
import { z } from "zod";
import { boolParam, intParam } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { externalIdField, metadataField, metadataOf, metadataPatchField, substring } from "../external.ts";
import { CustomerFields as Fields } from "./customer-input.ts";
import { createCustomer, deleteCustomer, updateCustomer } from "./customer-service.ts";

export const AdminCustomer = z
  .object({
    id: z.int(), firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string().nullable(), gender: z.string().nullable(),
    dateOfBirth: z.string().nullable(), status: z.int(), isVerified: z.boolean(), isSuspended: z.boolean(), subscribedToNewsletter: z.boolean(),
    customerGroupId: z.int().nullable(), channelId: z.int().nullable(), ordersCount: z.int(), addressesCount: z.int(),
    externalId: z.string().nullable().describe("The customer's id in a connected system (unique among customers)."),
    metadata: z.record(z.string(), z.string()).describe("A connector's own notes: string keys to string values."),
    createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminCustomer", iri: "/api/admin/customers" });

const Create = Fields.extend({ externalId: externalIdField().nullable().optional(), metadata: metadataField().optional() });
// On update `externalId: null` clears it and `metadata` is a merge patch (../external.ts).
const Update = Fields.partial().extend({ externalId: externalIdField().nullable().optional(), metadata: metadataPatchField().nullable().optional() });

export const customers = adminResource({
  path: "customers",
  one: "Customer",
  many: "Customers",
  permission: "customers",
  model: "customer",
  output: AdminCustomer,
  include: () => ({ _count: { select: { orders: true, addresses: true } } }),
  toOutput: (_ctx, c) => ({ ...c, ordersCount: c._count.orders, addressesCount: c._count.addresses, metadata: metadataOf(c.metadata) }),
  changes: true,
  filters: z.object({
    email: z.string().trim().max(191).optional().describe("Exact email, case-insensitive (emails are stored lower-cased)."),
    externalId: z.string().trim().max(191).optional().describe("Exact external id."),
    q: z.string().trim().max(191).optional().describe("Substring of the email, the first or the last name, case-insensitive."),
    name: z.string().trim().max(100).optional().describe("Substring of the first or the last name, case-insensitive."),
    customerGroupId: intParam().optional(),
    status: intParam().optional(),
    isSuspended: boolParam().optional(),
  }),
  where: (_ctx, f) => ({
    ...(f.email ? { email: f.email.toLowerCase() } : {}),
    ...(f.externalId ? { externalId: f.externalId } : {}),
    // Two ORs (q and name) cannot share one key: each is its own AND term.
    AND: [
      f.q ? { OR: [{ email: substring(f.q.toLowerCase()) }, { firstName: substring(f.q) }, { lastName: substring(f.q) }] } : {},
      f.name ? { OR: [{ firstName: substring(f.name) }, { lastName: substring(f.name) }] } : {},
    ],
    ...(f.customerGroupId ? { customerGroupId: f.customerGroupId } : {}),
    ...(f.status !== undefined ? { status: f.status } : {}),
    ...(f.isSuspended !== undefined ? { isSuspended: f.isSuspended } : {}),
  }),
  sort: { fields: { id: (d) => ({ id: d }), email: (d) => ({ email: d }), last_name: (d) => ({ lastName: d }), created_at: (d) => ({ createdAt: d }) }, default: "-id" },
  create: {
    input: Create,
    summary: "Create a customer; without a password the account can only be entered after a password reset.",
    run: createCustomer,
  },
  update: { input: Update, run: updateCustomer },
  remove: deleteCustomer,
});
