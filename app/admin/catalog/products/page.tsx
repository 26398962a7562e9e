import { ProductsList } from "@/lib/ui/admin/catalog/products-list";

export default function ProductsPage() {
  return <ProductsList />;
}
