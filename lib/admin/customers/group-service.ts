// Customer groups: the database work behind the declarations in ./groups.ts.
import type { RequestContext } from "../../context.ts";
import { Conflict, Validation } from "../../errors.ts";

export async function createGroup(ctx: RequestContext, input: { code: string; name: string }): Promise<number> {
  if (await ctx.db.customerGroup.count({ where: { code: input.code } })) throw Validation.field("code", `A group with code "${input.code}" already exists.`);
  return (await ctx.db.customerGroup.create({ data: { ...input, isUserDefined: true } })).id;
}

export async function updateGroup(ctx: RequestContext, id: number, input: { name?: string }): Promise<void> {
  await ctx.db.customerGroup.update({ where: { id }, data: input });
}

/** The store's own groups (guest, general, wholesale) stay, and so does a group that still has customers. */
export async function deleteGroup(ctx: RequestContext, id: number): Promise<void> {
  const group = await ctx.db.customerGroup.findUniqueOrThrow({ where: { id }, include: { _count: { select: { customers: true } } } });
  if (!group.isUserDefined) throw new Conflict("The store's own customer groups cannot be deleted.");
  if (group._count.customers) throw new Conflict(`The group has ${group._count.customers} customers; move them to another group first.`);
  await ctx.db.customerGroup.delete({ where: { id } });
}
