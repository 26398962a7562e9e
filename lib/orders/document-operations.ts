// The invoices and shipments of the caller's orders on REST and GraphQL, and an invoice as a PDF (REST).
import { z } from "zod";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { intParam, recordId } from "../operations/fields.ts";
import { fromListArgs, listArgs } from "../account/shapes.ts";
import { CustomerInvoice, CustomerShipment } from "./document-shapes.ts";
import { getInvoice, getShipment, INVOICE_STATES, invoicePdfDownload, listInvoices, listShipments } from "./customer-documents.ts";

const shopCustomer = { surface: "shop", access: "customer" } as const;

const InvoiceFilters = z.object({
  orderId: intParam().optional(),
  state: z.enum(INVOICE_STATES, { message: `must be one of ${INVOICE_STATES.join(", ")}` }).optional(),
});
const ShipmentFilters = z.object({ orderId: intParam().optional() });

export const customerInvoices = operation({
  ...shopCustomer,
  name: "customerInvoices",
  kind: "query",
  summary: "Invoices of the signed-in customer's orders, newest first; `orderId` narrows to one order, `state` (pending|paid|refunded) to one state.",
  input: InvoiceFilters,
  output: CustomerInvoice,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/customer-invoices"] },
  graphql: { args: listArgs({ orderId: z.int().optional(), state: z.string().optional() }), input: (a) => fromListArgs(a, {}) },
  run: listInvoices,
});

export const customerInvoice = operation({
  ...shopCustomer,
  name: "customerInvoice",
  kind: "query",
  summary: "One invoice of the caller's orders with its lines; another customer's invoice is 404.",
  input: z.object({ id: recordId() }),
  output: CustomerInvoice,
  rest: { method: "GET", paths: ["/api/shop/customer-invoices/{id}"] },
  run: (ctx, { id }) => getInvoice(ctx, id),
});

export const downloadCustomerInvoicePdf = operation({
  ...shopCustomer,
  name: "downloadCustomerInvoicePdf",
  kind: "query",
  summary: "One invoice of the caller's orders as a PDF attachment (REST only); another customer's invoice is 404.",
  input: z.object({ id: recordId() }),
  output: z.unknown(),
  rest: { method: "GET", paths: ["/api/shop/customer-invoices/{id}/pdf"], download: true },
  graphql: false,
  run: (ctx, { id }) => invoicePdfDownload(ctx, id),
});

export const customerOrderShipments = operation({
  ...shopCustomer,
  name: "customerOrderShipments",
  kind: "query",
  summary: "Shipments of the signed-in customer's orders, newest first; `orderId` narrows to one order.",
  input: ShipmentFilters,
  output: CustomerShipment,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/customer-order-shipments"] },
  graphql: { args: listArgs({ orderId: z.int().optional() }), input: (a) => fromListArgs(a, {}) },
  run: listShipments,
});

export const customerOrderShipment = operation({
  ...shopCustomer,
  name: "customerOrderShipment",
  kind: "query",
  summary: "One shipment of the caller's orders with its lines; another customer's shipment is 404.",
  input: z.object({ id: recordId() }),
  output: CustomerShipment,
  rest: { method: "GET", paths: ["/api/shop/customer-order-shipments/{id}"] },
  run: (ctx, { id }) => getShipment(ctx, id),
});
