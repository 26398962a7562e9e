import { openApiDocument } from "@/lib/openapi/document";
import { adminOperations } from "@/lib/operations/admin";
import { json } from "@/lib/http/respond";

export function GET(req: Request) {
  return json(openApiDocument("admin", adminOperations, process.env.PUBLIC_URL ?? new URL(req.url).origin));
}
