// The transport-independent half of every call: authorize, validate, run, project. REST (lib/http/rest.ts) and the
// GraphQL resolvers (lib/graphql/schema.ts) hand over the context their gate opened and the input as they received
// it; what comes back is exactly the operation's declared output. The panel's calls are REST calls.
import type { RequestContext } from "../context.ts";
import { zodToValidation } from "../http/respond.ts";
import type { z } from "zod";
import { authorize } from "./authorize.ts";
import type { AnyOperation, ListSpec, Page, Paging } from "./define.ts";
import { projector } from "./project.ts";

/**
 * The checked input of a call: the caller's access first (a refused caller learns nothing about the input), then
 * `raw()`, the transport's input mapped to the declared shape, against the input schema. `errorPath` prefixes the
 * fields of a 422 (GraphQL mutations: `input`).
 */
export function admit(ctx: RequestContext, op: AnyOperation, raw: () => unknown, errorPath: string[] = []): unknown {
  authorize(ctx, op);
  const parsed = (op.input as z.ZodType).safeParse(raw());
  if (!parsed.success) throw zodToValidation(parsed.error, errorPath);
  admitted.add(ctx);
  return parsed.data;
}

const admitted = new WeakSet<RequestContext>();

/**
 * Whether some call of this request passed `admit` and so may have run: a GraphQL document whose every field was
 * refused changed nothing, and an idempotency key keeps no answer of it (lib/http/idempotency.ts).
 */
export const anyAdmitted = (ctx: RequestContext) => admitted.has(ctx);

/** An operation answering a page of a list. */
type PagedOperation = Extract<AnyOperation, { list: ListSpec }>;

/**
 * Runs an operation that answers one value or a whole array (`list: "all"`), projected to its output. `value`: the
 * run's result when the caller has run it already (lib/graphql/reuse.ts).
 */
export async function perform(ctx: RequestContext, op: AnyOperation, input: unknown, value?: Promise<unknown>): Promise<unknown> {
  if (op.list && op.list !== "all") throw new Error(`${op.name} answers pages; performPage runs it.`);
  const result: unknown = await (value ?? op.run(ctx, input));
  if (op.list === "all") return projectedOnce(op, result as unknown[]);
  return projector(op.output as z.ZodType)(result);
}

// A page or a whole list answered from a cache (lib/catalog/cache.ts, lib/db/held-reads.ts) is the same array
// again: it is projected once, and the projected array is the same one too (REST serialises it once, lib/http/rest.ts).
const projectedLists = new WeakMap<AnyOperation, WeakMap<object, unknown[]>>();

function projectedOnce(op: AnyOperation, items: unknown[]): unknown[] {
  let lists = projectedLists.get(op);
  if (!lists) projectedLists.set(op, (lists = new WeakMap()));
  let projected = lists.get(items);
  if (!projected) lists.set(items, (projected = items.map(projector(op.output as z.ZodType))));
  return projected;
}

/** Runs a paged list operation for one page, its items projected to the output. */
export async function performPage(ctx: RequestContext, op: PagedOperation, input: unknown, paging: Paging): Promise<Page<unknown>> {
  const { items, total }: Page<unknown> = await op.run(ctx, input, paging);
  return { items: projectedOnce(op, items), total };
}
