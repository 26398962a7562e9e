import { Suspense } from "react";
import { AccountPage } from "@/lib/ui/storefront/account";

export const metadata = { title: "Your account · Demo Store" };

export default function Account() {
  return <Suspense><AccountPage /></Suspense>;
}
