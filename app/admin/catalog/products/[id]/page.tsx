import { EditProduct } from "@/lib/ui/admin/catalog/product-edit";

export default function EditProductPage() {
  return <EditProduct />;
}
