// A back-office connector written the way an outside integration would write it: openapi-fetch over the types
// generated from the Admin OpenAPI document (lib/openapi/types/admin-api.ts), and nothing else. No `any`, casts or
// non-null assertions: tests/api/openapi-admin-client.test.ts compiles this file with the repo's strict options and
// refuses them, so each path id, query, body and answer field used here is checked against the document.
import type { Client } from "openapi-fetch";
import type { components, paths } from "../../lib/openapi/types/admin-api.ts";

export type AdminClient = Client<paths>;
type Schemas = components["schemas"];

/** What each call answered, for the caller to check. */
export interface ConnectorRun {
  changed: Schemas["AdminOrder"][];
  total: number;
  product: Schemas["AdminProduct"];
  refunded: Schemas["AdminOrder"];
  /** The same refund sent again with its Idempotency-Key: the first answer, replayed. */
  retried: Schemas["AdminOrder"];
  replayed: string | null;
  /** The products found by the external id the batch gave them. */
  found: Schemas["AdminProduct"][];
  batch: Schemas["AdminProductBatch"];
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
 * One run of a connector: the orders changed since its last run (oldest change first), a new price for a product
 * only if nobody changed it since it was read (If-Match with its ETag), a refund of one unit of an invoiced order
 * line sent twice with one Idempotency-Key (as after a lost answer), a batch upsert of products keyed by the ERP's
 * ids, and an exact lookup by one of them. `client` carries the integration token.
 */
export async function syncOnce(
  client: AdminClient,
  job: { since: string; productId: number; price: number; orderId: number; orderItemId: number; refundKey: string; erpSku: string },
): Promise<ConnectorRun> {
  const page = await answer(
    "list orders",
    client.GET("/api/admin/sales/orders", { params: { query: { updated_since: job.since, sort: "updated_at", per_page: 50 } } }),
  );
  const read = await client.GET("/api/admin/catalog/products/{id}", { params: { path: { id: job.productId } } });
  const version = read.response.headers.get("ETag") ?? "*";
  const product = await answer(
    "update product",
    client.PATCH("/api/admin/catalog/products/{id}", { params: { path: { id: job.productId }, header: { "If-Match": version } }, body: { price: job.price } }),
  );
  const refund = () =>
    client.POST("/api/admin/sales/orders/{id}/refunds", {
      params: { path: { id: job.orderId }, header: { "Idempotency-Key": job.refundKey } },
      body: { items: [{ orderItemId: job.orderItemId, qty: 1 }] },
    });
  const refunded = await answer("refund order", refund());
  const again = await refund();
  const retried = await answer("retry the refund", Promise.resolve(again));
  const batch = await answer(
    "upsert products",
    client.POST("/api/admin/catalog/products/batch", {
      body: {
        products: [
          {
            sku: job.erpSku, externalId: `erp-${job.erpSku}`, type: "simple", price: 4.2,
            translations: [{ locale: "en", name: "ERP mug", urlKey: job.erpSku.toLowerCase() }],
          },
        ],
      },
    }),
  );
  const found = await answer(
    "find by external id",
    client.GET("/api/admin/catalog/products", { params: { query: { external_id: `erp-${job.erpSku}` } } }),
  );
  return {
    changed: page.data, total: page.meta.total, product, refunded, retried, replayed: again.response.headers.get("Idempotent-Replayed"),
    found: found.data, batch,
  };
}
