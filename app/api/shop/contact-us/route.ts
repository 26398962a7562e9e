import { rest } from "@/lib/http/rest";
import { createContactUs } from "@/lib/contact/operations";
export const POST = rest(createContactUs);
export * from "@/lib/http/unrouted";
