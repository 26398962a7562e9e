import { rest } from "@/lib/http/rest";
import { downloadGdprExport } from "@/lib/gdpr/operations";
export const GET = rest(downloadGdprExport);
export * from "@/lib/http/unrouted";
