// What a customer bought as downloadable links, and the download itself: only for the buyer, only while the
// purchase is available and has downloads left (0 bought means unlimited). Every served download is counted.
import path from "node:path";
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Download, Page, Paging } from "../operations/define.ts";
import { Forbidden, NotFound } from "../errors.ts";
import { readStoredFile } from "../storage/files.ts";

export const PURCHASE_STATUSES = ["pending", "available", "expired"] as const;

type Purchase = {
  id: number; orderId: number; orderItemId: number; linkId: number | null; productName: string; name: string; type: string;
  downloadBought: number; downloadUsed: number; downloadCanceled: number; status: string; createdAt: Date; updatedAt: Date;
  filePath: string | null; url: string | null;
  order: { id: number; incrementId: string; status: string; grandTotal: { toString(): string } };
};

/** The order each purchase answer shows beside it. */
const withOrder = { order: { select: { id: true, incrementId: true, status: true, grandTotal: true } } } as const;

/** The name of the file a purchase serves: the stored file's, or the last segment of a link's address. */
function fileNameOf(p: Pick<Purchase, "type" | "filePath" | "url">): string | null {
  if (p.type !== "url") return p.filePath ? path.basename(p.filePath) : null;
  try {
    return path.posix.basename(new URL(p.url ?? "").pathname) || null;
  } catch {
    return null;
  }
}

/** Downloads left; null when unlimited. */
function remaining(p: Pick<Purchase, "downloadBought" | "downloadUsed" | "downloadCanceled">): number | null {
  return p.downloadBought === 0 ? null : Math.max(0, p.downloadBought - p.downloadUsed - p.downloadCanceled);
}

function toPurchase(ctx: RequestContext, p: Purchase) {
  return {
    id: p.id,
    orderId: p.orderId,
    orderIncrementId: p.order.incrementId,
    orderItemId: p.orderItemId,
    linkId: p.linkId,
    productName: p.productName,
    name: p.name,
    type: p.type,
    fileName: fileNameOf(p),
    order: { id: p.order.id, incrementId: p.order.incrementId, status: p.order.status, grandTotal: Number(p.order.grandTotal.toString()) },
    status: p.status,
    downloadBought: p.downloadBought,
    downloadUsed: p.downloadUsed,
    downloadCanceled: p.downloadCanceled,
    remainingDownloads: remaining(p),
    downloadUrl: `${ctx.baseUrl}/api/shop/customer-downloadable-products/${p.id}/download`,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export async function listPurchases(ctx: RequestContext, input: { status?: string }, paging: Paging): Promise<Page<ReturnType<typeof toPurchase>>> {
  const where = { customerId: customerId(ctx), ...(input.status ? { status: input.status } : {}) };
  const [total, rows] = await Promise.all([
    ctx.db.downloadablePurchase.count({ where }),
    ctx.db.downloadablePurchase.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: paging.offset,
      take: paging.limit,
      include: withOrder,
    }),
  ]);
  return { total, items: rows.map((p) => toPurchase(ctx, p)) };
}

const CONTENT_TYPES: Record<string, string> = { ".pdf": "application/pdf", ".epub": "application/epub+zip", ".zip": "application/zip", ".txt": "text/plain" };

/** One of the caller's purchases; someone else's is 404. */
export async function purchase(ctx: RequestContext, id: number) {
  const p = await ctx.db.downloadablePurchase.findFirst({ where: { id, customerId: customerId(ctx) }, include: withOrder });
  if (!p) throw new NotFound("Downloadable product");
  return toPurchase(ctx, p);
}

/** Serves one download of the caller's purchase and counts it; the last allowed download expires the purchase. */
export async function download(ctx: RequestContext, id: number): Promise<Download> {
  const purchase = await ctx.db.downloadablePurchase.findFirst({ where: { id, customerId: customerId(ctx) } });
  if (!purchase) throw new NotFound("Downloadable product");
  if (purchase.status === "pending") throw new Forbidden("This download becomes available once the order is paid.");
  if (purchase.status !== "available" || remaining(purchase) === 0) throw new Forbidden("No downloads are left for this purchase.");
  if (purchase.type === "url" && !purchase.url) throw new NotFound("Download link");
  // A link to another host is handed out as a URI list; a file is read before the download is counted.
  const file: Download = purchase.type === "url"
    ? { filename: `${purchase.name}.uri`, contentType: "text/uri-list", body: `${purchase.url ?? ""}\r\n` }
    : {
        filename: path.basename(purchase.filePath ?? "download"),
        contentType: CONTENT_TYPES[path.extname(purchase.filePath ?? "").toLowerCase()] ?? "application/octet-stream",
        body: await readStoredFile(purchase.filePath ?? ""),
      };
  const limit = purchase.downloadBought === 0 ? undefined : purchase.downloadBought - purchase.downloadCanceled;
  // Counted only while still under the limit, so parallel requests cannot overdraw it.
  const counted = await ctx.db.downloadablePurchase.updateMany({
    where: { id: purchase.id, status: "available", ...(limit === undefined ? {} : { downloadUsed: { lt: limit } }) },
    data: { downloadUsed: { increment: 1 } },
  });
  if (counted.count !== 1) throw new Forbidden("No downloads are left for this purchase.");
  if (limit !== undefined && purchase.downloadUsed + 1 >= limit) {
    await ctx.db.downloadablePurchase.updateMany({ where: { id: purchase.id, downloadUsed: { gte: limit } }, data: { status: "expired" } });
  }
  return file;
}
