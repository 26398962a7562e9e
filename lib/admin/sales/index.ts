// Sales operations of the Admin API: orders and what the back office does to them, and the documents that leaves.
import type { AnyOperation } from "../../operations/define.ts";
import { orders } from "./orders.ts";
import * as actions from "./order-actions.ts";
import { invoices, refunds, shipments } from "./documents.ts";
import { operations as returnOperations } from "./returns.ts";

export const salesOperations: AnyOperation[] = [
  ...orders.operations,
  actions.cancelAdminOrder,
  actions.invoiceAdminOrder,
  actions.payAdminOrder,
  actions.shipAdminOrder,
  actions.deliverAdminOrder,
  actions.refundAdminOrder,
  actions.holdAdminOrder,
  actions.releaseAdminOrder,
  actions.markFraudAdminOrder,
  actions.failAdminOrder,
  actions.commentAdminOrder,
  ...invoices.operations,
  ...shipments.operations,
  ...refunds.operations,
  ...returnOperations,
];
