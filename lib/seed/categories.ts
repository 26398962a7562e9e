// The demo category tree: Root (id 1 on a fresh database) > departments > sub-categories, in en and fr,
// plus one inactive department.
import { drawCategoryPictures } from "./images.ts";
import { type Translated, type Tx } from "./support.ts";

interface CategoryNode {
  key: string;
  name: Translated;
  slug: Translated;
  status?: number;
  children?: CategoryNode[];
}

const node = (key: string, en: string, fr: string, slugEn: string, slugFr: string, children?: CategoryNode[]) =>
  ({ key, name: { en, fr }, slug: { en: slugEn, fr: slugFr }, children }) satisfies CategoryNode;

export const CATEGORY_TREE: CategoryNode[] = [
  node("men", "Men", "Hommes", "men", "hommes", [
    node("men-shirts", "Shirts", "Chemises", "shirts", "chemises"),
    node("men-tshirts", "T-Shirts", "T-shirts", "t-shirts", "t-shirts"),
    node("men-jeans", "Jeans", "Jeans", "jeans", "jeans"),
    node("men-shoes", "Men's Shoes", "Chaussures homme", "mens-shoes", "chaussures-homme"),
  ]),
  node("women", "Women", "Femmes", "women", "femmes", [
    node("women-dresses", "Dresses", "Robes", "dresses", "robes"),
    node("women-tops", "Tops", "Hauts", "tops", "hauts"),
    node("women-skirts", "Skirts", "Jupes", "skirts", "jupes"),
    node("women-shoes", "Women's Shoes", "Chaussures femme", "womens-shoes", "chaussures-femme"),
  ]),
  node("kids", "Kids", "Enfants", "kids", "enfants", [
    node("kids-boys", "Boys", "Garçons", "boys", "garcons"),
    node("kids-girls", "Girls", "Filles", "girls", "filles"),
    node("kids-baby", "Baby", "Bébé", "baby", "bebe"),
  ]),
  node("accessories", "Accessories", "Accessoires", "accessories", "accessoires", [
    node("acc-bags", "Bags", "Sacs", "bags", "sacs"),
    node("acc-watches", "Watches", "Montres", "watches", "montres"),
    node("acc-jewelry", "Jewelry", "Bijoux", "jewelry", "bijoux"),
    node("acc-hats", "Hats", "Chapeaux", "hats", "chapeaux"),
  ]),
  node("electronics", "Electronics", "Électronique", "electronics", "electronique", [
    node("el-phones", "Phones", "Téléphones", "phones", "telephones"),
    node("el-laptops", "Laptops", "Ordinateurs portables", "laptops", "ordinateurs-portables"),
    node("el-audio", "Audio", "Audio", "audio", "audio"),
    node("el-cameras", "Cameras", "Appareils photo", "cameras", "appareils-photo"),
  ]),
  node("digital", "Digital", "Numérique", "digital", "numerique", [
    node("dg-ebooks", "E-books", "Livres numériques", "e-books", "livres-numeriques"),
    node("dg-software", "Software", "Logiciels", "software", "logiciels"),
    node("dg-music", "Music", "Musique", "music", "musique"),
    node("dg-services", "Services", "Services", "services", "services"),
  ]),
  { ...node("clearance", "Clearance", "Déstockage", "clearance", "destockage"), status: 0 },
];

/** Creates the tree depth-first; returns ids by key ("root" for the root). */
export async function seedCategories(tx: Tx): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const root = await tx.category.create({
    data: {
      position: 0,
      status: 1,
      displayMode: "products_and_description",
      translations: {
        create: [
          { locale: "en", name: "Root", slug: "root", urlPath: "", description: "Root category" },
          { locale: "fr", name: "Racine", slug: "racine", urlPath: "", description: "Catégorie racine" },
        ],
      },
    },
  });
  ids.set("root", root.id);

  async function create(nodes: CategoryNode[], parentId: number, parentPath: Translated | null): Promise<void> {
    for (const [position, n] of nodes.entries()) {
      const urlPath = {
        en: parentPath ? `${parentPath.en}/${n.slug.en}` : n.slug.en,
        fr: parentPath ? `${parentPath.fr}/${n.slug.fr}` : n.slug.fr,
      };
      const created = await tx.category.create({
        data: {
          parentId,
          position: position + 1,
          status: n.status ?? 1,
          displayMode: "products_and_description",
          translations: {
            create: (["en", "fr"] as const).map((locale) => ({
              locale,
              name: n.name[locale],
              slug: n.slug[locale],
              urlPath: urlPath[locale],
              description: locale === "en" ? `Shop ${n.name.en.toLowerCase()}.` : `Découvrez : ${n.name.fr}.`,
              metaTitle: n.name[locale],
            })),
          },
        },
      });
      ids.set(n.key, created.id);
      await tx.category.update({ where: { id: created.id }, data: await drawCategoryPictures(created.id, n.key) });
      if (n.children) await create(n.children, created.id, urlPath);
    }
  }
  await create(CATEGORY_TREE, root.id, null);
  return ids;
}

/** The department a sub-category belongs to. */
export function departmentOf(key: string): string | undefined {
  return CATEGORY_TREE.find((d) => d.children?.some((c) => c.key === key))?.key;
}
