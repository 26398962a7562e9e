// Product attributes: color and size (filterable, configurable), brand (filterable), material (free text).
import type { Translated, Tx } from "./support.ts";

interface OptionSeed {
  adminName: string;
  label: Translated;
  swatchValue?: string;
}

export const COLORS = [
  { adminName: "Red", label: { en: "Red", fr: "Rouge" }, swatchValue: "#E53935" },
  { adminName: "Green", label: { en: "Green", fr: "Vert" }, swatchValue: "#43A047" },
  { adminName: "Blue", label: { en: "Blue", fr: "Bleu" }, swatchValue: "#1E88E5" },
  { adminName: "Black", label: { en: "Black", fr: "Noir" }, swatchValue: "#000000" },
  { adminName: "White", label: { en: "White", fr: "Blanc" }, swatchValue: "#FFFFFF" },
] as const satisfies OptionSeed[];

export const SIZES = ["S", "M", "L", "XL"] as const;

export const BRANDS = ["Acme", "Globex", "Initech", "Umbrella", "Stark"] as const;

export type ColorName = (typeof COLORS)[number]["adminName"];
export type SizeName = (typeof SIZES)[number];
export type BrandName = (typeof BRANDS)[number];

interface AttributeSeed {
  code: string;
  adminName: string;
  name: Translated;
  type: string;
  isFilterable: number;
  isConfigurable: boolean;
  valuePerLocale?: boolean;
  swatchType?: string;
  options: OptionSeed[];
}

const ATTRIBUTES: AttributeSeed[] = [
  {
    code: "color",
    adminName: "Color",
    name: { en: "Color", fr: "Couleur" },
    type: "select",
    isFilterable: 1,
    isConfigurable: true,
    swatchType: "color",
    options: [...COLORS],
  },
  {
    code: "size",
    adminName: "Size",
    name: { en: "Size", fr: "Taille" },
    type: "select",
    isFilterable: 1,
    isConfigurable: true,
    swatchType: "text",
    options: SIZES.map((s) => ({ adminName: s, label: { en: s, fr: s } })),
  },
  {
    code: "brand",
    adminName: "Brand",
    name: { en: "Brand", fr: "Marque" },
    type: "select",
    isFilterable: 1,
    isConfigurable: false,
    options: BRANDS.map((b) => ({ adminName: b, label: { en: b, fr: b } })),
  },
  {
    code: "material",
    adminName: "Material",
    name: { en: "Material", fr: "Matière" },
    type: "text",
    isFilterable: 0,
    isConfigurable: false,
    valuePerLocale: true,
    options: [],
  },
];

export interface AttributeRefs {
  attributeIds: Record<"color" | "size" | "brand" | "material", number>;
  /** Option id by attribute code and option admin name. */
  optionId: (code: "color" | "size" | "brand", adminName: string) => number;
  options: number;
}

/**
 * The family numbers a store's own attributes after its 22 system ones (sku, name, price and the like), so its
 * clients and examples know color as attribute 23. Ours start there too; ids below stay free. Explicit ids leave
 * PostgreSQL's id sequence behind: the seed moves it past them once its transaction has committed (./index.ts).
 */
const FIRST_ATTRIBUTE_ID = 23;

export async function seedAttributes(tx: Tx): Promise<AttributeRefs> {
  const attributeIds = {} as AttributeRefs["attributeIds"];
  const optionIds = new Map<string, number>();
  let options = 0;
  for (const [position, a] of ATTRIBUTES.entries()) {
    const created = await tx.attribute.create({
      data: {
        id: FIRST_ATTRIBUTE_ID + position,
        code: a.code,
        adminName: a.adminName,
        type: a.type,
        position: position + 1,
        isFilterable: a.isFilterable,
        isConfigurable: a.isConfigurable,
        isVisibleOnFront: true,
        isComparable: a.isFilterable === 1,
        valuePerLocale: a.valuePerLocale ?? false,
        swatchType: a.swatchType ?? null,
        translations: { create: [{ locale: "en", name: a.name.en }, { locale: "fr", name: a.name.fr }] },
        options: {
          create: a.options.map((o, i) => ({
            adminName: o.adminName,
            sortOrder: i + 1,
            swatchValue: o.swatchValue ?? null,
            translations: { create: [{ locale: "en", label: o.label.en }, { locale: "fr", label: o.label.fr }] },
          })),
        },
      },
      include: { options: { select: { id: true, adminName: true } } },
    });
    attributeIds[a.code as keyof AttributeRefs["attributeIds"]] = created.id;
    for (const o of created.options) optionIds.set(`${a.code}:${o.adminName}`, o.id);
    options += created.options.length;
  }
  return {
    attributeIds,
    options,
    optionId(code, adminName) {
      const id = optionIds.get(`${code}:${adminName}`);
      if (id === undefined) throw new Error(`seed: no ${code} option ${adminName}`);
      return id;
    },
  };
}
