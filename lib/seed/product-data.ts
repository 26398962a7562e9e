// The demo catalog as plain data, derived from indices only so every seed produces the same store.
import { BRANDS, COLORS, SIZES, type BrandName, type ColorName, type SizeName } from "./attributes.ts";
import { slugify, type Translated } from "./support.ts";

export interface LinkSeed {
  title: string;
  type: "file" | "url";
  filePath?: string;
  url?: string;
  priceCents: number;
  downloads: number;
}

export interface ProductSeed {
  sku: string;
  type: "simple" | "configurable" | "virtual" | "downloadable" | "grouped" | "bundle";
  parentSku?: string;
  visible: boolean;
  name: Translated;
  urlKey: Translated;
  shortDescription: Translated;
  description: Translated;
  priceCents: number;
  specialPriceCents?: number;
  /** Special price valid from `ageHours` ago to 30 days ahead, instead of open-ended. */
  specialWindow?: boolean;
  weight?: string;
  isNew: boolean;
  featured: boolean;
  /** createdAt = seed time minus this many hours. */
  ageHours: number;
  categories: string[];
  color?: ColorName;
  size?: SizeName;
  brand: BrandName;
  material: Translated;
  superAttributes?: boolean;
  inB2b: boolean;
  /** Units in stock per channel; null: no inventory row (a configurable's stock is its variants'). */
  stock: number | null;
  links?: LinkSeed[];
  /** A grouped product's associated products with their default quantities. */
  grouped?: { sku: string; qty: number }[];
  /** A bundle's options. */
  bundle?: BundleOptionSeed[];
}

export interface BundleOptionSeed {
  label: Translated;
  type: "select" | "radio" | "checkbox" | "multiselect";
  isRequired: boolean;
  products: { sku: string; qty: number; isDefault?: boolean; isUserDefined?: boolean }[];
}

// French adjectives agree with the noun: masculine, feminine, masculine plural, feminine plural.
type Gender = 0 | 1 | 2 | 3;
const COLOR_FR: Record<ColorName, [string, string, string, string]> = {
  Red: ["rouge", "rouge", "rouges", "rouges"],
  Green: ["vert", "verte", "verts", "vertes"],
  Blue: ["bleu", "bleue", "bleus", "bleues"],
  Black: ["noir", "noire", "noirs", "noires"],
  White: ["blanc", "blanche", "blancs", "blanches"],
};

interface ItemSeed {
  sku: string;
  en: string;
  fr: string;
  gender: Gender;
  category: string;
  price: number;
  brand: BrandName;
  material: Translated;
  weight: string;
  apparel: boolean;
}

const M = (en: string, fr: string): Translated => ({ en, fr });
const COTTON = M("Cotton", "Coton");
const LEATHER = M("Leather", "Cuir");
const DENIM = M("Denim", "Denim");
const WOOL = M("Wool", "Laine");
const PLASTIC = M("Plastic", "Plastique");
const ALUMINIUM = M("Aluminium", "Aluminium");

const item = (
  sku: string, en: string, fr: string, gender: Gender, category: string, price: number, brand: BrandName,
  material: Translated, weight: string, apparel = true,
): ItemSeed => ({ sku, en, fr, gender, category, price, brand, material, weight, apparel });

