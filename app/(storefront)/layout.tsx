import type { ReactNode } from "react";
import { ShopShell } from "@/lib/ui/storefront/shell";
import { storefrontKey } from "@/lib/ui/storefront/storefront-key";

// The key is looked up per request (it can be rotated), so nothing here is prerendered at build time.
export const dynamic = "force-dynamic";
export const metadata = { title: "Demo Store" };

export default async function StorefrontLayout({ children }: { children: ReactNode }) {
  return <ShopShell storefrontKey={await storefrontKey()}>{children}</ShopShell>;
}
