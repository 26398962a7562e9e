// A back-office connector written the way an outside integration would write it: openapi-fetch over the types
// generated from the Admin OpenAPI document (tests/generated/admin-api.ts), and nothing else. No `any`, casts or
// non-null assertions: tests/api/openapi-admin-client.test.ts compiles this file with the repo's strict options and
// refuses them, so each path id, query, body and answer field used here is checked against the document.
import type { Client } from "openapi-fetch";
import type { components, paths } from "../generated/admin-api.ts";

export type AdminClient = Client<paths>;
type Schemas = components["schemas"];

/** What each call answered, for the caller to check. */
export interface ConnectorRun {
  changed: Schemas["AdminOrder"][];
  total: number;
  product: Schemas["AdminProduct"];
  refunded: Schemas["AdminOrder"];
}

type Result<T> =
  | { data: T; error?: never; response: Response }
  | { data?: never; error: Schemas["Error"]; response: Response };

/** The answer's body, or an error naming the step, the status and the server's message. */
async function answer<T>(step: string, call: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (error) throw new Error(`${step}: ${response.status} ${error.message}`);
  return data;
}

/**
 * One run of a connector: the orders changed since its last run (oldest change first), a new price for a product,
 * and a refund of one unit of an invoiced order line. `client` carries the integration token.
 */
export async function syncOnce(
  client: AdminClient,
  job: { since: string; productId: number; price: number; orderId: number; orderItemId: number },
): Promise<ConnectorRun> {
  const page = await answer(
    "list orders",
    client.GET("/api/admin/sales/orders", { params: { query: { updated_since: job.since, sort: "updated_at", per_page: 50 } } }),
  );
  const product = await answer(
    "update product",
    client.PATCH("/api/admin/catalog/products/{id}", { params: { path: { id: job.productId } }, body: { price: job.price } }),
  );
  const refunded = await answer(
    "refund order",
    client.POST("/api/admin/sales/orders/{id}/refunds", {
      params: { path: { id: job.orderId } },
      body: { items: [{ orderItemId: job.orderItemId, qty: 1 }] },
    }),
  );
  return { changed: page.data, total: page.meta.total, product, refunded };
}
