// Downloadable products: the list by status on REST and GraphQL, and the download link, which works only for
// the buyer, only while the purchase is available, and only as often as the link allows (each download counted).
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { invoke, must, VIAS } from "../support/invoke.ts";
import { placeTestOrder, testProduct } from "../support/orders.ts";
import { storeFile } from "../../lib/storage/files.ts";
import { customerDownloadableProducts } from "../../lib/downloads/operations.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const CONTENT = "%PDF-1.4 account test file";

/** A customer who bought a downloadable product whose one link allows `downloads` downloads (0 unlimited). */
async function buyer(downloads: number, opts: { status?: "pending" | "available" | "expired"; file?: boolean; url?: boolean } = {}) {
  const me = await customer(key);
  const filePath = opts.file === false ? "downloadable/missing/nothing.pdf" : await storeFile("downloadable/account-tests", ".pdf", new TextEncoder().encode(CONTENT));
  const link = opts.url ? { downloads, type: "url" as const, url: "https://downloads.example.com/app.zip" } : { downloads, filePath };
  const product = await testProduct({ type: "downloadable", links: [link] });
  const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 1 }], downloadStatus: opts.status });
  const purchase = await (await getDb()).downloadablePurchase.findFirstOrThrow({ where: { orderId: order.id } });
  return { me, auth: { key, bearer: me.token }, order, purchase };
}

const download = (id: number, bearer?: string) => call("GET", `/api/shop/customer-downloadable-products/${id}/download`, undefined, { key, bearer });
const used = async (id: number) => (await getDb()).downloadablePurchase.findUniqueOrThrow({ where: { id } });

describe.each(VIAS)("downloadable products over %s", (via) => {
  it("lists the caller's purchases with their allowance", async () => {
    const { auth, order, purchase } = await buyer(5);
    const res = await invoke(via, customerDownloadableProducts, {}, auth);
    expect(res.total).toBe(1);
    expect(must(res)[0]).toMatchObject({
      id: purchase.id,
      orderId: order.id,
      orderIncrementId: order.incrementId,
      status: "available",
      downloadBought: 5,
      downloadUsed: 0,
      remainingDownloads: 5,
      downloadUrl: expect.stringMatching(new RegExp(`/api/shop/customer-downloadable-products/${purchase.id}/download$`)),
    });
  });

  it("narrows by status and refuses an unknown one", async () => {
    const { auth } = await buyer(0, { status: "pending" });
    expect(must(await invoke(via, customerDownloadableProducts, { status: "pending" }, auth))).toHaveLength(1);
    expect(must(await invoke(via, customerDownloadableProducts, { status: "available" }, auth))).toHaveLength(0);
    expect((await invoke(via, customerDownloadableProducts, { status: "lost" }, auth)).status).toBe(422);
  });

  it("shows no other customer's purchases", async () => {
    await buyer(1);
    const stranger = await customer(key);
    const res = await invoke(via, customerDownloadableProducts, {}, { key, bearer: stranger.token });
    expect(must(res)).toEqual([]);
  });
});

describe("download link", () => {
  it("serves the file to the buyer, counts each download and stops at the allowance", async () => {
    const { me, purchase } = await buyer(2);
    const first = await download(purchase.id, me.token);
    expect(first.status).toBe(200);
    expect(first.body).toBe(CONTENT);
    expect(first.headers.get("Content-Type")).toBe("application/pdf");
    expect(first.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(await used(purchase.id)).toMatchObject({ downloadUsed: 1, status: "available" });
    expect((await download(purchase.id, me.token)).status).toBe(200);
    expect(await used(purchase.id)).toMatchObject({ downloadUsed: 2, status: "expired" });
    expect((await download(purchase.id, me.token)).status).toBe(403);
    expect((await used(purchase.id)).downloadUsed).toBe(2);
  });

  it("never runs out when the link allows unlimited downloads", async () => {
    const { me, purchase } = await buyer(0);
    for (let i = 0; i < 3; i++) expect((await download(purchase.id, me.token)).status).toBe(200);
    expect(await used(purchase.id)).toMatchObject({ downloadUsed: 3, status: "available" });
  });

  it("hands out a link to another host as a URI list", async () => {
    const { me, purchase } = await buyer(1, { url: true });
    const res = await download(purchase.id, me.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/uri-list");
    expect(String(res.body).trim()).toBe("https://downloads.example.com/app.zip");
  });

  it("answers 404 to anyone but the buyer and counts nothing", async () => {
    const { purchase } = await buyer(3);
    const stranger = await customer(key);
    expect((await download(purchase.id, stranger.token)).status).toBe(404);
    expect((await download(987654321, stranger.token)).status).toBe(404);
    expect((await download(purchase.id)).status).toBe(401);
    expect((await used(purchase.id)).downloadUsed).toBe(0);
  });

  it("refuses a purchase that is not available yet (403) and a missing file (404), counting nothing", async () => {
    const pending = await buyer(3, { status: "pending" });
    expect((await download(pending.purchase.id, pending.me.token)).status).toBe(403);
    const missing = await buyer(3, { file: false });
    expect((await download(missing.purchase.id, missing.me.token)).status).toBe(404);
    expect((await used(pending.purchase.id)).downloadUsed).toBe(0);
    expect((await used(missing.purchase.id)).downloadUsed).toBe(0);
  });

  it("never overdraws the allowance under parallel downloads", async () => {
    const { me, purchase } = await buyer(2);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => download(purchase.id, me.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect((await used(purchase.id)).downloadUsed).toBe(2);
  });
});
