// Writes the demo catalog (product-data.ts) with bulk inserts: products first, then their rows in each table.
import type { AttributeRefs } from "./attributes.ts";
import { departmentOf } from "./categories.ts";
import { refreshCompositePrices } from "../catalog/composite.ts";
import { drawProductPictures } from "./images.ts";
import { demoProducts, type ProductSeed } from "./product-data.ts";
import type { StoreRefs } from "./store.ts";
import { hoursBefore, inBatches, LOCALES, mapBatches, money, type Tx } from "./support.ts";

export interface CatalogSummary {
  total: number;
  visible: number;
  simple: number;
  configurable: number;
  variants: number;
  virtual: number;
  downloadable: number;
  b2b: number;
  downloadableLinks: number;
}

export interface CatalogRefs {
  idBySku: Map<string, number>;
  summary: CatalogSummary;
}

const DAY_HOURS = 24;

function productRow(p: ProductSeed, now: Date, parentId: number | null) {
  const createdAt = hoursBefore(now, p.ageHours);
  return {
    sku: p.sku,
    type: p.type,
    parentId,
    status: true,
    visibleIndividually: p.visible,
    price: money(p.priceCents),
    specialPrice: p.specialPriceCents === undefined ? null : money(p.specialPriceCents),
    specialPriceFrom: p.specialWindow ? createdAt : null,
    specialPriceTo: p.specialWindow ? hoursBefore(now, -30 * DAY_HOURS) : null,
    cost: money(Math.round((p.priceCents * 6) / 10)),
    weight: p.weight ?? null,
    new: p.isNew,
    featured: p.featured,
    createdAt,
    updatedAt: createdAt,
  };
}