/** Each item is sold in two colours: 60 simple products. */
const ITEMS: ItemSeed[] = [
  item("TS-COTTON", "Cotton T-Shirt", "T-shirt coton", 0, "men-tshirts", 19, "Acme", COTTON, "0.2"),
  item("TS-GRAPHIC", "Graphic T-Shirt", "T-shirt graphique", 0, "men-tshirts", 24, "Globex", COTTON, "0.2"),
  item("SH-OXFORD", "Oxford Shirt", "Chemise Oxford", 1, "men-shirts", 45, "Initech", COTTON, "0.3"),
  item("SH-LINEN", "Linen Shirt", "Chemise en lin", 1, "men-shirts", 55, "Umbrella", M("Linen", "Lin"), "0.3"),
  item("JN-SLIM", "Slim Jeans", "Jean slim", 0, "men-jeans", 60, "Stark", DENIM, "0.6"),
  item("JN-RELAXED", "Relaxed Jeans", "Jean décontracté", 0, "men-jeans", 65, "Acme", DENIM, "0.6"),
  item("SHM-BOOTS", "Leather Boots", "Bottes en cuir", 3, "men-shoes", 140, "Globex", LEATHER, "1.2"),
  item("SHM-CANVAS", "Canvas Sneakers", "Baskets en toile", 3, "men-shoes", 50, "Initech", M("Canvas", "Toile"), "0.8"),
  item("DR-WRAP", "Wrap Dress", "Robe portefeuille", 1, "women-dresses", 75, "Umbrella", M("Viscose", "Viscose"), "0.4"),
  item("DR-MAXI", "Maxi Dress", "Robe longue", 1, "women-dresses", 90, "Stark", COTTON, "0.5"),
  item("TP-SILK", "Silk Blouse", "Blouse en soie", 1, "women-tops", 70, "Acme", M("Silk", "Soie"), "0.2"),
  item("TP-KNIT", "Knit Sweater", "Pull en maille", 0, "women-tops", 58, "Globex", WOOL, "0.5"),
  item("SK-PLEATED", "Pleated Skirt", "Jupe plissée", 1, "women-skirts", 48, "Initech", M("Polyester", "Polyester"), "0.3"),
  item("SK-DENIM", "Denim Skirt", "Jupe en jean", 1, "women-skirts", 42, "Umbrella", DENIM, "0.4"),
  item("SHW-FLATS", "Ballet Flats", "Ballerines", 3, "women-shoes", 55, "Stark", LEATHER, "0.5"),
  item("SHW-SANDALS", "Heeled Sandals", "Sandales à talons", 3, "women-shoes", 85, "Acme", LEATHER, "0.6"),
  item("KB-POLO", "Kids Polo", "Polo enfant", 0, "kids-boys", 18, "Globex", COTTON, "0.15"),
  item("KG-CARDIGAN", "Girls Cardigan", "Gilet fille", 0, "kids-girls", 26, "Initech", WOOL, "0.25"),
  item("KBB-BODYSUIT", "Baby Bodysuit", "Body bébé", 0, "kids-baby", 12, "Umbrella", M("Organic cotton", "Coton bio"), "0.1"),
  item("KBB-SOCKS", "Baby Socks", "Chaussettes bébé", 3, "kids-baby", 5, "Stark", COTTON, "0.05"),
  item("BG-BACKPACK", "Leather Backpack", "Sac à dos en cuir", 0, "acc-bags", 120, "Acme", LEATHER, "1.0", false),
  item("WT-CHRONO", "Chronograph Watch", "Montre chronographe", 1, "acc-watches", 250, "Globex", M("Stainless steel", "Acier inoxydable"), "0.2", false),
  item("JW-PENDANT", "Pendant Necklace", "Collier pendentif", 0, "acc-jewelry", 95, "Initech", M("Silver", "Argent"), "0.05", false),
  item("HT-BEANIE", "Wool Beanie", "Bonnet en laine", 0, "acc-hats", 15, "Umbrella", WOOL, "0.1", false),
  item("PH-SMART", "Smartphone X", "Smartphone X", 0, "el-phones", 489, "Stark", ALUMINIUM, "0.2", false),
  item("PH-CASE", "Phone Case", "Coque de téléphone", 1, "el-phones", 9, "Acme", M("Silicone", "Silicone"), "0.05", false),
  item("LP-ULTRA", "Ultrabook 13", "Ultrabook 13", 0, "el-laptops", 497, "Globex", ALUMINIUM, "1.3", false),
  item("AU-HEADPHONES", "Wireless Headphones", "Casque sans fil", 0, "el-audio", 150, "Initech", PLASTIC, "0.3", false),
  item("AU-SPEAKER", "Bluetooth Speaker", "Enceinte Bluetooth", 1, "el-audio", 80, "Umbrella", PLASTIC, "0.6", false),
  item("CM-ACTION", "Action Camera", "Caméra d'action", 1, "el-cameras", 299, "Stark", PLASTIC, "0.15", false),
];

