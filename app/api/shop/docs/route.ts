import { openApiDocument } from "@/lib/openapi/document";
import { shopOperations } from "@/lib/operations/shop";
import { json } from "@/lib/http/respond";

export function GET(req: Request) {
  return json(openApiDocument("shop", shopOperations, process.env.PUBLIC_URL ?? new URL(req.url).origin));
}
