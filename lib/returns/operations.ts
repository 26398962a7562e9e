// Returns (RMA) on REST and GraphQL: returnable items, reasons, raising, list and detail, cancel, close, reopen
// and the message thread. SPEC.md documents their own statuses: 403 (not 401) for a missing or invalid customer
// bearer, 401 (not 403) for a wrong, deactivated, expired or IP-blocked storefront key.
import { z } from "zod";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { boolParam, intParam, recordId, text } from "../operations/fields.ts";
import { camelKeys } from "../wire/case.ts";
import { fromListArgs, listArgs } from "../account/shapes.ts";
import { ClosedReturn, CustomerReturn, RETURNS_IRI, ReturnableItem, ReturnMessage, ReturnReason } from "./shapes.ts";
import { RESOLUTIONS } from "./quantities.ts";
import { returnableItems as findReturnable } from "./returnable.ts";
import { createReturn } from "./create.ts";
import { listReasons } from "./reasons.ts";
import { listReturns, returnDetail } from "./view.ts";
import { cancelReturn, closeReturn, listMessages, reopenReturn, sendMessage } from "./customer-actions.ts";
import { MAX_IMAGE_BYTES, MAX_IMAGES, returnImage } from "./images.ts";

const shopCustomer = { surface: "shop", access: "customer" } as const;
/** The credential statuses of SPEC.md's return section, declared on every return endpoint. */
const CREDENTIAL_STATUSES = { unauthenticatedStatus: 403, invalidKeyStatus: 401 } as const;
const quantity = () => intParam().pipe(z.int().min(1, { message: "must be at least 1" }).max(10_000));

export const returnableItems = operation({
  ...shopCustomer,
  name: "returnableItems",
  kind: "query",
  summary:
    "Lines of one of the caller's orders (`order_id`) a return may be raised for: within their return window, with units left. " +
    "A plain array; 404 when the order is not the caller's.",
  input: z.object({ orderId: recordId() }),
  output: ReturnableItem,
  list: "all",
  rest: { method: "GET", paths: ["/api/shop/returnable-items", `${RETURNS_IRI}/returnable-items`], ...CREDENTIAL_STATUSES, errors: [404] },
  run: (ctx, { orderId }) => findReturnable(ctx, orderId),
});

export const returnReasons = operation({
  ...shopCustomer,
  name: "returnReasons",
  kind: "query",
  summary: "The store's active return reasons, by position; `resolutionType` return, cancel_items or both.",
  input: z.object({}),
  output: ReturnReason,
  list: SHOP_LIST,
  rest: { method: "GET", paths: [`${RETURNS_IRI}/reasons`, "/api/shop/return-reasons"], ...CREDENTIAL_STATUSES },
  graphql: { args: listArgs({}), input: (a) => fromListArgs(a, {}) },
  run: (ctx, _input, paging) => listReasons(ctx, paging),
});

export const customerReturns = operation({
  ...shopCustomer,
  name: "customerReturns",
  kind: "query",
  summary: "The caller's returns, newest first; `status` narrows to an RMA status id, `order_id` to one order.",
  input: z.object({ status: intParam().optional(), orderId: intParam().optional() }),
  output: CustomerReturn,
  list: SHOP_LIST,
  rest: { method: "GET", paths: [RETURNS_IRI], ...CREDENTIAL_STATUSES },
  graphql: { args: listArgs({ status: z.int().optional(), orderId: z.int().optional() }), input: (a) => fromListArgs(a, {}) },
  run: listReturns,
});

export const customerReturn = operation({
  ...shopCustomer,
  name: "customerReturn",
  kind: "query",
  summary: "One of the caller's returns; 404 when it does not exist or is someone else's.",
  input: z.object({ id: recordId() }),
  output: CustomerReturn,
  rest: { method: "GET", paths: [`${RETURNS_IRI}/{id}`], ...CREDENTIAL_STATUSES },
  run: (ctx, { id }) => returnDetail(ctx, id),
});

/** Multipart forms send the store's fields as `customAttributes[code]=value`. */
function createInputFromRest(raw: Record<string, unknown>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const m = /^custom_?[aA]ttributes\[([^\]]+)\]$/.exec(key);
    if (m) fields[m[1]] = value;
    else plain[key] = value;
  }
  const input = camelKeys(plain);
  if (Object.keys(fields).length) input.customAttributes = fields;
  return input;
}

