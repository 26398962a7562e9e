// Customer groups over the Admin API. The store's own groups (guest, general, wholesale) cannot be deleted, nor a
// group that still has customers.
import { z } from "zod";
import { adminResource } from "../resource.ts";
import { createGroup, deleteGroup, updateGroup } from "./group-service.ts";

export const AdminCustomerGroup = z
  .object({ id: z.int(), code: z.string(), name: z.string(), isUserDefined: z.boolean(), customersCount: z.int(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: "AdminCustomerGroup", iri: "/api/admin/customers/groups" });

const name = z.string().trim().min(1, { message: "is required" }).max(100);

export const customerGroups = adminResource({
  path: "customers/groups",
  one: "CustomerGroup",
  many: "CustomerGroups",
  permission: "customers.groups",
  model: "customerGroup",
  output: AdminCustomerGroup,
  include: () => ({ _count: { select: { customers: true } } }),
  toOutput: (_ctx, g) => ({ ...g, customersCount: g._count.customers }),
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }), name: (d) => ({ name: d }) }, default: "id" },
  create: {
    input: z.object({ code: z.string().trim().min(1, { message: "is required" }).max(60).regex(/^[a-z][a-z0-9_]*$/, { message: "must start with a letter and hold lowercase letters, digits and underscores" }), name }),
    run: createGroup,
  },
  update: { input: z.object({ name: name.optional() }), run: updateGroup },
  remove: deleteGroup,
});
