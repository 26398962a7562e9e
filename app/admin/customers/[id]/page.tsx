import { CustomerDetail } from "@/lib/ui/admin/customers/customer-detail";

export default function CustomerPage() {
  return <CustomerDetail />;
}
