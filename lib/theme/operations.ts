// Theme customization reads of the Shop API: what a storefront's home page shows, block by block.
import { z } from "zod";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { recordId } from "../operations/fields.ts";
import { getThemeCustomization, listThemeCustomizations } from "./customizations.ts";

const Translation = z
  .object({
    id: z.int(),
    _id: z.int(),
    themeCustomizationId: z.int(),
    locale: z.string(),
    /** The block's settings in this locale, as JSON text (images and links, HTML, a product filter…). */
    options: z.string(),
  })
  .meta({ id: "ThemeCustomizationTranslation" });

const ThemeCustomization = z
  .object({
    id: z.int(),
    channelId: z.int(),
    themeCode: z.string(),
    /** image_carousel | static_content | category_carousel | product_carousel | footer_links | services_content */
    type: z.string(),
    name: z.string(),
    sortOrder: z.int(),
    status: z.int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    translation: Translation.nullable(),
    translations: z.array(Translation).meta({ connection: true }),
  })
  .meta({ id: "ThemeCustomization", iri: "/api/shop/theme-customizations" });

const shopRead = { surface: "shop", access: "public", kind: "query" } as const;

export const themeCustomizations = operation({
  ...shopRead,
  name: "themeCustomizations",
  summary: "The request channel's shown home-page blocks in display order; `type` narrows to one kind.",
  input: z.object({ type: z.string().trim().min(1).max(64).optional() }),
  output: ThemeCustomization,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/theme-customizations"] },
  run: listThemeCustomizations,
});

export const themeCustomization = operation({
  ...shopRead,
  name: "themeCustomization",
  summary: "One shown home-page block of the request channel.",
  input: z.object({ id: recordId() }),
  output: ThemeCustomization,
  rest: { method: "GET", paths: ["/api/shop/theme-customizations/{id}"] },
  run: (ctx, { id }) => getThemeCustomization(ctx, id),
});
