import { NewProduct } from "@/lib/ui/admin/catalog/product-edit";

export default function NewProductPage() {
  return <NewProduct />;
}
