// CMS pages of the current channel, in the request locale.
import { z } from "zod";
import { fromListArgs, listArgs } from "../account/shapes.ts";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { recordId } from "../operations/fields.ts";
import { BadRequest } from "../errors.ts";
import { getPage, listPages } from "./pages.ts";
import { CmsPage } from "./shapes.ts";

const shopPublic = { surface: "shop", access: "public" } as const;

const PageFilters = z.object({ urlKey: z.string().trim().min(1).max(255).optional() });

export const pages = operation({
  ...shopPublic,
  name: "pages",
  kind: "query",
  summary: "CMS pages of the channel; `url_key` finds one by slug, following a retired slug's redirect.",
  input: PageFilters,
  output: CmsPage,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/pages"] },
  graphql: { args: listArgs(PageFilters.shape), input: (a) => fromListArgs(a, {}) },
  run: (ctx, input, paging) => listPages(ctx, paging, input),
});

export const page = operation({
  ...shopPublic,
  name: "page",
  kind: "query",
  summary: "One CMS page by id or url key.",
  input: z.object({ id: recordId().optional(), urlKey: z.string().trim().min(1).max(255).optional() }),
  output: CmsPage,
  rest: { method: "GET", paths: ["/api/shop/pages/{id}"] },
  run: (ctx, input) => {
    if (input.id === undefined && !input.urlKey) throw new BadRequest("Give the page's id or urlKey.");
    return getPage(ctx, input);
  },
});

/** WIRE.md spells the url-key lookup this way. */
export const pageByUrlKeypages = operation({
  ...shopPublic,
  name: "pageByUrlKeypages",
  kind: "query",
  summary: "One CMS page by url key.",
  input: z.object({ urlKey: z.string().trim().min(1).max(255) }),
  output: CmsPage,
  graphql: {},
  run: (ctx, input) => getPage(ctx, input),
});
