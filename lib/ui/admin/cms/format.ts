// How the CMS screens name a page: by its title and slug in its first locale (the API lists translations by locale).
import type { Schemas } from "../client";

export type CmsPage = Schemas["AdminCmsPage"];

const first = (p: Pick<CmsPage, "translations">) => p.translations[0];

export const pageTitle = (p: Pick<CmsPage, "translations" | "id">) => first(p)?.pageTitle ?? `Page #${p.id}`;
export const pageSlug = (p: Pick<CmsPage, "translations">) => first(p)?.urlKey ?? "";
