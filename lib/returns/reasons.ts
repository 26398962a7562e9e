// Return reasons: the store's active ones, by position, for the customer to pick from.
import type { RequestContext } from "../context.ts";
import type { Paging } from "../operations/define.ts";

export async function listReasons(ctx: RequestContext, paging: Paging) {
  const where = { status: true };
  const [total, items] = await Promise.all([
    ctx.db.returnReason.count({ where }),
    paging.limit > 0 ? ctx.db.returnReason.findMany({ where, orderBy: [{ position: "asc" }, { id: "asc" }], skip: paging.offset, take: paging.limit }) : [],
  ]);
  return { total, items };
}
