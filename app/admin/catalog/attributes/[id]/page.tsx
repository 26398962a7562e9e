import { EditAttribute } from "@/lib/ui/admin/catalog/attributes";

export default function EditAttributePage() {
  return <EditAttribute />;
}
