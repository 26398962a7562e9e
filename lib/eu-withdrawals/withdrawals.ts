// EU right of withdrawal: a customer declares it for one of their orders, a guest for an order named by its
// number and email. One withdrawal per order: asking again returns the same record (same uuid).
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { Forbidden, NotFound } from "../errors.ts";
import { spendAttempt } from "../rate-limit/attempts.ts";
import { newUuid } from "../auth/secrets.ts";
import { mailWithdrawalReceived } from "../mail/events.ts";

type Withdrawal = {
  id: number; uuid: string; orderId: number; orderIncrementId: string; isGuest: boolean; customerEmail: string; status: string;
  reasonText: string | null; receivedAt: Date; createdAt: Date; updatedAt: Date;
};

function toWithdrawal(w: Withdrawal) {
  return {
    id: w.id,
    uuid: w.uuid,
    orderId: w.orderId,
    orderIncrementId: w.orderIncrementId,
    isGuest: w.isGuest,
    customerEmail: w.customerEmail,
    status: w.status,
    reasonText: w.reasonText,
    receivedAt: w.receivedAt.toISOString(),
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

export async function listWithdrawals(ctx: RequestContext, _input: unknown, paging: Paging): Promise<Page<ReturnType<typeof toWithdrawal>>> {
  const where = { customerId: customerId(ctx) };
  const [total, rows] = await Promise.all([
    ctx.db.euWithdrawal.count({ where }),
    ctx.db.euWithdrawal.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: paging.offset, take: paging.limit }),
  ]);
  return { total, items: rows.map(toWithdrawal) };
}

export async function getWithdrawal(ctx: RequestContext, id: number) {
  const row = await ctx.db.euWithdrawal.findFirst({ where: { id, customerId: customerId(ctx) } });
  if (!row) throw new NotFound("EU withdrawal");
  return toWithdrawal(row);
}

type OrderRef = { id: number; incrementId: string; customerId: number | null; customerEmail: string };

/** The order's withdrawal, created on the first request; a request racing it gets the one that won. */
async function declare(ctx: RequestContext, order: OrderRef, isGuest: boolean, reasonText: string | undefined) {
  const existing = await ctx.db.euWithdrawal.findUnique({ where: { orderId: order.id } });
  if (existing) return toWithdrawal(existing);
  try {
    const row = await ctx.db.$transaction(async (tx) => {
      const created = await tx.euWithdrawal.create({
        data: {
          uuid: newUuid(),
          orderId: order.id,
          customerId: order.customerId,
          isGuest,
          customerEmail: order.customerEmail,
          orderIncrementId: order.incrementId,
          reasonText: reasonText ?? null,
        },
      });
      await mailWithdrawalReceived(tx, created.id);
      return created;
    });
    return toWithdrawal(row);
  } catch (e) {
    const winner = await ctx.db.euWithdrawal.findUnique({ where: { orderId: order.id } });
    if (winner) return toWithdrawal(winner);
    throw e;
  }
}

const ORDER_REF = { id: true, incrementId: true, customerId: true, customerEmail: true } as const;

export async function withdrawOrder(ctx: RequestContext, input: { orderId: number; reasonText?: string }) {
  const order = await ctx.db.order.findFirst({ where: { id: input.orderId, customerId: customerId(ctx) }, select: ORDER_REF });
  if (!order) throw new NotFound("Order");
  return declare(ctx, order, false, input.reasonText);
}

/**
 * A wrong number or email is the same 404, so the form does not reveal which orders exist; each try spends an attempt
 * (per order number, per email and per address), since order numbers run in sequence and emails are easy to come by.
 * An order placed with a customer account is withdrawn from in that account: the form says so only to a caller who
 * named both its number and its email.
 */
export async function withdrawGuestOrder(ctx: RequestContext, input: { orderIncrementId: string; email: string; reasonText?: string }) {
  await spendAttempt("euWithdrawal", [`order:${input.orderIncrementId}`, `email:${input.email}`], ctx.ip);
  const order = await ctx.db.order.findUnique({ where: { incrementId: input.orderIncrementId }, select: ORDER_REF });
  if (!order || order.customerEmail.toLowerCase() !== input.email) throw new NotFound("Order");
  if (order.customerId !== null) {
    throw new Forbidden("This order was placed with a customer account: sign in and withdraw from it under your orders.", "order_has_account");
  }
  return declare(ctx, order, true, input.reasonText);
}
