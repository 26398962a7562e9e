import { rest } from "@/lib/http/rest";
import { contactMessages } from "@/lib/admin/store-data/contact-messages";
export const GET = rest(contactMessages.list);
export * from "@/lib/http/unrouted";
