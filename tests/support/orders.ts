// Orders for account tests, written straight to the database the way checkout leaves them: order, lines,
// billing and shipping address, payment, stock taken from the channel's inventory, downloadable purchases for
// downloadable lines, totals that add up. Products are made per test so no two tests share stock.
import { getDb } from "../../lib/db/client.ts";
import { Decimal } from "../../lib/money.ts";

const CHANNEL = { id: 1, code: "default" };
let serial = 0;

const uniqueSku = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++serial}`;

export interface TestProductOptions {
  type?: "simple" | "virtual" | "downloadable";
  qty?: number;
  price?: string;
  /** Downloadable links: allowed downloads per purchase (0 unlimited). */
  links?: { title?: string; downloads: number; type?: "file" | "url"; filePath?: string; url?: string }[];
}

/** A product of its own, sold in the default channel, with `qty` units in stock. */
export async function testProduct(opts: TestProductOptions = {}) {
  const db = await getDb();
  const sku = uniqueSku("ACC");
  const type = opts.type ?? "simple";
  return db.product.create({
    data: {
      sku,
      type,
      price: opts.price ?? "20",
      translations: {
        create: [
          { locale: "en", name: `Account test ${sku}`, urlKey: sku.toLowerCase() },
          { locale: "fr", name: `Test compte ${sku}`, urlKey: `${sku.toLowerCase()}-fr` },
        ],
      },
      channels: { create: [{ channelId: CHANNEL.id }] },
      inventories: { create: [{ channelId: CHANNEL.id, qty: opts.qty ?? 10 }] },
      downloadableLinks: {
        create: (opts.links ?? []).map((l, i) => ({
          title: l.title ?? `Link ${i + 1}`,
          type: l.type ?? "file",
          filePath: l.type === "url" ? null : (l.filePath ?? `downloadable/${sku}/file-${i + 1}.pdf`),
          url: l.type === "url" ? (l.url ?? "https://downloads.example.com/file.zip") : null,
          downloads: l.downloads,
          sortOrder: i,
        })),
      },
    },
    include: { downloadableLinks: true },
  });
}

export async function stockOf(productId: number): Promise<number> {
  const db = await getDb();
  return (await db.productInventory.findUnique({ where: { productId_channelId: { productId, channelId: CHANNEL.id } } }))?.qty ?? 0;
}

export interface TestOrderOptions {
  /** The buyer; without one, a guest order under `guestEmail`. */
  customer?: { id: number; email: string };
  guestEmail?: string;
  lines: { productId: number; qty: number }[];
  status?: string;
  /** Status of the downloadable purchases (default available). */
  downloadStatus?: "pending" | "available" | "expired";
  createdAt?: Date;
}

/** Numeric, like the ids checkout hands out, and far above them so the two never meet. */
const incrementId = () => `9${String(process.pid).padStart(6, "0").slice(-6)}${Date.now().toString().slice(-7)}${String(++serial).padStart(4, "0")}`;

export async function placeTestOrder(opts: TestOrderOptions) {
  const db = await getDb();
  const products = await db.product.findMany({
    where: { id: { in: opts.lines.map((l) => l.productId) } },
    include: { translations: { where: { locale: "en" } }, downloadableLinks: { orderBy: { sortOrder: "asc" } } },
  });
  const byId = new Map(products.map((p) => [p.id, p]));
  const lines = opts.lines.map((l) => {
    const p = byId.get(l.productId);
    if (!p) throw new Error(`no product ${l.productId}`);
    const unit = p.downloadableLinks.reduce((sum, link) => sum.add(String(link.price)), new Decimal(String(p.price)));
    return { ...l, product: p, unit, total: unit.mul(l.qty) };
  });
  const subTotal = lines.reduce((s, l) => s.add(l.total), new Decimal(0));
  const shippable = lines.some((l) => l.product.type === "simple");
  const shipping = new Decimal(shippable ? 5 : 0);
  const grand = subTotal.add(shipping);
  const email = opts.customer?.email ?? opts.guestEmail ?? "guest@example.com";
  const address = (addressType: string) => ({
    addressType, firstName: "Ada", lastName: "Lovelace", email, phone: "555-0100",
    address: "12 Analytical Street", city: "San Francisco", state: "CA", country: "US", postcode: "94107",
  });
  return db.$transaction(async (tx) => {
    const order = await tx.order.create({
      data: {
        incrementId: incrementId(),
        status: opts.status ?? "pending",
        channelId: CHANNEL.id,
        channelName: "Default",
        customerId: opts.customer?.id ?? null,
        customerEmail: email,
        customerFirstName: "Ada",
        customerLastName: "Lovelace",
        isGuest: !opts.customer,
        shippingMethod: shippable ? "flatrate_flatrate" : null,
        shippingTitle: shippable ? "Flat Rate" : null,
        baseCurrencyCode: "USD",
        channelCurrencyCode: "USD",
        orderCurrencyCode: "USD",
        totalItemCount: lines.length,
        totalQtyOrdered: lines.reduce((s, l) => s + l.qty, 0),
        subTotal: subTotal.toString(),
        baseSubTotal: subTotal.toString(),
        shippingAmount: shipping.toString(),
        baseShippingAmount: shipping.toString(),
        grandTotal: grand.toString(),
        baseGrandTotal: grand.toString(),
        ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
        addresses: { create: [address("billing"), address("shipping")] },
        payment: { create: { method: "cashondelivery", methodTitle: "Cash On Delivery" } },
      },
    });
    const items = [];
    for (const l of lines) {
      const links = l.product.downloadableLinks;
      const item = await tx.orderItem.create({
        data: {
          orderId: order.id,
          productId: l.product.id,
          sku: l.product.sku,
          type: l.product.type,
          name: l.product.translations[0]?.name ?? l.product.sku,
          qtyOrdered: l.qty,
          price: l.unit.toString(),
          basePrice: l.unit.toString(),
          total: l.total.toString(),
          baseTotal: l.total.toString(),
          additional: l.product.type === "downloadable" ? { links: links.map((k) => k.id) } : {},
        },
      });
      items.push(item);
      if (l.product.type === "simple") {
        await tx.productInventory.updateMany({ where: { productId: l.product.id, channelId: CHANNEL.id }, data: { qty: { decrement: l.qty } } });
      }
      for (const link of links) {
        await tx.downloadablePurchase.create({
          data: {
            customerId: opts.customer?.id ?? null,
            orderId: order.id,
            orderItemId: item.id,
            linkId: link.id,
            productName: item.name,
            name: link.title,
            type: link.type,
            filePath: link.filePath,
            url: link.url,
            downloadBought: link.downloads * l.qty,
            status: opts.downloadStatus ?? "available",
          },
        });
      }
    }
    return { ...order, items };
  });
}
