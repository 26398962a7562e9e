import { rest } from "@/lib/http/rest";
import { createNewsletter } from "@/lib/newsletter/operations";
export const POST = rest(createNewsletter);
export * from "@/lib/http/unrouted";
