import { rest } from "@/lib/http/rest";
import { themeCustomization } from "@/lib/theme/operations";
export const GET = rest(themeCustomization);
export * from "@/lib/http/unrouted";