/** Stock exceptions by simple-product index: sold out, and a last unit for oversell tests. */
const SOLD_OUT = new Set([5, 23]);
const LAST_UNIT = 10;

function describe(name: Translated, brand: string, material: Translated) {
  return {
    shortDescription: { en: `${name.en} by ${brand}.`, fr: `${name.fr} par ${brand}.` },
    description: {
      en: `<p>${name.en} from ${brand}, made of ${material.en.toLowerCase()}. Part of the demo catalog.</p>`,
      fr: `<p>${name.fr} de ${brand}, en ${material.fr.toLowerCase()}. Produit du catalogue de démonstration.</p>`,
    },
  };
}

function flags(g: number) {
  return { isNew: g % 3 === 0, featured: g % 4 === 1, ageHours: (g + 1) * 13 };
}

function simpleProducts(): ProductSeed[] {
  return ITEMS.flatMap((it, i) =>
    [0, 1].map((v): ProductSeed => {
      const g = i * 2 + v;
      const color = COLORS[(2 * i + v) % COLORS.length];
      const name = { en: `${color.label.en} ${it.en}`, fr: `${it.fr} ${COLOR_FR[color.adminName][it.gender]}` };
      const priceCents = (it.price + v * 3) * 100;
      return {
        sku: `${it.sku}-${color.adminName.toUpperCase()}`,
        type: "simple",
        visible: true,
        name,
        urlKey: { en: slugify(name.en), fr: slugify(name.fr) },
        ...describe(name, it.brand, it.material),
        priceCents,
        specialPriceCents: g % 5 === 2 ? Math.round((priceCents * 8) / 10) : undefined,
        specialWindow: g % 10 === 7,
        weight: it.weight,
        ...flags(g),
        categories: [it.category],
        color: color.adminName,
        size: it.apparel ? SIZES[g % SIZES.length] : undefined,
        brand: it.brand,
        material: it.material,
        inB2b: g % 8 === 0,
        stock: SOLD_OUT.has(g) ? 0 : g === LAST_UNIT ? 1 : 100,
      };
    }),
  );
}

interface ConfigurableSeed {
  sku: string;
  name: Translated;
  categories: string[];
  price: number;
  colors: ColorName[];
  sizes: SizeName[];
  brand: BrandName;
  material: Translated;
  inB2b: boolean;
}

const CONFIGURABLES: ConfigurableSeed[] = [
  {
    sku: "CFG-TSHIRT", name: M("Classic T-Shirt", "T-shirt classique"), categories: ["men-tshirts"], price: 25,
    colors: ["Red", "Blue", "Black"], sizes: ["S", "M", "L", "XL"], brand: "Acme", material: COTTON, inB2b: true,
  },
  {
    sku: "CFG-DRESS", name: M("Summer Dress", "Robe d'été"), categories: ["women-dresses"], price: 79,
    colors: ["Blue", "White"], sizes: ["S", "M", "L"], brand: "Umbrella", material: M("Linen", "Lin"), inB2b: false,
  },
  {
    sku: "CFG-HOODIE", name: M("Kids Hoodie", "Sweat à capuche enfant"), categories: ["kids-boys", "kids-girls"],
    price: 35, colors: ["Red", "Green", "Blue"], sizes: ["S", "M", "L"], brand: "Globex", material: COTTON,
    inB2b: false,
  },
  {
    sku: "CFG-SNEAKER", name: M("Running Sneakers", "Baskets de course"), categories: ["men-shoes", "women-shoes"],
    price: 110, colors: ["Black", "White"], sizes: ["S", "M", "L", "XL"], brand: "Stark",
    material: M("Mesh", "Maille filet"), inB2b: false,
  },
  {
    // The family's examples look this one up by its sku.
    sku: "COASTALBREEZEMENSHOODIE", name: M("Coastal Breeze Men's Zipper Hoodie", "Sweat zippé homme Coastal Breeze"),
    categories: ["men-shirts"], price: 100, colors: ["Blue", "Black"], sizes: ["M", "L", "XL"], brand: "Umbrella",
    material: COTTON, inB2b: false,
  },
];

/** The variant that is sold out, so a configurable shows partial stock. */
const SOLD_OUT_VARIANT = "CFG-TSHIRT-BLACK-XL";

