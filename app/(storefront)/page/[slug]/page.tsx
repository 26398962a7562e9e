import { permanentRedirect } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { followPageRedirect, pagePath } from "@/lib/cms/redirects";
import { resolveScope, storeSettings } from "@/lib/store/settings";
import { CmsPageView } from "@/lib/ui/storefront/cms-page";

// A slug retired in the storefront's locale answers a permanent redirect to the page's address now (the redirect an
// admin's slug change left, lib/cms/redirects.ts), so links and search engines move on; a live slug shows its page.
export default async function CmsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const db = await getDb();
  // The storefront shops in the default channel's default locale (the Shop API's scope without headers).
  const { locale } = resolveScope(await storeSettings(db), {});
  if (!(await db.cmsPageTranslation.count({ where: { urlKey: slug, locale } }))) {
    const target = await followPageRedirect({ db, locale }, slug);
    if (target) permanentRedirect(pagePath(target));
  }
  return <CmsPageView slug={slug} />;
}
