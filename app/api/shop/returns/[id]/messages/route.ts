import { rest } from "@/lib/http/rest";
import { customerReturnMessages, sendCustomerReturnMessage } from "@/lib/returns/operations";
export const GET = rest(customerReturnMessages);
export const POST = rest(sendCustomerReturnMessage);
export * from "@/lib/http/unrouted";
