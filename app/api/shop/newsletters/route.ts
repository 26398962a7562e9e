import { rest } from "@/lib/http/rest";
import { createNewsletter } from "@/lib/newsletter/operations";
export const POST = rest(createNewsletter);
