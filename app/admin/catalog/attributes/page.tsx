import { Attributes } from "@/lib/ui/admin/catalog/attributes";

export default function AttributesPage() {
  return <Attributes />;
}
