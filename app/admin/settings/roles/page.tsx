import { Roles } from "@/lib/ui/admin/roles";

export default function RolesPage() {
  return <Roles />;
}
