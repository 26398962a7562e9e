import { AdminUsers } from "@/lib/ui/admin/settings/users";

export default function AdminUsersPage() {
  return <AdminUsers />;
}
