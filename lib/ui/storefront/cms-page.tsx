"use client";
// A CMS page of the shop: its title and its HTML, which the store cleaned when an admin saved it (lib/cms/sanitize.ts)
// and shows as it is. The admin panel's page editor previews a page with the same article.
import { useQuery } from "@tanstack/react-query";
import { useShop } from "./client";
import { Empty, ErrorMessage, Loading } from "./ui";

interface ShopCmsPage {
  id: number;
  urlKey: string;
  pageTitle: string;
  htmlContent: string;
}

/** A page's article; `html` is the store's cleaned HTML (no scripts, no event attributes, safe URLs only). */
export function CmsArticle({ title, html }: { title: string; html: string }) {
  return (
    <article className="sf-cms-page">
      <h1>{title}</h1>
      <div className="sf-cms-content" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export function CmsPageView({ slug }: { slug: string }) {
  const shop = useShop();
  const page = useQuery({ queryKey: ["cms-page", slug], queryFn: () => shop.list<ShopCmsPage>("pages", { url_key: slug, per_page: 1 }) });
  if (page.isPending) return <Loading what="the page" />;
  if (page.isError) return <ErrorMessage error={page.error} />;
  const found = page.data.items[0];
  if (!found) return <Empty>There is no page at this address.</Empty>;
  return <CmsArticle title={found.pageTitle} html={found.htmlContent} />;
}
