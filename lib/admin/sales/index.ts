// Sales operations of the Admin API: orders and what the back office does to them, and the documents that leaves.
import type { AnyOperation } from "../../operations/define.ts";
import { orders } from "./orders.ts";
import { cancelAdminOrder, commentAdminOrder, invoiceAdminOrder, refundAdminOrder, shipAdminOrder } from "./order-actions.ts";
import { invoices, refunds, shipments } from "./documents.ts";
import { operations as returnOperations } from "./returns.ts";

export const salesOperations: AnyOperation[] = [
  ...orders.operations,
  cancelAdminOrder,
  invoiceAdminOrder,
  shipAdminOrder,
  refundAdminOrder,
  commentAdminOrder,
  ...invoices.operations,
  ...shipments.operations,
  ...refunds.operations,
  ...returnOperations,
];
