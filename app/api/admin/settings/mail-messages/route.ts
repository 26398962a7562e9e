import { rest } from "@/lib/http/rest";
import { mailMessages } from "@/lib/mail/operations";
export const GET = rest(mailMessages.list);
export * from "@/lib/http/unrouted";
