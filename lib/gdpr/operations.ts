// The customer's GDPR requests on REST and GraphQL.
import { z } from "zod";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { recordId, text } from "../operations/fields.ts";
import { fromListArgs, listArgs } from "../account/shapes.ts";
import { deletedShape } from "../wire/shapes.ts";
import { GDPR_STATUSES } from "./transitions.ts";
import { createRequest, deleteRequest, exportOwnRequest, getRequest, listRequests, revokeRequest } from "./requests.ts";

const shopCustomer = { surface: "shop", access: "customer" } as const;

const IRI = "/api/shop/gdpr-requests";
const TYPES = ["delete", "update", "export"] as const;

const GdprRequest = z
  .object({
    id: z.int(),
    type: z.string(),
    status: z.string(),
    message: z.string(),
    email: z.string(),
    canRevoke: z.boolean(),
    revokedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "GdprRequest", iri: IRI });

const lower = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : v);

export const gdprRequests = operation({
  ...shopCustomer,
  name: "gdprRequests",
  kind: "query",
  summary:
    "The signed-in customer's GDPR requests. `sort` id|created_at (default created_at) with `order` asc|desc (default desc); " +
    "`status` and `type` narrow. GraphQL: sortKey ID|CREATED_AT with reverse.",
  input: z.object({
    sort: z.preprocess(lower, z.enum(["id", "created_at"], { message: "must be id or created_at" })).default("created_at"),
    order: z.preprocess(lower, z.enum(["asc", "desc"], { message: "must be asc or desc" })).default("desc"),
    status: z.enum(GDPR_STATUSES, { message: `must be one of ${GDPR_STATUSES.join(", ")}` }).optional(),
    type: z.enum(TYPES, { message: "must be delete or update" }).optional(),
  }),
  output: GdprRequest,
  list: SHOP_LIST,
  rest: { method: "GET", paths: [IRI] },
  graphql: {
    args: listArgs({ status: z.string().optional(), type: z.string().optional() }, { sortable: true }),
    input: (a) => fromListArgs(a, { ID: "id", CREATED_AT: "created_at" }),
  },
  run: listRequests,
});

export const gdprRequest = operation({
  ...shopCustomer,
  name: "gdprRequest",
  kind: "query",
  summary: "One of the caller's GDPR requests.",
  input: z.object({ id: recordId() }),
  output: GdprRequest,
  rest: { method: "GET", paths: [`${IRI}/{id}`] },
  run: (ctx, { id }) => getRequest(ctx, id),
});

export const createGdprRequest = operation({
  ...shopCustomer,
  name: "createGdprRequest",
  kind: "mutation",
  summary:
    "Ask the shop to delete, update or export your data (`type` delete|update|export, `message`); one pending request per type. " +
    "A completed delete request erases your account; a completed export request's file is at `/api/shop/gdpr-requests/{id}/export`.",
  input: z.object({ type: z.preprocess(lower, z.enum(TYPES, { message: "must be delete, update or export" })), message: text(5000) }),
  output: GdprRequest,
  rest: { method: "POST", paths: [IRI], status: 201 },
  run: createRequest,
});

export const revokeGdprRequest = operation({
  ...shopCustomer,
  name: "revokeGdprRequest",
  kind: "mutation",
  summary: "Withdraw one of the caller's GDPR requests while it is pending; otherwise 409.",
  input: z.object({ id: recordId() }),
  output: GdprRequest,
  rest: { method: "POST", paths: [`${IRI}/{id}/revoke`] },
  run: (ctx, { id }) => revokeRequest(ctx, id),
});

export const deleteGdprRequest = operation({
  ...shopCustomer,
  name: "deleteGdprRequest",
  kind: "mutation",
  summary: "Delete one of the caller's GDPR requests; not while the shop is processing it (409).",
  input: z.object({ id: recordId() }),
  output: deletedShape("GdprRequestDeletion", IRI),
  rest: { method: "DELETE", paths: [`${IRI}/{id}`] },
  run: (ctx, { id }) => deleteRequest(ctx, id),
});

export const downloadGdprExport = operation({
  ...shopCustomer,
  name: "downloadGdprExport",
  kind: "query",
  summary: "Everything the store holds about you, as a JSON file, once your export request is completed (409 before; REST only).",
  input: z.object({ id: recordId() }),
  output: z.unknown(),
  rest: { method: "GET", paths: [`${IRI}/{id}/export`], download: true, errors: [409] },
  graphql: false,
  run: (ctx, { id }) => exportOwnRequest(ctx, id),
});
