import { rest } from "@/lib/http/rest";
import { page } from "@/lib/cms/operations";
export const GET = rest(page);
