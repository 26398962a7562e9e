import { Suspense } from "react";
import { Listing } from "@/lib/ui/storefront/catalog";

export const metadata = { title: "Products · Demo Store" };

export default function ProductsPage() {
  return <Suspense><Listing /></Suspense>;
}
