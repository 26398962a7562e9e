import { Suspense } from "react";
import { GuestOrderPage } from "@/lib/ui/storefront/account";

export const metadata = { title: "Your order · Demo Store" };

export default function GuestOrder() {
  return <Suspense><GuestOrderPage /></Suspense>;
}