export async function seedProducts(
  tx: Tx,
  refs: { channelIds: StoreRefs["channelIds"]; categoryIds: Map<string, number>; attributes: AttributeRefs },
  now: Date,
): Promise<CatalogRefs> {
  const products = demoProducts();
  const idBySku = new Map<string, number>();
  const insert = async (rows: ProductSeed[]) => {
    const created = await mapBatches(rows, (chunk) =>
      tx.product.createManyAndReturn({
        data: chunk.map((p) => productRow(p, now, p.parentSku ? idBySku.get(p.parentSku)! : null)),
        select: { id: true, sku: true },
      }),
    );
    for (const row of created) idBySku.set(row.sku, row.id);
  };
  // Parents first: variants need their parent's id. Grouped and bundle products last, so no other id moves.
  const composite = (p: ProductSeed) => p.type === "grouped" || p.type === "bundle";
  await insert(products.filter((p) => !p.parentSku && !composite(p)));
  await insert(products.filter((p) => p.parentSku));
  await insert(products.filter(composite));
  const id = (p: ProductSeed) => idBySku.get(p.sku)!;

  await inBatches(
    products.flatMap((p) =>
      LOCALES.map((locale) => ({
        productId: id(p),
        locale,
        name: p.name[locale],
        urlKey: p.urlKey[locale],
        shortDescription: p.shortDescription[locale],
        description: p.description[locale],
        metaTitle: p.name[locale],
        metaDescription: p.shortDescription[locale],
        metaKeywords: [p.brand, p.material[locale]].join(", "),
      })),
    ),
    (data) => tx.productTranslation.createMany({ data }),
  );

  const { channelIds } = refs;
  const channelsOf = (p: ProductSeed) => (p.inB2b ? [channelIds.default, channelIds.b2b] : [channelIds.default]);
  await inBatches(
    products.flatMap((p) => channelsOf(p).map((channelId) => ({ productId: id(p), channelId }))),
    (data) => tx.productChannel.createMany({ data }),
  );

  // Each visible product sits in its sub-categories and their departments.
  const categoryRows = new Map<string, { productId: number; categoryId: number; position: number }>();
  products.forEach((p, position) => {
    for (const key of p.categories.flatMap((c) => [c, departmentOf(c)])) {
      if (!key) continue;
      const categoryId = refs.categoryIds.get(key)!;
      categoryRows.set(`${id(p)}:${categoryId}`, { productId: id(p), categoryId, position });
    }
  });
  await inBatches([...categoryRows.values()], (data) => tx.productCategory.createMany({ data }));

  const { attributeIds, optionId } = refs.attributes;
  await inBatches(
    products.flatMap((p) => [
      ...(p.color ? [{ productId: id(p), attributeId: attributeIds.color, optionId: optionId("color", p.color) }] : []),
      ...(p.size ? [{ productId: id(p), attributeId: attributeIds.size, optionId: optionId("size", p.size) }] : []),
      { productId: id(p), attributeId: attributeIds.brand, optionId: optionId("brand", p.brand) },
      ...LOCALES.map((locale) => ({
        productId: id(p),
        attributeId: attributeIds.material,
        textValue: p.material[locale],
        locale,
      })),
    ]),
    (data) => tx.productAttributeValue.createMany({ data }),
  );

  await tx.productSuperAttribute.createMany({
    data: products
      .filter((p) => p.superAttributes)
      .flatMap((p) => [attributeIds.color, attributeIds.size].map((attributeId) => ({ productId: id(p), attributeId }))),
  });

  // One picture per product and colour: a variant shows its colour, its parent each of its variants' colours.
  const variantColours = new Map<string, ProductSeed["color"][]>();
  for (const p of products) {
    if (!p.parentSku) continue;
    const colours = variantColours.get(p.parentSku) ?? [];
    if (!colours.includes(p.color)) colours.push(p.color);
    variantColours.set(p.parentSku, colours);
  }
  const pictures = await drawProductPictures(
    products.map((p) => ({ productId: id(p), category: p.categories[0], colours: variantColours.get(p.sku) ?? [p.color] })),
  );
  await inBatches(pictures, (data) => tx.productImage.createMany({ data }));

  await inBatches(
    products.flatMap((p) =>
      p.stock === null
        ? []
        : channelsOf(p).map((channelId) => ({
            productId: id(p),
            channelId,
            // The wholesale channel holds its own, smaller stock.
            qty: channelId === channelIds.b2b ? Math.min(p.stock!, 50) : p.stock!,
          })),
    ),
    (data) => tx.productInventory.createMany({ data }),
  );

  const links = products.flatMap((p) =>
    (p.links ?? []).map((l, i) => ({
      productId: id(p),
      title: l.title,
      type: l.type,
      filePath: l.filePath ?? null,
      url: l.url ?? null,
      price: money(l.priceCents),
      downloads: l.downloads,
      sortOrder: i + 1,
    })),
  );
  await tx.downloadableLink.createMany({ data: links });

  await tx.productGroupedLink.createMany({
    data: products.flatMap((p) => (p.grouped ?? []).map((g, position) => ({ productId: id(p), associatedProductId: idBySku.get(g.sku)!, qty: g.qty, position }))),
  });
  for (const p of products) {
    for (const [position, o] of (p.bundle ?? []).entries()) {
      await tx.productBundleOption.create({
        select: { id: true },
        data: {
          productId: id(p),
          type: o.type,
          isRequired: o.isRequired,
          position,
          translations: { create: LOCALES.map((locale) => ({ locale, label: o.label[locale] })) },
          products: {
            create: o.products.map((c, i) => ({
              productId: idBySku.get(c.sku)!, qty: c.qty, isDefault: c.isDefault ?? false, isUserDefined: c.isUserDefined ?? false, position: i,
            })),
          },
        },
      });
    }
  }

  // A grouped or bundle product's own price column holds the price its listing shows (lib/catalog/composite.ts).
  await refreshCompositePrices(tx, refs.channelIds.default, products.filter((p) => p.grouped || p.bundle).map(id));

  const count = (f: (p: ProductSeed) => boolean) => products.filter(f).length;
  return {
    idBySku,
    summary: {
      total: products.length,
      visible: count((p) => p.visible),
      simple: count((p) => p.type === "simple" && !p.parentSku),
      configurable: count((p) => p.type === "configurable"),
      variants: count((p) => !!p.parentSku),
      virtual: count((p) => p.type === "virtual"),
      downloadable: count((p) => p.type === "downloadable"),
      b2b: count((p) => p.inB2b),
      downloadableLinks: links.length,
    },
  };
}
