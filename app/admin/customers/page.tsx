import { CustomersList } from "@/lib/ui/admin/customers/customers-list";

export default function CustomersPage() {
  return <CustomersList />;
}
