// Customers' GDPR requests in the back office: read them and move them through the one GDPR state machine
// (lib/gdpr/transitions.ts): process, complete, decline (with the reason the customer is mailed).
import { z } from "zod";
import { intParam, recordId } from "../../operations/fields.ts";
import { operation } from "../../operations/define.ts";
import { gdprExport } from "../../gdpr/export.ts";
import { adminResource, resourceAction } from "../resource.ts";
import { moveGdprRequest } from "./gdpr-service.ts";
import { GdprDeclineInput } from "./decline-input.ts";

export const AdminGdprRequest = z
  .object({
    id: z.int(), customerId: z.int(), email: z.string(), type: z.string(), status: z.string(), message: z.string(),
    declineReason: z.string().nullable().describe("Why the store declined the request (mailed to the customer); null unless declined."),
    revokedAt: z.string().nullable(), createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminGdprRequest", iri: "/api/admin/gdpr-requests" });

export const gdprRequests = adminResource({
  path: "gdpr-requests",
  one: "GdprRequest",
  many: "GdprRequests",
  permission: "gdpr",
  model: "gdprRequest",
  output: AdminGdprRequest,
  changes: true,
  filters: z.object({
    status: z.enum(["pending", "processing", "completed", "declined", "revoked"]).optional(),
    type: z.enum(["delete", "update", "export"]).optional(),
    customerId: intParam().optional(),
  }),
  where: (_ctx, f) => ({ ...f }),
  sort: { fields: { id: (d) => ({ id: d }), created_at: (d) => ({ createdAt: d }), status: (d) => ({ status: d }) }, default: "-id" },
});

const move = (event: "process" | "complete", summary: string) =>
  resourceAction(gdprRequests, {
    verb: event,
    summary,
    permission: "gdpr.edit",
    run: (ctx, id) => moveGdprRequest(ctx, id, { event }),
  });

export const processAdminGdprRequest = move("process", "Start working on a pending request (→ processing).");
export const completeAdminGdprRequest = move("complete", "Mark a request in progress as done (→ completed).");
export const declineAdminGdprRequest = resourceAction(gdprRequests, {
  verb: "decline",
  summary: "Decline a pending or in-progress request (→ declined), saying why (`reason`, required): the reason is kept on the request and mailed to the customer.",
  permission: "gdpr.edit",
  input: GdprDeclineInput,
  run: (ctx, id, { reason }) => moveGdprRequest(ctx, id, { event: "decline", reason }),
});

export const exportAdminGdprRequest = operation({
  name: "exportAdminGdprRequest",
  surface: "admin",
  kind: "query",
  summary: "A completed export request's file: everything the store holds about its customer, as JSON (409 before; REST only).",
  access: { admin: "gdpr" },
  input: z.object({ id: recordId() }),
  output: z.unknown(),
  rest: { method: "GET", paths: ["/api/admin/gdpr-requests/{id}/export"], download: true, errors: [409] },
  graphql: false,
  run: async (ctx, { id }) => gdprExport(ctx.db, await ctx.db.gdprRequest.findUniqueOrThrow({ where: { id } })),
});

export const operations = [...gdprRequests.operations, processAdminGdprRequest, completeAdminGdprRequest, declineAdminGdprRequest, exportAdminGdprRequest];
