import { PrivacyRequests } from "@/lib/ui/admin/customers/privacy";

export default function PrivacyRequestsPage() {
  return <PrivacyRequests />;
}
