import { Categories } from "@/lib/ui/admin/catalog/categories";

export default function CategoriesPage() {
  return <Categories />;
}
