import { rest } from "@/lib/http/rest";
import { mailMessages } from "@/lib/mail/operations";
export const GET = rest(mailMessages.get);
export * from "@/lib/http/unrouted";