function configurableProducts(start: number): ProductSeed[] {
  return CONFIGURABLES.flatMap((c, i): ProductSeed[] => {
    const g = start + i;
    const parent: ProductSeed = {
      sku: c.sku,
      type: "configurable",
      visible: true,
      name: c.name,
      urlKey: { en: slugify(c.name.en), fr: slugify(c.name.fr) },
      ...describe(c.name, c.brand, c.material),
      priceCents: c.price * 100,
      ...flags(g),
      categories: c.categories,
      brand: c.brand,
      material: c.material,
      superAttributes: true,
      inB2b: c.inB2b,
      stock: null,
    };
    const variants = c.colors.flatMap((colorName) =>
      c.sizes.map((size): ProductSeed => {
        const color = COLORS.find((x) => x.adminName === colorName)!;
        const name = {
          en: `${c.name.en} - ${color.label.en} / ${size}`,
          fr: `${c.name.fr} - ${color.label.fr} / ${size}`,
        };
        const sku = `${c.sku}-${colorName.toUpperCase()}-${size}`;
        return {
          sku,
          type: "simple",
          parentSku: c.sku,
          visible: false,
          name,
          urlKey: { en: slugify(name.en), fr: slugify(name.fr) },
          ...describe(name, c.brand, c.material),
          priceCents: (c.price + (size === "XL" ? 2 : 0)) * 100,
          weight: "0.4",
          isNew: false,
          featured: false,
          ageHours: parent.ageHours,
          categories: [],
          color: colorName,
          size,
          brand: c.brand,
          material: c.material,
          inB2b: c.inB2b,
          stock: sku === SOLD_OUT_VARIANT ? 0 : 100,
        };
      }),
    );
    return [parent, ...variants];
  });
}

const VIRTUALS: [sku: string, name: Translated, price: number][] = [
  ["VIRT-GIFTWRAP", M("Gift Wrapping", "Emballage cadeau"), 5],
  ["VIRT-WARRANTY", M("Extended Warranty (2 years)", "Extension de garantie (2 ans)"), 49],
  ["VIRT-STYLING", M("Online Styling Session", "Séance de stylisme en ligne"), 35],
];

const DOWNLOADABLES: [sku: string, name: Translated, price: number, category: string, links: LinkSeed[]][] = [
  [
    "DL-TS-HANDBOOK", M("TypeScript Handbook (E-book)", "Manuel TypeScript (livre numérique)"), 29, "dg-ebooks",
    [
      { title: "PDF edition", type: "file", filePath: "downloadable/dl-ts-handbook/handbook.pdf", priceCents: 0, downloads: 5 },
      { title: "EPUB edition", type: "file", filePath: "downloadable/dl-ts-handbook/handbook.epub", priceCents: 0, downloads: 0 },
    ],
  ],
  [
    "DL-PHOTO-EDITOR", M("Photo Editor Pro", "Éditeur photo Pro"), 79, "dg-software",
    [{ title: "Installer", type: "url", url: "https://downloads.example.com/photo-editor-pro/installer.zip", priceCents: 0, downloads: 3 }],
  ],
  [
    "DL-JAZZ", M("Jazz Classics Album", "Album Classiques du jazz"), 12, "dg-music",
    [
      { title: "MP3 (320 kbps)", type: "file", filePath: "downloadable/dl-jazz/album-mp3.zip", priceCents: 0, downloads: 0 },
      { title: "FLAC (lossless)", type: "file", filePath: "downloadable/dl-jazz/album-flac.zip", priceCents: 300, downloads: 0 },
    ],
  ],
];

