// The demo storefront's home page: an image carousel, category and product carousels, static content and footer
// links, each with its settings in English and French.
import type { Tx } from "./support.ts";

type Block = { type: string; name: string; options: Record<"en" | "fr", unknown> };

const blocks = (banner: string, departmentsParentId: number): Block[] => [
  {
    type: "image_carousel",
    name: "Home carousel",
    options: {
      en: { images: [{ title: "The new collection is here", link: "/search?new=1", image: banner }] },
      fr: { images: [{ title: "La nouvelle collection est arrivée", link: "/search?new=1", image: banner }] },
    },
  },
  {
    type: "category_carousel",
    name: "Shop by department",
    options: { en: { title: "Shop by department", filters: { parent_id: departmentsParentId, sort: "asc", limit: 10 } }, fr: { title: "Nos rayons", filters: { parent_id: departmentsParentId, sort: "asc", limit: 10 } } },
  },
  {
    type: "product_carousel",
    name: "New arrivals",
    options: { en: { title: "New arrivals", filters: { new: 1, sort: "created_at-desc", limit: 12 } }, fr: { title: "Nouveautés", filters: { new: 1, sort: "created_at-desc", limit: 12 } } },
  },
  {
    type: "static_content",
    name: "Free shipping banner",
    options: {
      en: { html: "<p>Free shipping on every order over $100.</p>", css: "" },
      fr: { html: "<p>Livraison offerte dès 100 $ d'achat.</p>", css: "" },
    },
  },
  {
    type: "footer_links",
    name: "Footer links",
    options: {
      en: { column_1: [{ title: "About us", url: "/page/about-us", sort_order: 1 }, { title: "Contact us", url: "/contact-us", sort_order: 2 }] },
      fr: { column_1: [{ title: "À propos", url: "/page/about-us", sort_order: 1 }, { title: "Nous contacter", url: "/contact-us", sort_order: 2 }] },
    },
  },
];

/** `bannerCategoryId`: the category whose banner the carousel shows; `rootCategoryId`: the departments' parent. */
export async function seedThemeCustomizations(tx: Tx, channelId: number, bannerCategoryId: number, rootCategoryId: number): Promise<number> {
  const list = blocks(`category/${bannerCategoryId}/banner.png`, rootCategoryId);
  for (const [i, b] of list.entries()) {
    await tx.themeCustomization.create({
      data: {
        channelId,
        type: b.type,
        name: b.name,
        sortOrder: i + 1,
        translations: { create: (["en", "fr"] as const).map((locale) => ({ locale, options: JSON.stringify(b.options[locale]) })) },
      },
    });
  }
  return list.length;
}
