// The wire shapes of returns (SPEC.md "Return (RMA) detail", "Returnable item"; WIRE.md "Returns (RMA)").
import { z } from "zod";

export const RETURNS_IRI = "/api/shop/returns";

export const ReturnableItem = z
  .object({
    orderItemId: z.int(),
    productId: z.int().nullable(),
    sku: z.string(),
    name: z.string(),
    type: z.string(),
    urlKey: z.string().nullable(),
    price: z.number(),
    baseImageUrl: z.string().nullable(),
    qtyOrdered: z.int(),
    currentQuantity: z.int(),
    forReturnQuantity: z.int(),
    forCancelQuantity: z.int(),
    rmaQuantity: z.int(),
    rmaReturnPeriod: z.int(),
  })
  .meta({ id: "ReturnableItem" });

export const ReturnReason = z
  .object({ id: z.int(), title: z.string(), position: z.int(), resolutionType: z.string() })
  .meta({ id: "ReturnReason", iri: "/api/shop/return-reasons" });

/** The fields of the answer to close, exactly as SPEC.md lists them; the detail adds the rest. */
const statusFields = {
  id: z.int(),
  orderId: z.int(),
  orderIncrementId: z.string(),
  statusId: z.int(),
  statusTitle: z.string(),
  statusColor: z.string(),
  canClose: z.boolean(),
  canReopen: z.boolean(),
  isExpired: z.boolean(),
  messagesCount: z.int(),
  updatedAt: z.string(),
};

export const ClosedReturn = z.object(statusFields).meta({ id: "ClosedCustomerReturn", iri: RETURNS_IRI });

export const ReturnItem = z
  .object({
    id: z.int(),
    order_item_id: z.int(),
    sku: z.string(),
    name: z.string(),
    quantity: z.int(),
    resolution: z.string(),
    reason_id: z.int(),
    reason: z.string(),
    variant_id: z.int().nullable(),
  })
  .meta({ id: "CustomerReturnItem" });

export const CustomerReturn = z
  .object({
    ...statusFields,
    packageCondition: z.string().nullable(),
    information: z.string().nullable(),
    item: ReturnItem,
    images: z
      .array(z.object({ id: z.int(), path: z.string(), url: z.string() }).meta({ id: "CustomerReturnImage" }))
      .meta({ connection: true }),
    customAttributes: z
      .array(
        z
          .object({ field_id: z.int(), code: z.string(), label: z.string(), type: z.string(), value: z.string().nullable() })
          .meta({ id: "CustomerReturnAttribute" }),
      )
      .meta({ connection: true }),
    createdAt: z.string(),
  })
  .meta({ id: "CustomerReturn", iri: RETURNS_IRI });

export const ReturnMessage = z
  .object({
    id: z.int(),
    rmaId: z.int(),
    message: z.string(),
    isAdmin: z.boolean(),
    attachmentUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "CustomerReturnMessage", iri: "/api/shop/return-messages" });
