import { AdminUsers } from "@/lib/ui/admin/users";

export default function AdminUsersPage() {
  return <AdminUsers />;
}
