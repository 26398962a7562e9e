import { Suspense } from "react";
import { OrderPlaced } from "@/lib/ui/storefront/checkout";

export const metadata = { title: "Order placed · Demo Store" };

export default function CheckoutSuccess() {
  return <Suspense><OrderPlaced /></Suspense>;
}
