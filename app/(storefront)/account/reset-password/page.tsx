import { Suspense } from "react";
import { ResetPasswordPage } from "@/lib/ui/storefront/password-reset";

export const metadata = { title: "Reset your password · Demo Store" };

export default function ResetPassword() {
  return <Suspense><ResetPasswordPage /></Suspense>;
}
