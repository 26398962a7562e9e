// Customers' GDPR requests in the back office: read them and move them through the one GDPR state machine
// (lib/gdpr/transitions.ts): process, complete, decline.
import { z } from "zod";
import { intParam } from "../../operations/fields.ts";
import { transition, type GdprEvent } from "../../gdpr/transitions.ts";
import { Conflict } from "../../errors.ts";
import { adminResource, resourceAction } from "../resource.ts";
import { mailGdprEvent } from "../../mail/events.ts";

export const AdminGdprRequest = z
  .object({
    id: z.int(), customerId: z.int(), email: z.string(), type: z.string(), status: z.string(), message: z.string(),
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
  filters: z.object({
    status: z.enum(["pending", "processing", "completed", "declined", "revoked"]).optional(),
    type: z.enum(["delete", "update"]).optional(),
    customerId: intParam().optional(),
  }),
  where: (_ctx, f) => ({ ...f }),
  sort: { fields: { id: (d) => ({ id: d }), created_at: (d) => ({ createdAt: d }), status: (d) => ({ status: d }) }, default: "-id" },
});

const move = (event: Exclude<GdprEvent, "revoke" | "delete">, summary: string) =>
  resourceAction(gdprRequests, {
    verb: event,
    summary,
    permission: "gdpr.edit",
    run: async (ctx, id) => {
      const request = await ctx.db.gdprRequest.findUniqueOrThrow({ where: { id } });
      const next = transition(request.status, event);
      await ctx.db.$transaction(async (tx) => {
        const moved = await tx.gdprRequest.updateMany({ where: { id, status: request.status }, data: { status: next } });
        if (moved.count !== 1) throw new Conflict("The request changed meanwhile; reload it and try again.");
        if (next === "completed") await mailGdprEvent(tx, "gdpr_completed", id, ctx.locale);
      });
    },
  });

export const processAdminGdprRequest = move("process", "Start working on a pending request (→ processing).");
export const completeAdminGdprRequest = move("complete", "Mark a request in progress as done (→ completed).");
export const declineAdminGdprRequest = move("decline", "Decline a pending or in-progress request (→ declined).");
export const operations = [...gdprRequests.operations, processAdminGdprRequest, completeAdminGdprRequest, declineAdminGdprRequest];
