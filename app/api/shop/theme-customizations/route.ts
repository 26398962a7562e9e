import { rest } from "@/lib/http/rest";
import { themeCustomizations } from "@/lib/theme/operations";
export const GET = rest(themeCustomizations);
export * from "@/lib/http/unrouted";
