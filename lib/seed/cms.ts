// CMS pages of the demo store, in en and fr, shown on the default channel.
import type { Translated, Tx } from "./support.ts";

interface PageSeed {
  layout: string;
  urlKey: Translated;
  title: Translated;
  body: Translated;
}

const PAGES: PageSeed[] = [
  {
    layout: "one-column",
    urlKey: { en: "about-us", fr: "a-propos" },
    title: { en: "About Us", fr: "À propos" },
    body: {
      en: "<h1>About Us</h1><p>We are a demo store selling clothes, accessories and electronics.</p>",
      fr: "<h1>À propos</h1><p>Nous sommes une boutique de démonstration : vêtements, accessoires et électronique.</p>",
    },
  },
  {
    layout: "one-column",
    urlKey: { en: "privacy-policy", fr: "politique-de-confidentialite" },
    title: { en: "Privacy Policy", fr: "Politique de confidentialité" },
    body: {
      en: "<h1>Privacy Policy</h1><p>We only keep the data needed to process your orders.</p>",
      fr: "<h1>Politique de confidentialité</h1><p>Nous ne conservons que les données nécessaires à vos commandes.</p>",
    },
  },
  {
    layout: "one-column",
    urlKey: { en: "terms", fr: "conditions-generales" },
    title: { en: "Terms & Conditions", fr: "Conditions générales" },
    body: {
      en: "<h1>Terms &amp; Conditions</h1><p>Orders are subject to availability. Returns are accepted within 30 days.</p>",
      fr: "<h1>Conditions générales</h1><p>Commandes sous réserve de disponibilité. Retours acceptés sous 30 jours.</p>",
    },
  },
  {
    layout: "one-column",
    urlKey: { en: "contact", fr: "contact" },
    title: { en: "Contact Us", fr: "Contactez-nous" },
    body: {
      en: "<h1>Contact Us</h1><p>Write to support@example.com or use the contact form.</p>",
      fr: "<h1>Contactez-nous</h1><p>Écrivez à support@example.com ou utilisez le formulaire de contact.</p>",
    },
  },
];

export async function seedCmsPages(tx: Tx, channelId: number): Promise<number> {
  for (const page of PAGES) {
    await tx.cmsPage.create({
      data: {
        layout: page.layout,
        channels: { create: { channelId } },
        translations: {
          create: (["en", "fr"] as const).map((locale) => ({
            locale,
            urlKey: page.urlKey[locale],
            pageTitle: page.title[locale],
            htmlContent: page.body[locale],
            metaTitle: page.title[locale],
            metaDescription: page.title[locale],
            metaKeywords: page.urlKey[locale].replace(/-/g, ", "),
          })),
        },
      },
    });
  }
  return PAGES.length;
}
