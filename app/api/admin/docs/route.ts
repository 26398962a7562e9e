import { openApiDocument } from "@/lib/openapi/document";
import { adminOperations } from "@/lib/operations/admin";
import { json } from "@/lib/http/respond";
import { withCors } from "@/lib/http/cors";

// Read by clients and tools on other origins as the API itself is, under the same policy.

export const GET = withCors("admin", (req: Request) =>
  Promise.resolve(json(openApiDocument("admin", adminOperations, process.env.PUBLIC_URL ?? new URL(req.url).origin))),
);
