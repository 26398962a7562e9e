import { rest } from "@/lib/http/rest";
import { markHandledOperation } from "@/lib/admin/store-data/contact-messages";
export const POST = rest(markHandledOperation);
export * from "@/lib/http/unrouted";
