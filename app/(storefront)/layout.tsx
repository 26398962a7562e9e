import type { ReactNode } from "react";
import { ShopShell } from "@/lib/ui/storefront/shell";
import { storefrontAccess } from "@/lib/ui/storefront/storefront-key";

// The key is looked up per request (it can be rotated or switched off), so nothing here is prerendered at build time.
export const dynamic = "force-dynamic";
export const metadata = { title: "Demo Store" };

export default async function StorefrontLayout({ children }: { children: ReactNode }) {
  const access = await storefrontAccess();
  if (!access.on) {
    return (
      <main data-testid="storefront-off" style={{ fontFamily: "system-ui, sans-serif", maxWidth: 520, margin: "15vh auto", padding: 24 }}>
        <h1>This storefront is switched off</h1>
        <p>{access.reason} The store&apos;s APIs are not affected.</p>
      </main>
    );
  }
  return <ShopShell storefrontKey={access.key}>{children}</ShopShell>;
}
