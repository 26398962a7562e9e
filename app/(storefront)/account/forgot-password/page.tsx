import { Suspense } from "react";
import { ForgotPasswordPage } from "@/lib/ui/storefront/password-reset";

export const metadata = { title: "Forgot your password? · Demo Store" };

export default function ForgotPassword() {
  return <Suspense><ForgotPasswordPage /></Suspense>;
}