export const createCustomerReturn = operation({
  ...shopCustomer,
  name: "createCustomerReturn",
  kind: "mutation",
  summary:
    "Raise a return for one line of one of the caller's orders: `orderItemId` (the order line id), `rmaQty` (or `quantity`), " +
    "`resolutionType` return|cancel_items, `rmaReasonId`, `information`, `packageCondition`, `agreement` (must be true), " +
    "`customAttributes` ({ code: value }). Images only over REST multipart (`images` file parts). An ineligible line or too " +
    "many units: 422 \"not eligible for return\".",
  input: z.object({
    orderId: recordId().optional(),
    orderItemId: recordId(),
    rmaQty: quantity().optional(),
    quantity: quantity().optional(),
    resolutionType: z.enum(RESOLUTIONS, { message: "must be return or cancel_items" }),
    rmaReasonId: recordId(),
    information: z.string().trim().max(5000).optional(),
    packageCondition: z.string().trim().max(255).optional(),
    agreement: boolParam().refine((v) => v === true, { message: "must be accepted" }),
    customAttributes: z.unknown().optional(),
    images: z.unknown().optional(),
  }),
  output: CustomerReturn,
  rest: {
    method: "POST",
    paths: [RETURNS_IRI],
    status: 201, errors: [404],
    ...CREDENTIAL_STATUSES,
    multipart: { maxBytes: MAX_IMAGES * MAX_IMAGE_BYTES + 64 * 1024, files: ["images"] },
    input: createInputFromRest,
  },
  run: createReturn,
});

const byId = { input: z.object({ id: recordId() }) };

export const cancelCustomerReturn = operation({
  ...shopCustomer,
  ...byId,
  name: "cancelCustomerReturn",
  kind: "mutation",
  summary: "Withdraw one of the caller's returns before its package is on the way; its units go back into the line's currentQuantity. Otherwise 400.",
  output: CustomerReturn,
  rest: { method: "POST", paths: [`${RETURNS_IRI}/{id}/cancel`], ...CREDENTIAL_STATUSES },
  run: (ctx, { id }) => cancelReturn(ctx, id),
});

export const reopenCustomerReturn = operation({
  ...shopCustomer,
  ...byId,
  name: "reopenCustomerReturn",
  kind: "mutation",
  summary: "Reopen a canceled or declined return (→ Pending) while canReopen: within its window and with its units still free. Otherwise 400.",
  output: CustomerReturn,
  rest: { method: "POST", paths: [`${RETURNS_IRI}/{id}/reopen`], ...CREDENTIAL_STATUSES },
  run: (ctx, { id }) => reopenReturn(ctx, id),
});

export const closeCustomerReturn = operation({
  ...shopCustomer,
  ...byId,
  name: "closeCustomerReturn",
  kind: "mutation",
  summary: "Close one of the caller's returns while canClose: it becomes Solved (statusId 3) and a note joins the thread. Otherwise 400.",
  output: ClosedReturn,
  rest: { method: "POST", paths: [`${RETURNS_IRI}/{id}/close`], ...CREDENTIAL_STATUSES },
  run: (ctx, { id }) => closeReturn(ctx, id),
});

export const sendCustomerReturnMessage = operation({
  ...shopCustomer,
  name: "sendCustomerReturnMessage",
  kind: "mutation",
  summary: "Add a message to the thread of one of the caller's returns (`returnId`, `message`).",
  input: z.object({ returnId: recordId(), message: text(5000) }),
  output: ReturnMessage,
  rest: {
    method: "POST",
    paths: [`${RETURNS_IRI}/{id}/messages`],
    status: 201,
    ...CREDENTIAL_STATUSES,
    input: (raw) => ({ ...camelKeys(raw), returnId: raw.id }),
  },
  run: sendMessage,
});

export const customerReturnMessages = operation({
  ...shopCustomer,
  ...byId,
  name: "customerReturnMessages",
  kind: "query",
  summary: "The message thread of one of the caller's returns, oldest first.",
  output: ReturnMessage,
  list: SHOP_LIST,
  rest: { method: "GET", paths: [`${RETURNS_IRI}/{id}/messages`], ...CREDENTIAL_STATUSES },
  run: (ctx, { id }, paging) => listMessages(ctx, id, paging),
});

export const customerReturnImage = operation({
  ...shopCustomer,
  name: "customerReturnImage",
  kind: "query",
  summary: "Download an image attached to one of the caller's returns.",
  input: z.object({ id: recordId(), imageId: recordId() }),
  output: z.unknown(),
  rest: { method: "GET", paths: [`${RETURNS_IRI}/{id}/images/{imageId}`], download: true, ...CREDENTIAL_STATUSES },
  graphql: false,
  run: (ctx, { id, imageId }) => returnImage(ctx, id, imageId),
});
