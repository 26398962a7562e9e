import { OrderPage } from "@/lib/ui/storefront/account";

export default async function Order({ params }: { params: Promise<{ id: string }> }) {
  return <OrderPage id={(await params).id} />;
}
