import { z } from "zod";

export const CmsPageTranslation = z
  .object({
    id: z.int(),
    cmsPageId: z.int(),
    locale: z.string(),
    urlKey: z.string(),
    pageTitle: z.string(),
    htmlContent: z.string(),
    metaTitle: z.string().nullable(),
    metaDescription: z.string().nullable(),
    metaKeywords: z.string().nullable(),
  })
  .meta({ id: "CmsPageTranslation" });

export const CmsPage = z
  .object({
    id: z.int(),
    layout: z.string().nullable(),
    urlKey: z.string(),
    pageTitle: z.string(),
    htmlContent: z.string(),
    metaTitle: z.string().nullable(),
    metaDescription: z.string().nullable(),
    metaKeywords: z.string().nullable(),
    translation: CmsPageTranslation,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "CmsPage", iri: "/api/shop/pages" });
