// Customer groups over the Admin API. The store's own groups (guest, general, wholesale) cannot be deleted, nor a
// group that still has customers.
import { z } from "zod";
import { Conflict, Validation } from "../../errors.ts";
import { adminResource } from "../resource.ts";

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
    run: async (ctx, input) => {
      if (await ctx.db.customerGroup.count({ where: { code: input.code } })) throw Validation.field("code", `A group with code "${input.code}" already exists.`);
      return (await ctx.db.customerGroup.create({ data: { ...input, isUserDefined: true } })).id;
    },
  },
  update: {
    input: z.object({ name: name.optional() }),
    run: async (ctx, id, input) => {
      await ctx.db.customerGroup.update({ where: { id }, data: input });
    },
  },
  remove: async (ctx, id) => {
    const group = await ctx.db.customerGroup.findUniqueOrThrow({ where: { id }, include: { _count: { select: { customers: true } } } });
    if (!group.isUserDefined) throw new Conflict("The store's own customer groups cannot be deleted.");
    if (group._count.customers) throw new Conflict(`The group has ${group._count.customers} customers; move them to another group first.`);
    await ctx.db.customerGroup.delete({ where: { id } });
  },
});
