import { NewAttribute } from "@/lib/ui/admin/catalog/attributes";

export default function NewAttributePage() {
  return <NewAttribute />;
}
