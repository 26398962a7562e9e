import { Suspense } from "react";
import { Checkout } from "@/lib/ui/storefront/checkout";

export const metadata = { title: "Checkout · Demo Store" };

export default function CheckoutPage() {
  return <Suspense><Checkout /></Suspense>;
}
