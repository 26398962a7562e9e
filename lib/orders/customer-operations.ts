// The customer's orders on REST and GraphQL: list, detail, cancel and reorder.
import { z } from "zod";
import { operation } from "../operations/define.ts";
import { recordId } from "../operations/fields.ts";
import { fromListArgs, listArgs } from "../account/shapes.ts";
import { ORDER_STATUSES } from "./transitions.ts";
import { CanceledOrder, CustomerOrderDetail, CustomerOrderRow, Reorder } from "./customer-shapes.ts";
import { listOrders, ORDER_SORTS, orderDetail } from "./customer-orders.ts";
import { cancelOrder } from "./cancel.ts";
import { reorder } from "./reorder.ts";
import { guestOrderDetail } from "./guest-access.ts";
import { camel } from "../wire/case.ts";

const shopCustomer = { surface: "shop", access: "customer" } as const;

const SORT_TOKENS = ORDER_SORTS.flatMap((s) => [s, `-${s}`]);
/** `-created_at` is accepted for `-createdAt`. */
const snakeToCamel = (v: unknown) => (typeof v === "string" ? camel(v.trim()) : v);

const OrderListInput = z.object({
  sort: z.preprocess(snakeToCamel, z.enum(SORT_TOKENS as [string, ...string[]], { message: `must be one of ${SORT_TOKENS.join(", ")}` })).default("-createdAt"),
  status: z.enum(ORDER_STATUSES, { message: `must be one of ${ORDER_STATUSES.join(", ")}` }).optional(),
});

const GRAPHQL_SORT_KEYS: Record<string, string> = { CREATED_AT: "createdAt", UPDATED_AT: "updatedAt", GRAND_TOTAL: "grandTotal" };

/**
 * GraphQL: `sortKey` (CREATED_AT, UPDATED_AT, GRAND_TOTAL) ascending, with `reverse: true` descending; `reverse` alone
 * flips the default; or `sort` spelled as on REST.
 */
function orderListFromGraphql(args: Record<string, unknown>) {
  const out = fromListArgs(args, GRAPHQL_SORT_KEYS);
  const sort = out.sort ?? "createdAt";
  // A `sort` that is not text (given inside `filter`) is left for the input schema to refuse.
  if (out.order !== undefined && args.sort === undefined) out.sort = typeof sort === "string" ? `${out.order === "desc" ? "-" : ""}${sort}` : sort;
  delete out.order;
  return out;
}

export const customerOrders = operation({
  ...shopCustomer,
  name: "customerOrders",
  kind: "query",
  summary:
    "The signed-in customer's orders. REST answers SPEC.md's flat-array form, like every Shop list: a bare array of order rows " +
    "with X-Total-Count, X-Page, X-Per-Page and X-Total-Pages. `page` (from 1), `limit` (default 10, at most 100; `per_page` " +
    "also works), `sort` createdAt|updatedAt|grandTotal with `-` for descending (default -createdAt), `status` filter.",
  input: OrderListInput,
  output: CustomerOrderRow,
  list: { defaultPerPage: 10, maxPerPage: 100, sizeParam: "limit" },
  rest: { method: "GET", paths: ["/api/shop/customer-orders"] },
  graphql: { args: listArgs({ sort: z.string().optional(), status: z.string().optional() }, { sortable: true }), input: orderListFromGraphql },
  run: listOrders,
});

export const customerOrder = operation({
  ...shopCustomer,
  name: "customerOrder",
  kind: "query",
  summary: "One of the caller's orders with its items, addresses, payment and shipments; by id (GraphQL: IRI or number), not incrementId.",
  input: z.object({ id: recordId() }),
  output: CustomerOrderDetail,
  rest: { method: "GET", paths: ["/api/shop/customer-orders/{id}"] },
  run: (ctx, { id }) => orderDetail(ctx, id),
});

/** The order a cancel or reorder acts on: `id` (the path, or an IRI) or the family's `orderId`; one is required. */
const OrderRef = z
  .object({ id: recordId().optional(), orderId: recordId().optional() })
  .refine((r) => r.id !== undefined || r.orderId !== undefined, { message: "id or orderId is required", path: ["orderId"] });

const orderIdOf = (r: { id?: number; orderId?: number }) => (r.id ?? r.orderId)!;

export const createCancelOrder = operation({
  ...shopCustomer,
  name: "createCancelOrder",
  kind: "mutation",
  summary:
    "Cancel one of the caller's orders while the order state machine allows it (pending or processing): every unit not yet " +
    "shipped or refunded is canceled and returned to stock. Otherwise 409.",
  input: OrderRef,
  output: CanceledOrder,
  rest: { method: "POST", paths: ["/api/shop/customer-orders/{id}/cancel"] },
  run: (ctx, ref) => cancelOrder(ctx, orderIdOf(ref)),
});

export const createReorderOrder = operation({
  ...shopCustomer,
  name: "createReorderOrder",
  kind: "mutation",
  summary: "Put the lines of one of the caller's orders into their cart again; `added` lists what went in, `notAdded` what could not and why.",
  input: OrderRef,
  output: Reorder,
  rest: { method: "POST", paths: ["/api/shop/customer-orders/{id}/reorder"] },
  run: (ctx, ref) => reorder(ctx, orderIdOf(ref)),
});

export const guestOrder = operation({
  surface: "shop",
  access: "public",
  name: "guestOrder",
  kind: "query",
  summary:
    "A guest's order, by the `token` of the link its order mails carry (a guest has no account to list orders on): the same " +
    "detail a customer sees of their own. 404 when the token is unknown or past GUEST_ORDER_LINK_DAYS.",
  input: z.object({ token: z.string().trim().min(1, { message: "is required" }).max(200) }),
  output: CustomerOrderDetail,
  rest: { method: "GET", paths: ["/api/shop/guest-order"], errors: [404] },
  run: (ctx, { token }) => guestOrderDetail(ctx, token),
});
