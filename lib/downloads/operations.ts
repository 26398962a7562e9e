// The customer's downloadable products: the list (GraphQL too) and the download itself (REST only: a file).
import { z } from "zod";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { recordId } from "../operations/fields.ts";
import { fromListArgs, listArgs } from "../account/shapes.ts";
import { download, listPurchases, purchase, PURCHASE_STATUSES } from "./downloads.ts";

const shopCustomer = { surface: "shop", access: "customer" } as const;

const IRI = "/api/shop/customer-downloadable-products";

const DownloadablePurchase = z
  .object({
    id: z.int(),
    orderId: z.int(),
    orderIncrementId: z.string(),
    orderItemId: z.int(),
    linkId: z.int().nullable(),
    productName: z.string(),
    name: z.string(),
    type: z.string(),
    /** The served file's name (a link's: the last segment of its address). */
    fileName: z.string().nullable(),
    order: z
      .object({ id: z.int(), incrementId: z.string(), status: z.string(), grandTotal: z.number() })
      .meta({ id: "CustomerDownloadableProductOrder", iri: "/api/shop/customer-orders" }),
    status: z.string(),
    downloadBought: z.int(),
    downloadUsed: z.int(),
    downloadCanceled: z.int(),
    remainingDownloads: z.int().nullable(),
    downloadUrl: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "CustomerDownloadableProduct", iri: IRI });

export const customerDownloadableProducts = operation({
  ...shopCustomer,
  name: "customerDownloadableProducts",
  kind: "query",
  summary:
    "Downloadable links the signed-in customer bought, newest first; `status` pending|available|expired. `remainingDownloads` " +
    "is null when unlimited; `downloadUrl` serves the file.",
  input: z.object({ status: z.enum(PURCHASE_STATUSES, { message: `must be one of ${PURCHASE_STATUSES.join(", ")}` }).optional() }),
  output: DownloadablePurchase,
  list: SHOP_LIST,
  rest: { method: "GET", paths: [IRI] },
  graphql: { args: listArgs({ status: z.string().optional() }), input: (a) => fromListArgs(a, {}) },
  run: listPurchases,
});

export const customerDownloadableProduct = operation({
  ...shopCustomer,
  name: "customerDownloadableProduct",
  kind: "query",
  summary: "One downloadable purchase of the caller with its order; another customer's is 404.",
  input: z.object({ id: recordId() }),
  output: DownloadablePurchase,
  rest: { method: "GET", paths: [`${IRI}/{id}`] },
  run: (ctx, { id }) => purchase(ctx, id),
});

export const downloadCustomerDownloadableProduct = operation({
  ...shopCustomer,
  name: "downloadCustomerDownloadableProduct",
  kind: "query",
  summary:
    "Download a purchased link (REST only: the file as an attachment, a link to another host as text/uri-list). Only the buyer, " +
    "only while the purchase is available and has downloads left (otherwise 403); each download is counted.",
  input: z.object({ id: recordId() }),
  output: z.unknown(),
  rest: { method: "GET", paths: [`${IRI}/{id}/download`], download: true },
  graphql: false,
  run: (ctx, { id }) => download(ctx, id),
});
