// The demo store's pictures (issue 16, item 5): the seed draws a PNG per product and colour and a logo and banner
// per category, the image URLs both transports answer lead to them, and /storage serves the catalog's images and
// nothing else.
import fs from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { GET } from "../../app/storage/[...path]/route.ts";
import { STORAGE_DIR } from "../../lib/storage/files.ts";
import { demoProducts } from "../../lib/seed/product-data.ts";
import { call, getDb, graphql, storefrontKey } from "../support/client.ts";

/** Fetches a URL the API answered (`<base>/storage/…`) from the storage route, as a browser would. */
async function fetchImage(url: string) {
  const pathname = new URL(url).pathname;
  expect(pathname.startsWith("/storage/")).toBe(true);
  const segments = pathname.slice("/storage/".length).split("/").map(decodeURIComponent);
  return GET(new Request(url), { params: Promise.resolve({ path: segments }) });
}

const storageGet = (segments: string[]) =>
  GET(new Request(`http://shop.test/storage/${segments.join("/")}`), { params: Promise.resolve({ path: segments }) });

/** The distinct colours of a picture, roughly (each channel in steps of 32). */
function palette(png: PNG): Set<string> {
  const seen = new Set<string>();
  for (let i = 0; i < png.data.length; i += 4 * 97) seen.add([0, 1, 2].map((c) => png.data[i + c] >> 5).join(","));
  return seen;
}

describe("demo store pictures", () => {
  it("gives every product an image row whose file exists, and a configurable product one per variant colour", async () => {
    const db = await getDb();
    // The demo catalog's products only: other test files add products with image rows of their own.
    const skus = demoProducts().map((p) => p.sku);
    const products = await db.product.findMany({ where: { sku: { in: skus } }, select: { id: true, type: true, images: true, parentId: true } });
    expect(products.length).toBe(skus.length);
    for (const p of products) {
      expect(p.images.length, `product ${p.id}`).toBeGreaterThan(0);
      for (const image of p.images) expect(fs.existsSync(path.join(STORAGE_DIR, image.path)), image.path).toBe(true);
    }
    const configurable = products.find((p) => p.type === "configurable" && p.images.length > 0)!;
    const variants = products.filter((p) => p.parentId === configurable.id);
    const colourPaths = new Set(variants.map((v) => fs.readFileSync(path.join(STORAGE_DIR, v.images[0].path)).toString("base64")));
    expect(configurable.images.length).toBe(colourPaths.size);
    expect(configurable.images.length).toBeGreaterThan(1);
    expect(configurable.images.map((i) => i.position)).toEqual(configurable.images.map((_, i) => i + 1));
  });

  it("serves the image URL of a product detail on REST and GraphQL as a real picture in the product's colour", async () => {
    const key = await storefrontKey();
    const db = await getDb();
    const red = await db.product.findFirstOrThrow({ where: { sku: { endsWith: "-RED" }, type: "simple" } });
    const rest = await call("GET", `/api/shop/products/${red.id}`, undefined, { key });
    expect(rest.status).toBe(200);
    expect(rest.body.images.length).toBe(1);
    expect(rest.body.baseImageUrl).toBe(rest.body.images[0].url);
    const gql = await graphql(`query($id: ID) { product(id: $id) { baseImageUrl images { edges { node { url } } } } }`, { id: String(red.id) }, { key });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.product.images.edges[0].node.url).toBe(rest.body.images[0].url);

    const res = await fetchImage(rest.body.images[0].url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toContain("public");
    const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    expect([png.width, png.height]).toEqual([480, 480]);
    expect(palette(png).size).toBeGreaterThan(3); // a drawing, not a flat placeholder
    // Somewhere in the middle the silhouette is red: red well above green and blue.
    const reddish = [0.45, 0.5, 0.55].some((f) => {
      const i = (Math.floor(png.height * f) * png.width + Math.floor(png.width / 2)) * 4;
      return png.data[i] > 150 && png.data[i + 1] < 90 && png.data[i + 2] < 90;
    });
    expect(reddish).toBe(true);
  });

  it("gives every active category a logo and a banner that the storage route serves", async () => {
    const db = await getDb();
    const categories = await db.category.findMany({ where: { parentId: { not: null } } });
    expect(categories.length).toBeGreaterThan(20);
    for (const c of categories.slice(0, 5)) {
      expect(c.logoPath).toBe(`category/${c.id}/logo.png`);
      expect(c.bannerPath).toBe(`category/${c.id}/banner.png`);
      const banner = await storageGet(c.bannerPath!.split("/"));
      expect(banner.status).toBe(200);
      const png = PNG.sync.read(Buffer.from(await banner.arrayBuffer()));
      expect(png.width).toBeGreaterThan(png.height);
    }
  });

  it("serves nothing but the catalog's images: private folders, other files and escapes answer 404", async () => {
    const db = await getDb();
    const image = await db.productImage.findFirstOrThrow();
    const [, id, name] = image.path.split("/");
    // Files that exist but are not public: cart uploads and return images live beside the catalog's.
    fs.mkdirSync(path.join(STORAGE_DIR, "cart", "1"), { recursive: true });
    fs.copyFileSync(path.join(STORAGE_DIR, image.path), path.join(STORAGE_DIR, "cart", "1", "secret.png"));
    for (const segments of [
      ["cart", "1", "secret.png"],
      ["returns", id, name],
      ["product", id, "..", "..", "cart", "1", "secret.png"],
      ["product", "..", "cart", "1", "secret.png"],
      ["product", id, name.replace(".png", ".txt")],
      ["product", id, "missing.png"],
      ["product", id],
      ["product", `${id}%2F..`, name],
    ]) {
      const res = await storageGet(segments);
      expect(res.status, segments.join("/")).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
    }
    expect((await storageGet(image.path.split("/"))).status).toBe(200);
  });
});
