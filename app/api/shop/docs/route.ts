import { openApiDocument } from "@/lib/openapi/document";
import { shopOperations } from "@/lib/operations/shop";
import { json } from "@/lib/http/respond";
import { withCors } from "@/lib/http/cors";

// Read by clients and tools on other origins as the API itself is, under the same policy.

export const GET = withCors("shop", (req: Request) =>
  Promise.resolve(json(openApiDocument("shop", shopOperations, process.env.PUBLIC_URL ?? new URL(req.url).origin))),
);