function digitalProducts(start: number): ProductSeed[] {
  const digital = M("Digital", "Numérique");
  const virtuals = VIRTUALS.map(([sku, name, price], i): ProductSeed => ({
    sku,
    type: "virtual",
    visible: true,
    name,
    urlKey: { en: slugify(name.en), fr: slugify(name.fr) },
    ...describe(name, "Acme", digital),
    priceCents: price * 100,
    ...flags(start + i),
    categories: ["dg-services"],
    brand: "Acme",
    material: digital,
    inB2b: false,
    stock: 100,
  }));
  const downloadables = DOWNLOADABLES.map(([sku, name, price, category, links], i): ProductSeed => ({
    sku,
    type: "downloadable",
    visible: true,
    name,
    urlKey: { en: slugify(name.en), fr: slugify(name.fr) },
    ...describe(name, BRANDS[i], digital),
    priceCents: price * 100,
    ...flags(start + VIRTUALS.length + i),
    categories: [category],
    brand: BRANDS[i],
    material: digital,
    inB2b: false,
    stock: 100,
    links,
  }));
  return [...virtuals, ...downloadables];
}

/**
 * A grouped outfit (three simple products sold as separate lines) and a bundle (a phone with optional protection
 * and audio). Appended after every other product (and written after the variants), so no other id moves; old
 * enough not to lead the newest-first listing. They keep no stock: their products' is theirs.
 */
function compositeProducts(simple: ProductSeed[]): ProductSeed[] {
  const sku = (prefix: string, v: 0 | 1) => simple.filter((p) => p.sku.startsWith(`${prefix}-`))[v].sku;
  const base = (code: string, type: "grouped" | "bundle", name: Translated, category: string, brand: BrandName, material: Translated, priceCents: number): ProductSeed => ({
    sku: code, type, visible: true, name, urlKey: { en: slugify(name.en), fr: slugify(name.fr) }, ...describe(name, brand, material),
    priceCents, isNew: false, featured: false, ageHours: 24 * 400, categories: [category], brand, material, inB2b: false, stock: null,
  });
  const outfit: ProductSeed = {
    ...base("GRP-CASUAL-OUTFIT", "grouped", M("Casual Outfit Set", "Tenue décontractée"), "men-tshirts", "Acme", COTTON, 0),
    grouped: [{ sku: sku("TS-COTTON", 0), qty: 1 }, { sku: sku("JN-SLIM", 0), qty: 1 }, { sku: sku("SHM-CANVAS", 0), qty: 1 }],
  };
  const kit: ProductSeed = {
    ...base("BND-PHONE-STARTER", "bundle", M("Phone Starter Kit", "Kit de démarrage téléphone"), "el-phones", "Stark", ALUMINIUM, 0),
    bundle: [
      {
        label: M("Phone", "Téléphone"), type: "radio", isRequired: true,
        products: [{ sku: sku("PH-SMART", 0), qty: 1, isDefault: true }, { sku: sku("PH-SMART", 1), qty: 1 }],
      },
      {
        label: M("Protection", "Protection"), type: "checkbox", isRequired: false,
        products: [{ sku: sku("PH-CASE", 0), qty: 1, isUserDefined: true }, { sku: "VIRT-WARRANTY", qty: 1 }],
      },
      {
        label: M("Audio", "Audio"), type: "multiselect", isRequired: false,
        products: [{ sku: sku("AU-HEADPHONES", 0), qty: 1 }, { sku: sku("AU-SPEAKER", 0), qty: 1 }],
      },
    ],
  };
  return [outfit, kit];
}

export function demoProducts(): ProductSeed[] {
  const simple = simpleProducts();
  const configurable = configurableProducts(simple.length);
  return [...simple, ...configurable, ...digitalProducts(simple.length + CONFIGURABLES.length), ...compositeProducts(simple)];
}

/** SKUs tests and docs can rely on. */
export const DEMO_SKUS = {
  soldOut: [...SOLD_OUT].map((g) => `${ITEMS[g >> 1].sku}-${COLORS[g % COLORS.length].adminName.toUpperCase()}`),
  lastUnit: `${ITEMS[LAST_UNIT >> 1].sku}-${COLORS[LAST_UNIT % COLORS.length].adminName.toUpperCase()}`,
  soldOutVariant: SOLD_OUT_VARIANT,
  configurable: CONFIGURABLES.map((c) => c.sku),
  virtual: VIRTUALS.map(([sku]) => sku),
  downloadable: DOWNLOADABLES.map(([sku]) => sku),
  grouped: "GRP-CASUAL-OUTFIT",
  bundle: "BND-PHONE-STARTER",
} as const;
