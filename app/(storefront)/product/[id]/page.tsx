import { ProductPage } from "@/lib/ui/storefront/product";

export default async function Product({ params }: { params: Promise<{ id: string }> }) {
  return <ProductPage id={(await params).id} />;
}
