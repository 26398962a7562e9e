import { PrivacyRequest } from "@/lib/ui/admin/customers/privacy";

export default function PrivacyRequestPage() {
  return <PrivacyRequest />;
}
