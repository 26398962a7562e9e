// Customers over the Admin API. A disabled or suspended customer's bearer tokens stop working at once (the shop gate
// checks both flags); a password given here replaces the customer's password and signs out all their tokens.
import { z } from "zod";
import { boolParam, email, intParam, recordId } from "../../operations/fields.ts";
import { provider } from "../../db/client.ts";
import { adminResource } from "../resource.ts";
import { nullableText } from "../input.ts";
import { newPasswordField } from "../../auth/password-rule.ts";
import { createCustomer, deleteCustomer, updateCustomer } from "./customer-service.ts";

export const AdminCustomer = z
  .object({
    id: z.int(), firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string().nullable(), gender: z.string().nullable(),
    dateOfBirth: z.string().nullable(), status: z.int(), isVerified: z.boolean(), isSuspended: z.boolean(), subscribedToNewsletter: z.boolean(),
    customerGroupId: z.int().nullable(), channelId: z.int().nullable(), ordersCount: z.int(), addressesCount: z.int(), createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminCustomer", iri: "/api/admin/customers" });

const Fields = z.object({
  firstName: z.string().trim().min(1, { message: "is required" }).max(100),
  lastName: z.string().trim().min(1, { message: "is required" }).max(100),
  email: email(),
  password: newPasswordField().optional(),
  phone: nullableText(40),
  gender: z.enum(["Male", "Female", "Other"], { message: "must be Male, Female or Other" }).nullable().optional(),
  dateOfBirth: z.iso.date({ message: "must be a date YYYY-MM-DD" }).nullable().optional(),
  status: intParam().pipe(z.int().min(0).max(1)).optional(),
  isVerified: boolParam().optional(),
  isSuspended: boolParam().optional(),
  customerGroupId: recordId().nullable().optional(),
  channelId: recordId().nullable().optional(),
});
const contains = (text: string) => (provider() === "postgresql" ? { contains: text, mode: "insensitive" as const } : { contains: text });

export const customers = adminResource({
  path: "customers",
  one: "Customer",
  many: "Customers",
  permission: "customers",
  model: "customer",
  output: AdminCustomer,
  include: () => ({ _count: { select: { orders: true, addresses: true } } }),
  toOutput: (_ctx, c) => ({ ...c, ordersCount: c._count.orders, addressesCount: c._count.addresses }),
  changes: true,
  filters: z.object({
    email: z.string().trim().max(191).optional().describe("Substring of the email, case-insensitive."),
    name: z.string().trim().max(100).optional().describe("Substring of the first or the last name, case-insensitive."),
    customerGroupId: intParam().optional(),
    status: intParam().optional(),
    isSuspended: boolParam().optional(),
  }),
  where: (_ctx, f) => ({
    ...(f.email ? { email: contains(f.email.toLowerCase()) } : {}),
    ...(f.name ? { OR: [{ firstName: contains(f.name) }, { lastName: contains(f.name) }] } : {}),
    ...(f.customerGroupId ? { customerGroupId: f.customerGroupId } : {}),
    ...(f.status !== undefined ? { status: f.status } : {}),
    ...(f.isSuspended !== undefined ? { isSuspended: f.isSuspended } : {}),
  }),
  sort: { fields: { id: (d) => ({ id: d }), email: (d) => ({ email: d }), last_name: (d) => ({ lastName: d }), created_at: (d) => ({ createdAt: d }) }, default: "-id" },
  create: {
    input: Fields,
    summary: "Create a customer; without a password the account can only be entered after a password reset.",
    run: createCustomer,
  },
  update: { input: Fields.partial(), run: updateCustomer },
  remove: deleteCustomer,
});
