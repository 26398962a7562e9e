import { Roles } from "@/lib/ui/admin/settings/roles";

export default function RolesPage() {
  return <Roles />;
}
