// The access check of an operation, shared by every transport.
import type { RequestContext } from "../context.ts";
import { customerId, requirePermission } from "../context.ts";
import { AppError, Unauthenticated } from "../errors.ts";
import type { AnyOperation } from "./define.ts";

/** A missing or bad bearer answers 401, or the status the operation declares (returns: 403) on every transport. */
export function authorize(ctx: RequestContext, op: AnyOperation, unauthenticatedStatus = op.rest?.unauthenticatedStatus ?? 401): void {
  const access = op.access;
  if (access === "public") return;
  if (access === "customer") {
    customerId(ctx, unauthenticatedStatus);
    return;
  }
  if (access === "cart") {
    // A guest may also name the cart with `cart_token` in the body; the cart domain resolves that one.
    if (ctx.principal.kind === "customer" || ctx.principal.kind === "guestCart") return;
    if (ctx.principal.kind === "invalid") throw new Unauthenticated("The bearer token is invalid.");
    return;
  }
  requirePermission(ctx, access.admin);
}

/**
 * The gate's refusal of a storefront key with the status the operation declares (SPEC.md: the return endpoints
 * answer 401 for any storefront-key problem, where the Errors table gives 403 `invalid_key`), on every transport.
 */
export function keyRefusal(e: unknown, op: AnyOperation): unknown {
  const status = op.rest?.invalidKeyStatus;
  if (!status || !(e instanceof AppError) || e.code !== "invalid_key" || e.status === status) return e;
  return new AppError(status, e.code, e.message);
}
