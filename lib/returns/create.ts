// Raising a return for one line of one of the caller's orders: the line must be in its window and have the
// units (SPEC.md: a product id in place of the line id, or too many units, is "not eligible for return").
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import { Validation } from "../errors.ts";
import type { Resolution } from "./quantities.ts";
import { lockLine, storeReturnPeriod, unitsFor } from "./quantities.ts";
import { lineStanding, ownOrderLines } from "./returnable.ts";
import { customValues } from "./custom-fields.ts";
import { checkImages, discardImages, storeImages } from "./images.ts";
import { returnDetail } from "./view.ts";
import { mailReturnEvent } from "../mail/events.ts";
import { recordReturnEvent } from "./events.ts";
import { changedFields } from "../events/payloads.ts";

export interface CreateReturnInput {
  orderId?: number;
  orderItemId: number;
  rmaQty?: number;
  quantity?: number;
  resolutionType: Resolution;
  rmaReasonId: number;
  information?: string;
  packageCondition?: string;
  agreement: boolean;
  customAttributes?: unknown;
  images?: unknown;
}

const NOT_ELIGIBLE = "The selected item is not eligible for return";

const notEligible = (why: string) => Validation.field("orderItemId", `${NOT_ELIGIBLE}${why}.`);

async function checkReason(ctx: RequestContext, id: number, resolution: Resolution) {
  const reason = await ctx.db.returnReason.findFirst({ where: { id, status: true }, select: { resolutionType: true } });
  if (!reason) throw Validation.field("rmaReasonId", "rmaReasonId is not a return reason of this store.");
  if (reason.resolutionType !== "both" && reason.resolutionType !== resolution) {
    throw Validation.field("rmaReasonId", `This reason applies to ${reason.resolutionType}, not to ${resolution}.`);
  }
}

/** The order the line belongs to: the one named, which must be the caller's (404), or the line's own. */
async function orderOfLine(ctx: RequestContext, owner: number, input: CreateReturnInput): Promise<number> {
  if (input.orderId !== undefined) {
    await ownOrderLines(ctx.db, owner, input.orderId);
    return input.orderId;
  }
  const line = await ctx.db.orderItem.findFirst({ where: { id: input.orderItemId, order: { customerId: owner } }, select: { orderId: true } });
  if (!line) throw notEligible("");
  return line.orderId;
}

export async function createReturn(ctx: RequestContext, input: CreateReturnInput) {
  const owner = customerId(ctx);
  const quantity = input.rmaQty ?? input.quantity;
  if (quantity === undefined) throw Validation.field("rmaQty", "rmaQty (or quantity) is required.");
  const resolution = input.resolutionType;
  const images = await checkImages(input.images);
  const orderId = await orderOfLine(ctx, owner, input);
  await checkReason(ctx, input.rmaReasonId, resolution);
  const values = await customValues(ctx.db, input.customAttributes);
  const storeDays = await storeReturnPeriod(ctx);

  const paths = await storeImages(orderId, images);
  let id: number;
  try {
    id = await ctx.db.$transaction(async (tx) => {
      const exists = await tx.orderItem.findFirst({ where: { id: input.orderItemId, orderId, parentId: null }, select: { id: true } });
      if (!exists) throw notEligible("");
      await lockLine(tx, input.orderItemId);
      const order = await ownOrderLines(tx, owner, orderId);
      const line = order.items.find((l) => l.id === input.orderItemId)!;
      const standing = lineStanding(order, line, storeDays);
      if (standing.expired) throw notEligible(`: its return window of ${standing.rmaReturnPeriod} days has passed`);
      const free = unitsFor(standing, resolution);
      const verb = resolution === "return" ? "returned" : "canceled";
      if (free === 0) throw notEligible(`: no units of it can be ${verb}`);
      if (quantity > free) throw notEligible(`: at most ${free} unit(s) can be ${verb}`);
      const created = await tx.returnRequest.create({
        data: {
          customerId: owner,
          orderId,
          orderItemId: line.id,
          quantity,
          resolution,
          reasonId: input.rmaReasonId,
          packageCondition: input.packageCondition ?? null,
          information: input.information ?? null,
          images: { create: paths.map((path) => ({ path })) },
          customValues: { create: values },
        },
        select: { id: true },
      });
      await mailReturnEvent(tx, ctx.baseUrl, "return_raised", created.id);
      // What the return was raised with, by the record's names (rmaQty and quantity are both `quantity`).
      const changed = changedFields({
        orderItemId: line.id, quantity, resolution, reasonId: input.rmaReasonId, packageCondition: input.packageCondition, information: input.information,
        images: paths.length ? paths : undefined, customValues: values.length ? values : undefined,
      });
      await recordReturnEvent(tx, "return.created", created.id, changed);
      return created.id;
    });
  } catch (e) {
    await discardImages(paths);
    throw e;
  }
  return returnDetail(ctx, id);
}
