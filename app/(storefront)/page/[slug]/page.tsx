import { permanentRedirect, redirect } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { pagePath, storefrontRedirect } from "@/lib/cms/redirects";
import { CmsPageView } from "@/lib/ui/storefront/cms-page";

// A retired slug (the redirect an admin's slug change left, lib/cms/redirects.ts) or an address an owner redirects is
// answered by proxy.ts with the record's own status (301 or 302) before this page renders. Only requests the proxy
// does not see reach the redirect below (a client-side prefetch): Next can only say 308 or 307 from a page, the same
// permanence. It reads the table the proxy holds, so showing a live page costs no query.
export default async function CmsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const moved = await storefrontRedirect(await getDb(), pagePath(encodeURIComponent(slug)));
  if (moved) {
    if (moved.status === 301 || moved.status === 308) permanentRedirect(moved.location);
    redirect(moved.location);
  }
  return <CmsPageView slug={slug} />;
}
