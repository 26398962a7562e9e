// EU withdrawals on REST and GraphQL: a customer's for their orders, and the guest form.
import { z } from "zod";
import { fromListArgs, listArgs } from "../account/shapes.ts";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { email, recordId, text } from "../operations/fields.ts";
import { getWithdrawal, listWithdrawals, withdrawGuestOrder, withdrawOrder } from "./withdrawals.ts";

const shopCustomer = { surface: "shop", access: "customer" } as const;

const IRI = "/api/shop/eu-withdrawals";

const EuWithdrawal = z
  .object({
    id: z.int(),
    uuid: z.string(),
    orderId: z.int(),
    orderIncrementId: z.string(),
    isGuest: z.boolean(),
    customerEmail: z.string(),
    status: z.string(),
    reasonText: z.string().nullable(),
    receivedAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "EuWithdrawal", iri: IRI });

const reasonText = text(5000).optional();

export const euWithdrawals = operation({
  ...shopCustomer,
  name: "euWithdrawals",
  kind: "query",
  summary: "The signed-in customer's EU withdrawals, newest first (also those declared through the guest form for their orders).",
  input: z.object({}),
  output: EuWithdrawal,
  list: SHOP_LIST,
  rest: { method: "GET", paths: [IRI] },
  graphql: { args: listArgs({}), input: (a) => fromListArgs(a, {}) },
  run: listWithdrawals,
});

export const euWithdrawal = operation({
  ...shopCustomer,
  name: "euWithdrawal",
  kind: "query",
  summary: "One of the caller's EU withdrawals.",
  input: z.object({ id: recordId() }),
  output: EuWithdrawal,
  rest: { method: "GET", paths: [`${IRI}/{id}`] },
  run: (ctx, { id }) => getWithdrawal(ctx, id),
});

export const createEuWithdrawal = operation({
  ...shopCustomer,
  name: "createEuWithdrawal",
  kind: "mutation",
  summary: "Withdraw from one of the caller's orders (`orderId`, optional `reasonText`). Idempotent per order: the same uuid comes back.",
  input: z.object({ orderId: recordId(), reasonText }),
  output: EuWithdrawal,
  rest: { method: "POST", paths: [IRI], errors: [404] },
  run: withdrawOrder,
});

export const createGuestEuWithdrawal = operation({
  name: "createGuestEuWithdrawal",
  surface: "shop",
  kind: "mutation",
  summary:
    "Withdraw from a guest order: `orderIncrementId` and the order's `email` (a mismatch is 404), optional `reasonText`. " +
    "An order placed with a customer account is refused (403 `order_has_account`: withdraw from it signed in). Tries are " +
    "limited per order number, email and address (429). Idempotent per order: the same uuid comes back.",
  access: "public",
  input: z.object({ orderIncrementId: text(50), email: email(), reasonText }),
  output: EuWithdrawal,
  rest: { method: "POST", paths: [`${IRI}/guest`], errors: [404] },
  run: withdrawGuestOrder,
});
